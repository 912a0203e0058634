import Foundation
import HTTPCore
import JSON

/// `/__admin/requests…`: the journal as WireMock's serve events and logged requests, filtered, counted, removed (by
/// a request pattern or by the answering stub's metadata), reset. Every listing is bounded (`JournalAnswer`): a full
/// journal's find answered 15 MB in 5–6 s. These routes run on threads of their own (`MockResponder.journalWork`).
extension AdminAPI {
    static func addRequestRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/__admin/requests") { api, request, _ in try api.listRequests(request) }
        let reset: Handler = { api, _, _ in
            api.journal.reset()
            return ok
        }
        router.add("DELETE", "/__admin/requests", reset)
        router.add("POST", "/__admin/requests/reset", reset)
        router.add("POST", "/__admin/requests/count") { api, request, _ in
            json(.object(["count": .integer(Int64(try api.found(request).count)), "requestJournalDisabled": .bool(false)]))
        }
        router.add("POST", "/__admin/requests/find") { api, request, _ in
            json(JournalAnswer(try api.found(request)) { [loggedRequest($0)] }.document("requests"))
        }
        router.add("GET", "/__admin/requests/unmatched") { api, _, _ in
            let unmatched = api.journal.all.filter { $0.matchedStub == nil }
            // Newest first, as WireMock lists them.
            let answer = JournalAnswer(unmatched, newestFirst: true) { [loggedRequest($0)] }
            return json(answer.document("requests", what: "unmatched requests"))
        }
        router.add("POST", "/__admin/requests/remove") { api, request, _ in
            let removed = try api.found(request)
            let ids = Set(removed.map(\.sequence))
            api.journal.remove { ids.contains($0.sequence) }
            // Under `serveEvents`, as WireMock answers it (and `remove-by-metadata`).
            return json(JournalAnswer(removed) { [serveEvent($0)] }.document("serveEvents", what: "removed requests"))
        }
        // The requests answered by a stub whose metadata fits the body's content pattern, as WireMock answers them.
        router.add("POST", "/__admin/requests/remove-by-metadata") { api, request, _ in
            let stubs = Set(try api.byMetadata(try body(request)).map(\.id))
            let removed = api.journal.all.filter { entry in entry.matchedStub.map(stubs.contains) ?? false }
            let ids = Set(removed.map(\.sequence))
            api.journal.remove { ids.contains($0.sequence) }
            return json(JournalAnswer(removed) { [serveEvent($0)] }.document("serveEvents", what: "removed requests"))
        }
        addRequestByIDRoutes(to: &router)
    }

    /// `requests/{id}`: one serve event by the id the listing gave it, read or removed; an id that is no UUID is
    /// a 400 and one the journal lacks a 404, as in WireMock 3.
    private static func addRequestByIDRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/__admin/requests/{id}") { api, _, parameters in
            let id = try requestID(parameters)
            guard let entry = api.journal.all.first(where: { $0.id == id }) else {
                throw AdminError(404, "no request \(id.uuidString.lowercased()) in the journal")
            }
            return json(serveEvent(entry))
        }
        router.add("DELETE", "/__admin/requests/{id}") { api, _, parameters in
            let id = try requestID(parameters)
            api.journal.remove { $0.id == id }
            return ok
        }
    }

    /// The `{id}` of a route as a UUID, or a 400 naming it.
    static func requestID(_ parameters: RouteParameters) throws -> UUID {
        let text = parameters["id"] ?? ""
        guard let id = UUID(uuidString: text) else { throw AdminError(400, "'\(text)' is not a UUID") }
        return id
    }

    /// `GET requests`: newest first, as WireMock lists them, after `since`, only the `unmatched=true` ones or those
    /// a `matchingStub=ID` answered, and up to `limit` (and `JournalAnswer`'s bounds, marked when they cut).
    private func listRequests(_ request: HTTPRequest) throws -> HTTPResponse {
        var entries = journal.all
        let query = request.queryItems
        if query.first(where: { $0.name == "unmatched" })?.value == "true" {
            entries = entries.filter { $0.matchedStub == nil }
        }
        if let stub = query.first(where: { $0.name == "matchingStub" })?.value {
            guard let id = UUID(uuidString: stub) else { throw AdminError(400, "matchingStub '\(stub)' is not a UUID") }
            entries = entries.filter { $0.matchedStub == id }
        }
        if let since = request.queryItems.first(where: { $0.name == "since" })?.value {
            guard let date = Self.date(since) else { throw AdminError(400, "since must be an ISO 8601 time") }
            entries = entries.filter { $0.receivedAt > date }
        }
        var limit: Int?
        if let text = request.queryItems.first(where: { $0.name == "limit" })?.value {
            guard let count = Int(text), count >= 0 else { throw AdminError(400, "limit must be a count") }
            limit = count
        }
        let answer = JournalAnswer(entries, newestFirst: true, limit: limit) { [Self.serveEvent($0)] }
        return Self.json(answer.document("requests", [
            "meta": .object(["total": .integer(Int64(journal.total))]), "requestJournalDisabled": .bool(false),
        ], what: "requests listed"))
    }

    /// The requests matching the request pattern in the body (WireMock's request-pattern JSON).
    private func found(_ request: HTTPRequest) throws -> [LoggedRequest] {
        let pattern: RequestPattern
        do {
            pattern = try WireMockMapping.requestPattern(try Self.body(request), at: "pattern")
        } catch let problem as WireMockMapping.Problem {
            throw AdminError(problem)
        }
        return journal.requests(matching: RequestMatcher(pattern))
    }

    /// A journal entry as WireMock's logged request: `absoluteUrl` with the scheme and the Host the client used,
    /// `queryParams` with every value of a repeated parameter, the cookies by name.
    static func loggedRequest(_ entry: LoggedRequest) -> JSONValue {
        var headers: [String: JSONValue] = [:]
        for header in entry.headers where headers[header.name] == nil { headers[header.name] = .string(header.value) }
        var values: [String: [JSONValue]] = [:]
        for item in entry.queryItems { values[item.name, default: []].append(.string(item.value)) }
        var query: [String: JSONValue] = [:]
        for (name, list) in values { query[name] = .object(["key": .string(name), "values": .array(list)]) }
        var cookies: [String: JSONValue] = [:]
        for cookie in entry.request.cookies where cookies[cookie.name] == nil { cookies[cookie.name] = .string(cookie.value) }
        let url = entry.query.isEmpty ? entry.path : "\(entry.path)?\(entry.query)"
        let millis = Int64(entry.receivedAt.timeIntervalSince1970 * 1000)
        return .object([
            "url": .string(url), "absoluteUrl": .string("\(entry.request.scheme)://\(entry.header("Host") ?? "localhost")\(url)"),
            "method": .string(entry.method), "clientIp": .string("127.0.0.1"), "headers": .object(headers),
            "cookies": .object(cookies), "queryParams": .object(query), "browserProxyRequest": .bool(false),
            "body": .string(entry.bodyText), "bodyAsBase64": .string(Data(entry.body).base64EncodedString()),
            "loggedDate": .integer(millis), "scheme": .string(entry.request.scheme),
            "loggedDateString": .string(ISO8601DateFormatter().string(from: entry.receivedAt)),
        ])
    }

    /// A journal entry as WireMock's serve event: the request, and whether and how it was answered.
    static func serveEvent(_ entry: LoggedRequest) -> JSONValue {
        var event: [String: JSONValue] = [
            "id": .string(entry.idString), "request": loggedRequest(entry),
            "response": .object(["status": .integer(Int64(entry.responseStatus))]),
            "wasMatched": .bool(entry.matchedStub != nil),
            "responseDefinition": .object([
                "status": .integer(Int64(entry.responseStatus)),
                "fromConfiguredStub": .bool(entry.matchedStub != nil),
            ]),
        ]
        if let id = entry.matchedStub { event["stubMapping"] = .object(["id": .string(id.uuidString.lowercased())]) }
        return .object(event)
    }

    /// An ISO 8601 time, with or without fractional seconds (`since=`).
    private static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
