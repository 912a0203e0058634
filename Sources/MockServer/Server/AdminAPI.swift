import Foundation
import HTTPCore
import JSON

/// WireMock's admin API under `/__admin`, so WireMock's client libraries and the scripts teams already have drive
/// the mock unchanged: mappings (list with `limit`/`offset`, create, get, edit, remove, remove all, reset to the
/// loaded files, import with its options, find and remove by metadata, save to the mappings folder, unmatched),
/// requests (list with `limit`/`since`/`unmatched`/`matchingStub`, one by id, count, find and remove by a request
/// pattern, unmatched, reset), near misses (for each unmatched request, for a request, for a pattern), scenarios
/// (list, reset, set one's state), settings, recordings (start, stop, status, snapshot), a global reset, `health`, `shutdown` and `GET /__admin` itself. A stub made in Lua
/// and a stub made here are the same thing. Admin requests are not journaled, as in WireMock, and pass the
/// server's Host and Origin gate like any.
///
/// The routes live in one `Router`, grouped by topic in `AdminAPI+Mappings`, `+Import`, `+Requests`,
/// `+NearMisses`, `+Scenarios` and `+Recordings`. Paths are split as WireMock splits them (empty segments ignored), and a path or method the API
/// lacks is a 404 listing what it has, as before: WireMock's clients expect no 405.
struct AdminAPI: Sendable {
    let stubs: StubStore
    let journal: RequestJournal
    let mappings: LoadedMappings
    /// What proxying stubs answered, for recordings.
    let proxied: ProxiedAnswers
    /// Whether `/__admin/recordings/start` is recording.
    let recording: RecordingState
    /// Asks the server to stop: `POST /__admin/shutdown`.
    let shutdown: @Sendable () -> Void

    static let prefix = "/__admin"

    /// What an admin route runs: the API, the request, and what its template captured.
    typealias Handler = @Sendable (AdminAPI, HTTPRequest, RouteParameters) throws -> HTTPResponse

    /// Every admin route, built once.
    static let router: Router<Handler> = {
        var router = Router<Handler>(paths: .ignoringEmptySegments)
        addSystemRoutes(to: &router)
        addMappingRoutes(to: &router)
        addRequestRoutes(to: &router)
        addNearMissRoutes(to: &router)
        addScenarioRoutes(to: &router)
        addFileRoutes(to: &router)
        addRecordingRoutes(to: &router)
        return router
    }()

    /// Where an admin request is worked on (`MockResponder`): a health check on its event loop at once, so it
    /// answers whatever else the admin API is doing; a journal query on the journal's threads; the rest on the
    /// admin API's.
    enum Lane {
        case loop, journal, admin
    }

    static func lane(of request: HTTPRequest) -> Lane {
        let path = request.path
        // Health always answers at once; shutdown is answered on the loop too, so its answer is written before the
        // stop (on another thread) closes the connection: from a pool, the close could overtake the answer.
        if path == "/__admin/health" || path == "/__admin/shutdown" { return .loop }
        if path.hasPrefix("/__admin/requests") || path.hasPrefix("/__admin/near-misses")
            || path == "/__admin/mappings/unmatched"
        {
            return .journal
        }
        return .admin
    }

