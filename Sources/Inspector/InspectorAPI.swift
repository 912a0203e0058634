import Dispatch
import Foundation
import Frankly
import HTTPCore
import JSON
import NIOCore
import NIOPosix
import Synchronization

/// The inspector's routes: the page's static files, and the JSON API the page drives.
///
/// | route | what |
/// |---|---|
/// | `GET /`, `/inspector.js`, `/inspector.css` | the page, embedded in the binary |
/// | `GET /api/state?after=N` | the tree, change count and busy list; with `after`, once the app changed past N |
/// | `GET /api/screen.png` | the target's screenshot, or the wireframe drawn from the tree |
/// | `POST /api/select {"uid"}` | a view's details and the selectors that select it alone, shortest first |
/// | `POST /api/match {"selector"}` | the uids a selector selects, or the parser's message and column |
/// | `POST /api/act {"uid", "action", "text"?, "direction"?, "value"?}` | runs the action's line; records it |
/// | `GET/POST /api/record {"on"}`, `POST /api/save` | the recording: on or off, the script, saved |
///
/// Work that waits on the target runs off the event loop, on `work`'s threads; actions run one at a time, in
/// order, on the scripting session.
struct InspectorAPI: HTTPResponder {
    let watcher: TargetWatcher
    let scripting: any InspectorScripting
    let recorder: ScriptRecorder
    /// Actions, one at a time: the Lua session is not shared between threads.
    let actions = DispatchQueue(label: "fscript.inspector.actions")

    /// What a route runs: the API, the request, and the loop its answer completes on.
    typealias Handler = @Sendable (InspectorAPI, HTTPRequest, any EventLoop) -> EventLoopFuture<HTTPResponse>

    /// The page's routes, built once. Paths are exact, as the page asks for them; anything else is a 404.
    static let router: Router<Handler> = {
        var router = Router<Handler>(paths: .exact)
        addPageRoutes(to: &router)
        addViewRoutes(to: &router)
        addRecordingRoutes(to: &router)
        return router
    }()

    func respond(to request: HTTPRequest, on eventLoop: any EventLoop) -> EventLoopFuture<HTTPResponse> {
        guard let match = Self.router.route(method: request.method, path: request.path).match else {
            return eventLoop.makeSucceededFuture(.text("not found: \(request.method) \(request.path)\n", status: 404))
        }
        return match.handler(self, request, eventLoop)
    }

