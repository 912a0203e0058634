import Foundation
import HTTPCore
import JSON

/// `/__admin/requests…`: the journal as WireMock's serve events and logged requests, filtered, counted, reset.
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
            json(.object(["count": .integer(Int64(try api.found(request).count))]))
        }
        router.add("POST", "/__admin/requests/find") { api, request, _ in
            json(.object(["requests": .array(try api.found(request).map(loggedRequest))]))
        }
        router.add("GET", "/__admin/requests/unmatched") { api, _, _ in
            let unmatched = api.journal.all.filter { $0.matchedStub == nil }
            return json(.object(["requests": .array(unmatched.map(loggedRequest))]))
        }
    }

    /// `GET requests`: newest first, as WireMock lists them, after `since` and up to `limit`.
    private func listRequests(_ request: HTTPRequest) throws -> HTTPResponse {
        var entries = journal.all
        if let since = request.queryItems.first(where: { $0.name == "since" })?.value {
            guard let date = Self.date(since) else { throw AdminError(400, "since must be an ISO 8601 time") }
            entries = entries.filter { $0.receivedAt > date }
        }
        entries.reverse()
        if let limit = request.queryItems.first(where: { $0.name == "limit" })?.value {
            guard let count = Int(limit), count >= 0 else { throw AdminError(400, "limit must be a count") }
            entries = Array(entries.prefix(count))
        }
        return Self.json(.object([
            "requests": .array(entries.map(Self.serveEvent)),
            "meta": .object(["total": .integer(Int64(journal.total))]),
            "requestJournalDisabled": .bool(false),
        ]))
    }

    /// The requests matching the request pattern in the body (WireMock's request-pattern JSON).
    private func found(_ request: HTTPRequest) throws -> [LoggedRequest] {
        let pattern: RequestPattern
        do {
            pattern = try WireMockMapping.requestPattern(try Self.body(request), at: "pattern")
        } catch let problem as WireMockMapping.Problem {
            throw AdminError(422, problem.description)
        }
        return journal.requests(matching: RequestMatcher(pattern))
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
            "loggedDate": .integer(millis),
            "loggedDateString": .string(ISO8601DateFormatter().string(from: entry.receivedAt)),
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

    /// An ISO 8601 time, with or without fractional seconds (`since=`).
    private static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
