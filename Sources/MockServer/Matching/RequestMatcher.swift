import HTTPCore
import JSON

/// A `RequestPattern` made ready to run: its value and body patterns in a stable order.
///
/// It checks every part of a request rather than stopping at the first difference, because the near-miss
/// explanation and the choice of the closest stub need the whole list.
struct RequestMatcher: Sendable {
    let pattern: RequestPattern
    private let url: URLPattern?
    private let query: [(name: String, value: ValuePattern)]
    private let headers: [(name: String, value: ValuePattern)]
    private let cookies: [(name: String, value: ValuePattern)]
    private let pathParameters: [(name: String, value: ValuePattern)]

    init(_ pattern: RequestPattern) {
        self.pattern = pattern
        url = pattern.url
        query = pattern.queryParameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        headers = pattern.headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { ($0.key, $0.value) }
        cookies = pattern.cookies.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        pathParameters = pattern.pathParameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Checks every part of the request and lists what did not match.
    func evaluate(_ request: HTTPRequest) -> MatchOutcome {
        var outcome = MatchOutcome()
        if let method = pattern.requiredMethod, method != request.method.uppercased() {
            outcome.mismatches.append(Mismatch(part: "method", expected: method, actual: request.method, weight: 2))
        }
        if let url {
            switch url.match(request) {
            case .matched(let captures):
                outcome.captures = captures
                for (name, value) in pathParameters {
                    let sent = captures[name].map { [$0] } ?? []
                    if !value.accepts(sent) {
                        outcome.mismatches.append(Mismatch(
                            part: "path parameter \(name)", expected: value.expectation, actual: Self.list(sent), weight: 1))
                    }
                }
            case .missed(let mismatch): outcome.mismatches.append(mismatch)
            }
        }
        lazy var items = request.queryItems
        for (name, value) in query {
            let sent = items.filter { $0.name == name }.map(\.value)
            if !value.accepts(sent) {
                let part = "query parameter \(name)"
                outcome.mismatches.append(
                    Mismatch(part: part, expected: value.expectation, actual: Self.list(sent), weight: 1)
                )
            }
        }
        for (name, value) in headers {
            let sent = request.headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
            if !value.accepts(sent) {
                outcome.mismatches.append(
                    Mismatch(part: "header \(name)", expected: value.expectation, actual: Self.list(sent), weight: 1)
                )
            }
        }
        if !cookies.isEmpty {
            let jar = request.cookies
            for (name, value) in cookies {
                let sent = jar.filter { $0.name == name }.map(\.value)
                if !value.accepts(sent, missingFitsNegatives: false) {
                    outcome.mismatches.append(
                        Mismatch(part: "cookie \(name)", expected: value.expectation, actual: Self.list(sent), weight: 1))
                }
            }
        }
        for body in pattern.bodyPatterns {
            if let mismatch = body.mismatch(request.body) { outcome.mismatches.append(mismatch) }
        }
        outcome.mismatches += Self.formAndMethodMismatches(pattern, request)
        return outcome
    }

    private static func list(_ values: [String]) -> String {
        values.isEmpty ? "nothing" : values.joined(separator: ", ")
    }
}