    /// The page, its script and style, its state and its picture.
    private static func addPageRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/") { api, _, loop in api.offload(on: loop) { api.page() } }
        router.add("GET", "/index.html") { api, _, loop in api.offload(on: loop) { api.page() } }
        router.add("GET", "/inspector.js") { _, _, loop in
            loop.makeSucceededFuture(asset(PackageResources.inspector_js, "text/javascript; charset=utf-8"))
        }
        router.add("GET", "/inspector.css") { _, _, loop in
            loop.makeSucceededFuture(asset(PackageResources.inspector_css, "text/css; charset=utf-8"))
        }
        router.add("GET", "/api/state") { api, request, loop in
            let after = request.queryItems.first { $0.name == "after" }.flatMap { UInt64($0.value) }
            return api.offload(on: loop) { try api.state(after: after) }
        }
        router.add("GET", "/api/screen.png") { api, _, loop in
            api.offload(on: loop) {
                HTTPResponse(status: 200, headers: [("Content-Type", "image/png"), ("Cache-Control", "no-store")],
                             body: try api.watcher.picture())
            }
        }
    }

    /// Selecting a view, matching a selector, acting on a view (one action at a time, in order).
    private static func addViewRoutes(to router: inout Router<Handler>) {
        router.add("POST", "/api/select") { api, request, loop in
            api.offload(on: loop) { try api.select(try body(request)) }
        }
        router.add("POST", "/api/match") { api, request, loop in
            api.offload(on: loop) { try api.match(try body(request)) }
        }
        router.add("POST", "/api/act") { api, request, loop in
            let promise = loop.makePromise(of: HTTPResponse.self)
            api.actions.async { promise.succeed(answer { try api.act(try body(request)) }) }
            return promise.futureResult
        }
    }

    /// The recording: read, switched on or off, saved.
    private static func addRecordingRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/api/record") { api, _, loop in loop.makeSucceededFuture(api.recording()) }
        router.add("POST", "/api/record") { api, request, loop in
            loop.makeSucceededFuture(answer {
                guard case .bool(let on)? = try body(request)["on"] else { throw APIError("give {\"on\": true|false}") }
                api.recorder.set(on: on)
                return api.recording()
            })
        }
        router.add("POST", "/api/save") { api, _, loop in
            if let problem = api.recorder.save() {
                return loop.makeSucceededFuture(json(["error": .string(problem)], status: 400))
            }
            return loop.makeSucceededFuture(json(["saved": .string(api.recorder.path ?? "")]))
        }
    }

    // MARK: Routes

    /// The page with the target's state now written into it: the script paints the picture and the views before
    /// the page's load event, so the first paint (and a headless browser's screenshot, taken at that event) shows
    /// the app, and only then follows changes. A target that does not answer leaves the state out; the page then
    /// asks for it as it follows.
    private func page() -> HTTPResponse {
        var html = String(decoding: PackageResources.index_html, as: UTF8.self)
        if let snapshot = try? watcher.current() {
            // `<` escaped keeps a `</script>` in a label from ending the element; JSON.parse reads it back.
            let json = JSONValue.object(stateMembers(snapshot)).jsonString
            let text = json.replacingOccurrences(of: "<", with: "\\u003c")
            html = html.replacingOccurrences(of: Self.initialState("null"), with: Self.initialState(text))
        }
        return Self.asset(Array(html.utf8), "text/html; charset=utf-8")
    }

    /// The element of index.html that carries the state the page starts from (`null` there: none).
    private static func initialState(_ json: String) -> String {
        #"<script id="initial-state" type="application/json">"# + json + "</script>"
    }

    /// The most page waits for a change parked at once. Each holds a thread for up to `TargetWatcher.longestWait`;
    /// 70 of them took every thread the API runs on, so `/api/state` and the actions timed out. Past the limit a
    /// wait answers at once with the state as it is, and the page asks again.
    static let parkedWaitsAtMost = 16
    private static let parkedWaits = Mutex(0)

    /// Where work that waits on the target runs: threads started up front, 8 more than parked waits may hold, so
    /// a state, a picture or an action always finds one free. (Dispatch's global queue on Linux adds a thread
    /// about once a second while its threads block, so even 16 parked waits held `/api/state` for seconds.)
    static let work: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: parkedWaitsAtMost + 8)
        pool.start()
        return pool
    }()

    private func state(after: UInt64?) throws -> HTTPResponse {
        let parks = after != nil && Self.parkedWaits.withLock { count in
            guard count < Self.parkedWaitsAtMost else { return false }
            count += 1
            return true
        }
        defer { if parks { Self.parkedWaits.withLock { $0 -= 1 } } }
        return Self.json(stateMembers(try watcher.snapshot(after: parks ? after : nil)))
    }

    /// What `/api/state` answers, and what the page starts from.
    private func stateMembers(_ snapshot: TargetWatcher.Snapshot) -> [String: JSONValue] {
        [
            "change": .integer(Int64(snapshot.change)), "tree": snapshot.tree,
            "busy": .array(snapshot.busy.map { .string($0) }), "recording": .bool(recorder.isOn),
            "script": .string(recorder.script),
        ]
    }

    private func select(_ body: JSONValue) throws -> HTTPResponse {
        guard let uid = body["uid"]?.stringValue else { throw APIError("give {\"uid\": \"…\"}") }
        let windows = DumpView.windows(of: try watcher.client.dump())
        guard let view = windows.lazy.compactMap({ $0.find(uid: uid) }).first else {
            throw APIError("no view with uid \(uid) on the screen now")
        }
        let selectors = SelectorSuggester.selectors(for: view, in: windows)
        // The target is the authority: the suggestion is also run through its own /map.
        let onTarget = selectors.first.flatMap {
            try? watcher.client.map($0, method: OperationCatalog.accessibilityLabel.selector).count
        }
        var details: [String: JSONValue] = ["class": .string(view.className), "uid": .string(uid)]
        for key in ["accessibilityLabel", "text", "placeholder", "accessibilityFrame", "isOn", "isEnabled", "alpha"] {
            if let value = view.attributes[key] { details[key] = value }
        }
        details["visible"] = .bool(view.isVisible)
        return Self.json([
            "details": .object(details), "selectors": .array(selectors.map { .string($0) }),
            "targetMatches": onTarget.map { .integer(Int64($0)) } ?? .null,
        ])
    }

    private func match(_ body: JSONValue) throws -> HTTPResponse {
        guard let text = body["selector"]?.stringValue else { throw APIError("give {\"selector\": \"…\"}") }
        let selector: Selector
        do {
            selector = try Selector(parsing: text)
        } catch {
            return Self.json(["error": .string(error.message), "column": .integer(Int64(error.column))])
        }
        let windows = DumpView.windows(of: try watcher.client.dump())
        do {
            let found = try SelectorEvaluator<DumpView>().evaluate(selector, windows: windows)
            return Self.json(["uids": .array(found.map { .string($0.uid) })])
        } catch {
            return Self.json(["error": .string(error.message), "column": .integer(Int64(error.column))])
        }
    }

    private func act(_ body: JSONValue) throws -> HTTPResponse {
        guard let action = body["action"]?.stringValue else { throw APIError("give {\"action\": …}") }
        let windows = DumpView.windows(of: try watcher.client.dump())
        let line: String
        if action == "back" {
            guard let back = scripting.sentences.sentence(.navigateBack) else {
                throw APIError("the step catalog has no navigate_back sentence")
            }
            line = ActionScript.step("When", back)
        } else {
            guard let uid = body["uid"]?.stringValue,
                let view = windows.lazy.compactMap({ $0.find(uid: uid) }).first
            else { throw APIError("select a view on the screen first") }
            let script = ActionScript(windows: windows, view: view, sentences: scripting.sentences)
            let (made, problem) = script.line(
                for: action, text: body["text"]?.stringValue, direction: body["direction"]?.stringValue,
                value: body["value"]?.doubleValue)
            guard let made else { throw APIError(problem ?? "cannot \(action) this view") }
            line = made
        }
        if let error = scripting.run(line) {
            return Self.json(["line": .string(line), "error": .string(error)], status: 422)
        }
        var lines = [line]
        // Where the app went busy after the action, the script waits as the run did.
        if let idle = try? watcher.client.idle(), !idle.idle {
            let wait = "app:wait_for_idle{ timeout = 10 }"
            if let error = scripting.run(wait) {
                return Self.json(["line": .string(line), "error": .string(error)], status: 422)
            }
            lines.append(wait)
        }
        recorder.append(lines)
        return Self.json(["lines": .array(lines.map { .string($0) }), "script": .string(recorder.script)])
    }

    private func recording() -> HTTPResponse {
        Self.json(["recording": .bool(recorder.isOn), "script": .string(recorder.script),
                   "path": recorder.path.map { .string($0) } ?? .null])
    }

    // MARK: Plumbing

    private func offload(on eventLoop: any EventLoop, _ work: @escaping @Sendable () throws -> HTTPResponse)
        -> EventLoopFuture<HTTPResponse>
    {
        Self.work.runIfActive(eventLoop: eventLoop) { Self.answer(work) }
    }

    /// Runs a route; a mistake of the page's is a 400 saying what, the target failing a 502 saying why.
    private static func answer(_ work: () throws -> HTTPResponse) -> HTTPResponse {
        do {
            return try work()
        } catch let error as APIError {
            return json(["error": .string(error.message)], status: 400)
        } catch {
            return json(["error": .string("the target: \(error)")], status: 502)
        }
    }

    private static func body(_ request: HTTPRequest) throws -> JSONValue {
        do {
            return try JSONValue(parsing: request.body)
        } catch {
            throw APIError("the request body is not JSON: \(error.description)")
        }
    }

    private static func json(_ members: [String: JSONValue], status: Int = 200) -> HTTPResponse {
        var response = HTTPResponse.json(JSONValue.object(members).jsonBytes, status: status)
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    private static func asset(_ bytes: [UInt8], _ type: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-store")], body: bytes)
    }
}

/// A request the page should not have sent, and what to send instead.
struct APIError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
