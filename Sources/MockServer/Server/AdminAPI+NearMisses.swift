import HTTPCore
import JSON

/// Near misses: for each unmatched request, for a request, for a pattern; each the closest stubs or requests
/// with WireMock's 0–1 distance, so a client's "why did my stub not match" report reads as it does with WireMock.
extension AdminAPI {
    static func addNearMissRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/__admin/requests/unmatched/near-misses") { api, _, _ in
            // Bounded as every journal listing (`JournalAnswer`): each unmatched request is ranked against every
            // stub, so only the newest are worked out.
            let unmatched = api.journal.all.filter { $0.matchedStub == nil }
            // Newest first, as WireMock lists them.
            let answer = JournalAnswer(unmatched, newestFirst: true) { entry in
                api.ranked(for: entry.request).map {
                    nearMiss(request: loggedRequest(entry), stub: $0.stub, outcome: $0.outcome, distance: $0.distance)
                }
            }
            return json(answer.document("nearMisses", what: "unmatched requests' near misses"))
        }
        router.add("POST", "/__admin/near-misses/request") { api, request, _ in
            let logged = try body(request)
            let sent = try Self.request(from: logged)
            let misses = api.ranked(for: sent).map {
                nearMiss(request: logged, stub: $0.stub, outcome: $0.outcome, distance: $0.distance)
            }
            return json(.object(["nearMisses": .array(misses)]))
        }
        router.add("POST", "/__admin/near-misses/request-pattern") { api, request, _ in
            try api.nearMisses(toPattern: try body(request))
        }
    }

    /// WireMock's near misses for a request: the three stubs nearest by WireMock's distance (`WireMockDistance`),
    /// among equals the one that would win first, as WireMock ranks them.
    func ranked(for request: HTTPRequest) -> [(stub: Stub, outcome: MatchOutcome, distance: Double)] {
        stubs.nearMisses(for: request, limit: 3)
    }

    /// The three journaled requests nearest the pattern in `body` by WireMock's distance, the newest first among
    /// equals, as WireMock ranks them.
    private func nearMisses(toPattern body: JSONValue) throws -> HTTPResponse {
        let matcher: RequestMatcher
        do {
            matcher = RequestMatcher(try WireMockMapping.requestPattern(body, at: "pattern"))
        } catch {
            throw AdminError(error)
        }
        let ranked = journal.all.reversed().map { ($0, WireMockDistance.between(matcher.pattern, $0.request)) }
            .enumerated().sorted { a, b in a.1.1 != b.1.1 ? a.1.1 < b.1.1 : a.0 < b.0 }.map(\.1)
        let misses: [JSONValue] = ranked.prefix(3).map { entry, distance in
            .object([
                "request": Self.loggedRequest(entry), "requestPattern": body,
                "matchResult": .object(["distance": .number(distance)]),
            ])
        }
        return Self.json(.object(["nearMisses": .array(misses)]))
    }

    /// One near miss as WireMock shows it: the request, the stub, and how far apart they are (0 is a match), with
    /// fscript's account of what differs.
    private static func nearMiss(request: JSONValue, stub: Stub, outcome: MatchOutcome, distance: Double) -> JSONValue {
        .object([
            "request": request, "stubMapping": stub.mappingJSON,
            "matchResult": .object(["distance": .number(distance)]),
            "explanation": .string(outcome.explanation),
        ])
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
}
