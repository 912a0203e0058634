import Foundation
import HTTPCore
import JSON

/// WireMock's admin API under `/__admin`, so WireMock's client libraries and the scripts teams already have drive
/// the mock unchanged: mappings (list, create, get, edit, remove, remove all, reset to the loaded files, import,
/// find and remove by metadata, save to the mappings folder), requests (list with `limit`/`since`, count and find
/// by a request pattern, unmatched, reset), near misses (for each unmatched request, for a request, for a
/// pattern), scenarios (list, reset, set one's state), a global reset, `health` and `shutdown`. A stub made in Lua and a stub made here are the same
/// thing. Admin requests are not journaled, as in WireMock, and pass the server's Host and Origin gate like any.
struct AdminAPI: Sendable {
    let stubs: StubStore
    let journal: RequestJournal
    let mappings: LoadedMappings
    /// Asks the server to stop: `POST /__admin/shutdown`.
    let shutdown: @Sendable () -> Void

    static let prefix = "/__admin"

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let parts = request.path.dropFirst(Self.prefix.count).split(separator: "/").map(String.init)
        // The route with its variable segment named: `mappings/{id}`, `scenarios/{name}/state`.
        var route = parts.joined(separator: "/")
        var id = ""
        if parts.count == 2, parts[0] == "mappings",
            !["reset", "import", "save", "find-by-metadata", "remove-by-metadata"].contains(parts[1])
        {
            route = "mappings/{id}"
            id = parts[1]
        } else if parts.count == 3, parts[0] == "scenarios", parts[2] == "state" {
            route = "scenarios/{name}/state"
            id = parts[1].removingPercentEncoding ?? parts[1]
        }
        do {
            switch (request.method.uppercased(), route) {
            case ("GET", "health"):
                return Self.json(.object(["status": .string("healthy"), "message": .string("fscript mock is running")]))
            case ("POST", "shutdown"):
                shutdown()
                var answer = Self.ok
                answer.headers.append((name: "Connection", value: "close"))
                return answer
            case ("POST", "reset"):
                resetMappings()
                journal.reset()
                return Self.ok
            case ("GET", "mappings"):
                let all = stubs.stubs.map(\.mappingJSON)
                return Self.json(.object(["mappings": .array(all), "meta": .object(["total": .integer(Int64(all.count))])]))
            case ("POST", "mappings"):
                let stub = try create(try Self.body(request), replacing: nil)
                return Self.json(stub.mappingJSON, status: 201)
            case ("DELETE", "mappings"):
                stubs.removeAll(keepingScenarios: true)
                return Self.ok
            case ("POST", "mappings/reset"):
                resetMappings()
                return Self.ok
            case ("POST", "mappings/import"):
                let body = try Self.body(request)
                guard case .array(let list)? = body["mappings"] else {
                    throw AdminError(400, "the body needs \"mappings\": [ … ]")
                }
                for item in list { _ = try create(item, replacing: nil) }
                return Self.ok
            case ("POST", "mappings/find-by-metadata"):
                let found = try byMetadata(try Self.body(request)).map(\.mappingJSON)
                return Self.json(.object(["mappings": .array(found), "meta": .object(["total": .integer(Int64(found.count))])]))
            case ("POST", "mappings/remove-by-metadata"):
                for stub in try byMetadata(try Self.body(request)) { _ = stubs.remove(stub.id) }
                return Self.ok
            case ("POST", "mappings/save"):
                try save()
                return Self.ok
            case ("GET", "mappings/{id}"):
                guard let stub = stubs.stubs.first(where: { $0.id.uuidString.lowercased() == id.lowercased() }) else {
                    throw AdminError(404, "no mapping \(id)")
                }
                return Self.json(stub.mappingJSON)
            case ("PUT", "mappings/{id}"):
                guard let uuid = UUID(uuidString: id), stubs.stubs.contains(where: { $0.id == uuid }) else {
                    throw AdminError(404, "no mapping \(id)")
                }
                return Self.json(try create(try Self.body(request), replacing: uuid).mappingJSON)
            case ("DELETE", "mappings/{id}"):
                guard let uuid = UUID(uuidString: id), stubs.remove(uuid) else { throw AdminError(404, "no mapping \(id)") }
                return Self.ok
            case ("GET", "requests"):
                var entries = journal.all
                if let since = request.queryItems.first(where: { $0.name == "since" })?.value {
                    guard let date = Self.date(since) else { throw AdminError(400, "since must be an ISO 8601 time") }
                    entries = entries.filter { $0.receivedAt > date }
                }
                entries.reverse() // newest first, as WireMock lists them
                if let limit = request.queryItems.first(where: { $0.name == "limit" })?.value {
                    guard let count = Int(limit), count >= 0 else { throw AdminError(400, "limit must be a count") }
                    entries = Array(entries.prefix(count))
                }
                return Self.json(.object([
                    "requests": .array(entries.map(Self.serveEvent)),
                    "meta": .object(["total": .integer(Int64(journal.total))]),
                    "requestJournalDisabled": .bool(false),
                ]))
            case ("DELETE", "requests"), ("POST", "requests/reset"):
                journal.reset()
                return Self.ok
            case ("POST", "requests/count"):
                return Self.json(.object(["count": .integer(Int64(try found(request).count))]))
            case ("POST", "requests/find"):
                return Self.json(.object(["requests": .array(try found(request).map(Self.loggedRequest))]))
            case ("GET", "requests/unmatched"):
                let unmatched = journal.all.filter { $0.matchedStub == nil }
                return Self.json(.object(["requests": .array(unmatched.map(Self.loggedRequest))]))
            case ("GET", "requests/unmatched/near-misses"):
                let unmatched = journal.all.filter { $0.matchedStub == nil }
                let misses = unmatched.compactMap { entry in
                    stubs.nearMisses(for: entry.request, limit: 1).first.map {
                        Self.nearMiss(request: Self.loggedRequest(entry), stub: $0.stub, outcome: $0.outcome)
                    }
                }
                return Self.json(.object(["nearMisses": .array(misses)]))
            case ("POST", "near-misses/request"):
                let logged = try Self.body(request)
                let sent = try Self.request(from: logged)
                let misses = stubs.nearMisses(for: sent).map {
                    Self.nearMiss(request: logged, stub: $0.stub, outcome: $0.outcome)
                }
                return Self.json(.object(["nearMisses": .array(misses)]))
            case ("POST", "near-misses/request-pattern"):
                let body = try Self.body(request)
                let matcher: RequestMatcher
                do {
                    matcher = try RequestMatcher(try WireMockMapping.requestPattern(body, at: "pattern"))
                } catch let problem as WireMockMapping.Problem {
                    throw AdminError(422, problem.description)
                }
                let ranked = journal.all.map { ($0, matcher.evaluate($0.request)) }.sorted { $0.1.distance < $1.1.distance }
                let misses: [JSONValue] = ranked.prefix(5).map { entry, outcome in
                    .object(["request": Self.loggedRequest(entry), "requestPattern": body,
                             "matchResult": .object(["distance": .number(Self.distance(outcome))])])
                }
                return Self.json(.object(["nearMisses": .array(misses)]))
            case ("GET", "scenarios"):
                return Self.json(.object(["scenarios": .array(scenarios())]))
            case ("POST", "scenarios/reset"):
                stubs.resetScenarios()
                return Self.ok
            case ("PUT", "scenarios/{name}/state"):
                guard let state = try Self.body(request)["state"]?.stringValue else {
                    throw AdminError(400, "the body needs {\"state\": \"…\"}")
                }
                stubs.setState(of: id, to: state)
                return Self.ok
            default:
                throw AdminError(404, "\(request.method) \(request.path) is not part of fscript's admin API "
                    + "(mappings, requests, near-misses, scenarios, reset, health, shutdown)")
            }
        } catch let error as AdminError {
            return Self.json(.object(["errors": .array([.object(["title": .string(error.message)])])]), status: error.status)
        } catch {
            return Self.json(.object(["errors": .array([.object(["title": .string("\(error)")])])]), status: 400)
        }
    }

    // MARK: Mappings

    /// A stub from a mapping document, added (or put in place of `replacing`); mistakes are a 422 naming the field.
    private func create(_ mapping: JSONValue, replacing: UUID?) throws -> Stub {
        var document = mapping
        if let replacing, case .object(var members) = document {
            members["id"] = .string(replacing.uuidString)
            document = .object(members)
        }
        let stub: Stub
        do {
            guard let made = try WireMockMapping.stubs(in: document, filesDirectory: mappings.filesDirectory).first else {
                throw AdminError(422, "no mapping in the body")
            }
            stub = made
        } catch let problem as WireMockMapping.Problem {
            throw AdminError(422, problem.description)
        }
        if let replacing { _ = stubs.remove(replacing) }
        do {
            try stubs.add(stub)
        } catch {
            throw AdminError(422, "\(error)")
        }
        return stub
    }

    /// The stubs whose mapping `metadata` fits the content pattern in `spec` (`equalToJson`, `matchesJsonPath`, …).
    private func byMetadata(_ spec: JSONValue) throws -> [Stub] {
        let check: BodyPattern
        do {
            check = try WireMockMapping.bodyPattern(spec, at: "pattern")
        } catch {
            throw AdminError(422, error.description)
        }
        return stubs.stubs.filter { stub in
            guard let metadata = stub.source?["metadata"] else { return false }
            return check.mismatch(metadata.jsonBytes) == nil
        }
    }

    /// Writes every stub not loaded from a file to `mappings/ID.json` in the folder the mock loaded, so the next
    /// start (and `mappings/reset`) has them, as WireMock's `save` does.
    private func save() throws {
        guard let root = mappings.root else {
            throw AdminError(400, "no mappings folder to save to: start the mock with --mappings DIR (or load one)")
        }
        let folder = URL(fileURLWithPath: root).appendingPathComponent("mappings")
        let known = Set(mappings.stubs.map(\.id))
        var saved: [Stub] = []
        for stub in stubs.stubs where !known.contains(stub.id) {
            let file = folder.appendingPathComponent("\(stub.id.uuidString.lowercased()).json")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(stub.mappingJSON.jsonString(indent: "  ").utf8).write(to: file)
            } catch {
                throw AdminError(500, "cannot write \(file.path): \(error.localizedDescription)")
            }
            saved.append(stub)
        }
        mappings.add(saved, root: root)
    }

    private func resetMappings() {
        stubs.removeAll(keepingScenarios: false)
        for stub in mappings.stubs { try? stubs.add(stub) }
    }

    private func scenarios() -> [JSONValue] {
        var states: [String: Set<String>] = [:]
        for stub in stubs.stubs {
            guard let scenario = stub.scenario else { continue }
            var known = states[scenario.name, default: [ScenarioStep.started]]
            if let state = scenario.requiredState { known.insert(state) }
            if let state = scenario.newState { known.insert(state) }
            states[scenario.name] = known
        }
        return states.keys.sorted().map { name in
            .object([
                "id": .string(name), "name": .string(name), "state": .string(stubs.state(of: name)),
                "possibleStates": .array(states[name]!.sorted().map(JSONValue.string)),
            ])
        }
    }

    // MARK: Requests

    /// The requests matching the request pattern in the body (WireMock's request-pattern JSON).
    private func found(_ request: HTTPRequest) throws -> [LoggedRequest] {
        let pattern: RequestPattern
        do {
            pattern = try WireMockMapping.requestPattern(try Self.body(request), at: "pattern")
        } catch let problem as WireMockMapping.Problem {
            throw AdminError(422, problem.description)
        }
        return journal.requests(matching: try RequestMatcher(pattern))
    }

    /// A journal entry as WireMock's logged request.
    static func loggedRequest(_ entry: LoggedRequest) -> JSONValue {
        var headers: [String: JSONValue] = [:]
        for header in entry.headers where headers[header.name] == nil { headers[header.name] = .string(header.value) }
        var query: [String: JSONValue] = [:]
        for item in entry.queryItems where query[item.name] == nil {
            query[item.name] = .object(["key": .string(item.name), "values": .array([.string(item.value)])])
        }
        let url = entry.query.isEmpty ? entry.path : "\(entry.path)?\(entry.query)"
        let millis = Int64(entry.receivedAt.timeIntervalSince1970 * 1000)
        return .object([
            "url": .string(url), "absoluteUrl": .string(url), "method": .string(entry.method),
            "clientIp": .string("127.0.0.1"), "headers": .object(headers), "cookies": .object([:]),
            "queryParameters": .object(query), "browserProxyRequest": .bool(false),
            "body": .string(entry.bodyText), "bodyAsBase64": .string(Data(entry.body).base64EncodedString()),
            "loggedDate": .integer(millis), "loggedDateString": .string(ISO8601DateFormatter().string(from: entry.receivedAt)),
        ])
    }

    /// A journal entry as WireMock's serve event: the request, and whether and how it was answered.
    static func serveEvent(_ entry: LoggedRequest) -> JSONValue {
        var event: [String: JSONValue] = [
            "id": .string(UUID().uuidString), "request": loggedRequest(entry),
            "wasMatched": .bool(entry.matchedStub != nil),
            "responseDefinition": .object([
                "status": .integer(entry.matchedStub == nil ? 404 : 200),
                "fromConfiguredStub": .bool(entry.matchedStub != nil),
            ]),
        ]
        if let id = entry.matchedStub { event["stubMapping"] = .object(["id": .string(id.uuidString)]) }
        return .object(event)
    }

    /// The request's body as JSON; a body that is not JSON is a 400 saying where.
    private static func body(_ request: HTTPRequest) throws -> JSONValue {
        do {
            return try JSONValue(parsing: request.body)
        } catch {
            throw AdminError(400, "the body is not JSON: \(error)")
        }
    }

    /// One near miss as WireMock shows it: the request, the stub, and how far apart they are (0 is a match).
    private static func nearMiss(request: JSONValue, stub: Stub, outcome: MatchOutcome) -> JSONValue {
        .object([
            "request": request, "stubMapping": stub.mappingJSON,
            "matchResult": .object(["distance": .number(distance(outcome))]),
            "explanation": .string(outcome.explanation),
        ])
    }

    /// fscript's weighted count of differences on WireMock's 0–1 scale.
    private static func distance(_ outcome: MatchOutcome) -> Double {
        let d = Double(outcome.distance)
        return d / (d + 1)
    }

    /// An HTTP request from WireMock's logged-request JSON (`url`, `method`, `headers`, `body`).
    private static func request(from logged: JSONValue) throws -> HTTPRequest {
        guard let url = logged["url"]?.stringValue else { throw AdminError(400, "the request needs a \"url\"") }
        var headers: [(name: String, value: String)] = []
        if case .object(let members)? = logged["headers"] {
            for (name, value) in members.sorted(by: { $0.key < $1.key }) {
                headers.append((name, value.stringValue ?? value.jsonString))
            }
        }
        return HTTPRequest(
            method: logged["method"]?.stringValue ?? "GET", uri: url, headers: headers,
            body: Array((logged["body"]?.stringValue ?? "").utf8))
    }

    private static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    // MARK: Answers

    private static let ok = HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array("{}".utf8))

    private static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: value.jsonBytes)
    }
}

/// Why an admin request failed: its status and the message WireMock's clients show.
struct AdminError: Error {
    let status: Int
    let message: String

    init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// The stubs loaded from mapping files, which `POST /__admin/mappings/reset` goes back to, and where their body
/// files are.
final class LoadedMappings: @unchecked Sendable {
    private let lock = NSLock()
    private var loaded: [Stub] = []
    private var folder: String?

    var stubs: [Stub] { lock.withLock { loaded } }
    /// The WireMock root loaded last (it holds `mappings/` and `__files/`), or nil.
    var root: String? { lock.withLock { folder } }
    /// Where body files of mappings made over the API are looked up: the loaded root's `__files`.
    var filesDirectory: String {
        URL(fileURLWithPath: root ?? FileManager.default.currentDirectoryPath).appendingPathComponent("__files").path
    }

    func add(_ stubs: [Stub], root: String) {
        lock.withLock {
            loaded += stubs
            folder = root
        }
    }
}
