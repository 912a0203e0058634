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
            let answer = JournalAnswer(unmatched) { entry in
                api.ranked(for: entry.request).map {
                    nearMiss(request: loggedRequest(entry), stub: $0.stub, outcome: $0.outcome)
                }
            }
            return json(answer.document("nearMisses", what: "unmatched requests' near misses"))
        }
        router.add("POST", "/__admin/near-misses/request") { api, request, _ in
            let logged = try body(request)
            let sent = try Self.request(from: logged)
            let misses = api.ranked(for: sent).map {
                nearMiss(request: logged, stub: $0.stub, outcome: $0.outcome)
            }
            return json(.object(["nearMisses": .array(misses)]))
        }
        router.add("POST", "/__admin/near-misses/request-pattern") { api, request, _ in
            try api.nearMisses(toPattern: try body(request))
        }
    }

    /// WireMock's near misses for a request: the three closest stubs; among stubs as far off by fscript's count of
    /// differences, the one whose URL is fewer edits from the request's comes first (`/abcd` before `/abce` for
    /// `/abcd1`), as WireMock's string distances rank them.
    func ranked(for request: HTTPRequest) -> [(stub: Stub, outcome: MatchOutcome)] {
        let candidates = stubs.nearMisses(for: request, limit: 50)
        let sent = request.uri
        let scored = candidates.enumerated().map { index, candidate in
            (index, candidate, EditDistance.between(Self.urlText(candidate.stub.request.url), sent, limit: 1_000) ?? 1_001)
        }
        let sorted = scored.sorted { a, b in
            if a.1.outcome.distance != b.1.outcome.distance { return a.1.outcome.distance < b.1.outcome.distance }
            return a.2 != b.2 ? a.2 < b.2 : a.0 < b.0
        }
        return sorted.prefix(3).map(\.1)
    }

    /// The text of a URL pattern, to compare with a request's URL.
    private static func urlText(_ pattern: URLPattern?) -> String {
        pattern?.written.text ?? ""
    }

    /// The five journaled requests closest to the pattern in `body`.
    private func nearMisses(toPattern body: JSONValue) throws -> HTTPResponse {
        let matcher: RequestMatcher
        do {
            matcher = RequestMatcher(try WireMockMapping.requestPattern(body, at: "pattern"))
        } catch {
            throw AdminError(error)
        }
        let ranked = journal.all.map { ($0, matcher.evaluate($0.request)) }.sorted { $0.1.distance < $1.1.distance }
        let misses: [JSONValue] = ranked.prefix(5).map { entry, outcome in
            .object([
                "request": Self.loggedRequest(entry), "requestPattern": body,
                "matchResult": .object(["distance": .number(Self.distance(outcome))]),
            ])
        }
        return Self.json(.object(["nearMisses": .array(misses)]))
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
}
