import HTTPCore
import JSON

/// Near misses: for each unmatched request, for a request, for a pattern; each the closest stubs or requests
/// with WireMock's 0–1 distance, so a client's "why did my stub not match" report reads as it does with WireMock.
extension AdminAPI {
    static func addNearMissRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/__admin/requests/unmatched/near-misses") { api, _, _ in
            let unmatched = api.journal.all.filter { $0.matchedStub == nil }
            let misses = unmatched.compactMap { entry in
                api.stubs.nearMisses(for: entry.request, limit: 1).first.map {
                    nearMiss(request: loggedRequest(entry), stub: $0.stub, outcome: $0.outcome)
                }
            }
            return json(.object(["nearMisses": .array(misses)]))
        }
        router.add("POST", "/__admin/near-misses/request") { api, request, _ in
            let logged = try body(request)
            let sent = try Self.request(from: logged)
            let misses = api.stubs.nearMisses(for: sent).map {
                nearMiss(request: logged, stub: $0.stub, outcome: $0.outcome)
            }
            return json(.object(["nearMisses": .array(misses)]))
        }
        router.add("POST", "/__admin/near-misses/request-pattern") { api, request, _ in
            try api.nearMisses(toPattern: try body(request))
        }
    }

    /// The five journaled requests closest to the pattern in `body`.
    private func nearMisses(toPattern body: JSONValue) throws -> HTTPResponse {
        let matcher: RequestMatcher
        do {
            matcher = try RequestMatcher(try WireMockMapping.requestPattern(body, at: "pattern"))
        } catch let problem as WireMockMapping.Problem {
            throw AdminError(problem)
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