    /// Runs the route for `request`; failures become WireMock's `{"errors": [{"title": …}]}`.
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        if let answer = disabledJournalAnswer(request) { return answer }
        do {
            guard let match = Self.router.route(method: request.method.uppercased(), path: request.path).match else {
                throw AdminError(404, "\(request.method) \(request.path) is not part of fscript's admin API "
                    + "(mappings, requests, near-misses, scenarios, settings, files, recordings, reset, health, shutdown)")
            }
            return try match.handler(self, request, match.parameters)
        } catch let error as AdminError {
            return Self.errors(
                error.message, status: error.status, code: error.code, pointer: error.pointer, detail: error.detail)
        } catch {
            return Self.errors("\(error)", status: 400)
        }
    }

    /// `health`, `shutdown`, `settings` and the global `reset`.
    private static func addSystemRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/__admin/health") { _, _, _ in
            json(.object(["status": .string("healthy"), "message": .string("fscript mock is running")]))
        }
        router.add("POST", "/__admin/shutdown") { api, _, _ in
            api.shutdown()
            var answer = ok
            answer.headers.append((name: "Connection", value: "close"))
            return answer
        }
        router.add("GET", "/__admin/settings") { api, _, _ in json(api.stubs.settings.json) }
        let settings: Handler = { api, request, _ in
            try api.stubs.settings.update(try body(request))
            return json(api.stubs.settings.json)
        }
        router.add("POST", "/__admin/settings", settings)
        router.add("PUT", "/__admin/settings", settings)
        router.add("POST", "/__admin/reset") { api, _, _ in
            try api.resetMappings()
            api.journal.reset()
            return ok
        }
    }

    // MARK: Answers

    static let ok = HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array("{}".utf8))

    static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: value.jsonBytes)
    }

    /// WireMock's error document; a mapping mistake also says where, as `errors[0].source.pointer` (JSON Pointer).
    /// `code` is WireMock's own number for the error when it has one (10 for a mistake at a pointer, else the status).
    private static func errors(
        _ message: String, status: Int, code: Int? = nil, pointer: String? = nil, detail: String? = nil
    ) -> HTTPResponse {
        var error: [String: JSONValue] = ["code": .integer(Int64(code ?? (pointer == nil ? status : 10))),
                                          "title": .string(message)]
        if let detail { error["detail"] = .string(detail) }
        if let pointer { error["source"] = .object(["pointer": .string(pointer)]) }
        return json(.object(["errors": .array([.object(error)])]), status: status)
    }

    /// The request's body as JSON; a body that is not JSON is WireMock's 422 titled "Error parsing JSON", its
    /// `detail` saying where.
    static func body(_ request: HTTPRequest) throws -> JSONValue {
        do {
            return try JSONValue(parsing: request.body)
        } catch {
            throw AdminError(422, "Error parsing JSON", pointer: "/", detail: "the body is not JSON: \(error)")
        }
    }

    /// A list answer with WireMock's `meta.total`.
    static func list(_ key: String, _ items: [JSONValue]) -> HTTPResponse {
        json(.object([key: .array(items), "meta": .object(["total": .integer(Int64(items.count))])]))
    }
}

/// Why an admin request failed: its status, the message WireMock's clients show, and for a mistake in a document
/// the JSON Pointer of the field (`/request/headers/Accept`).
struct AdminError: Error {
    let status: Int
    let message: String
    let pointer: String?
    /// What WireMock puts in `errors[0].detail`: the particulars under a fixed `title`.
    let detail: String?
    /// WireMock's number for the error (`errors[0].code`) where it has its own, as 109 for a duplicate stub id.
    let code: Int?

    init(_ status: Int, _ message: String, code: Int? = nil, pointer: String? = nil, detail: String? = nil) {
        self.status = status
        self.message = message
        self.code = code
        self.pointer = pointer
        self.detail = detail
    }

    /// A mapping reader's problem as a 422 pointing at its field: `request.headers.Accept` → `/request/headers/Accept`,
    /// `mappings[2].request` → `/mappings/2/request`, under `base` (the document's own place in the body). A regular
    /// expression that does not compile points at the object that holds it (`request` for a `urlPattern`,
    /// `request/headers/X` for its `matches`), as WireMock, which compiles it while reading that object, points.
    init(_ problem: FieldError, under base: String = "") {
        var pointer = base
        var parts = problem.path.split(separator: ".", omittingEmptySubsequences: true)
        if problem.message.hasPrefix(MockServerError.invalidRegularExpression("").description), !parts.isEmpty {
            parts.removeLast()
        }
        for part in parts {
            for piece in part.split(whereSeparator: { $0 == "[" || $0 == "]" }) where !piece.isEmpty {
                pointer += "/" + piece.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            }
        }
        self.init(422, problem.description, pointer: pointer.isEmpty ? "/" : pointer)
    }
}
