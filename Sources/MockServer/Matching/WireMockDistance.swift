import HTTPCore
import JSON

/// How far a request is from a request pattern as WireMock 2.35.1 measures it for its near misses, from 0 (a match)
/// to 1, so `GET /__admin/requests/unmatched/near-misses` and `POST /__admin/near-misses/…` rank and show them as
/// WireMock does (fscript's own count of differences ranked `/xyz/long/path` beside `/abcd` for `/abcd1`).
///
/// WireMock's `RequestPattern.match` is a weighted mean over the parts of a request: the URL 10, the method 3, the
/// scheme 3, the host 10 and the port 10 (fscript's patterns leave those three out, so they always fit), then the
/// headers, the query parameters, the cookies, the body patterns and the multipart patterns 1 each, every one of
/// those the plain mean of its own patterns (0 when it has none). A string compared for equality (a URL, an
/// `equalTo`) is off by its edit distance over the longer length; any other check is 0 or 1.
enum WireMockDistance {
    /// Text longer than this is compared whole (0 or 1) rather than by edit distance, which is quadratic.
    static let editedLength = 2_000

    /// WireMock's distance between `pattern` and `request`.
    static func between(_ pattern: RequestPattern, _ request: HTTPRequest) -> Double {
        var total = 10 * url(pattern.url, request) + 3 * method(pattern, request)
        total += mean(pattern.headers.map { name, value in
            values(value, request.headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value))
        })
        let items = request.queryItems
        total += mean(pattern.queryParameters.map { name, value in
            values(value, items.filter { $0.name == name }.map(\.value))
        })
        let jar = pattern.cookies.isEmpty ? [] : request.cookies
        total += mean(pattern.cookies.map { name, value in values(value, jar.filter { $0.name == name }.map(\.value)) })
        total += mean(pattern.bodyPatterns.map { $0.mismatch(request.body) == nil ? 0 : 1 })
        return total / 41
    }

    /// The plain mean, 0 for no parts (WireMock's `MatchResult.aggregate`, an exact match when empty).
    private static func mean(_ distances: [Double]) -> Double {
        distances.isEmpty ? 0 : distances.reduce(0, +) / Double(distances.count)
    }

    private static func url(_ pattern: URLPattern?, _ request: HTTPRequest) -> Double {
        guard let pattern else { return 0 }
        switch pattern.kind {
        case .path(let expected): return text(expected, request.path)
        case .url(let expected): return text(expected, request.uri)
        default:
            if case .matched = pattern.match(request) { return 0 }
            return 1
        }
    }

    private static func method(_ pattern: RequestPattern, _ request: HTTPRequest) -> Double {
        if !pattern.methodOneOf.isEmpty { return pattern.methodOneOf.contains(request.method) ? 0 : 1 }
        guard let required = pattern.requiredMethod else { return 0 }
        return required == request.method ? 0 : 1
    }

    /// WireMock's `MultiValuePattern`: `absent` fits when nothing was sent; otherwise nothing sent is 1, and the
    /// nearest of the values sent counts.
    private static func values(_ pattern: ValuePattern, _ sent: [String]) -> Double {
        if pattern == .absent { return sent.isEmpty ? 0 : 1 }
        guard !sent.isEmpty else { return 1 }
        return sent.map { value in
            switch pattern.check {
            case .equal(let expected): return text(expected, value)
            case .equalIgnoringCase(let expected): return text(expected.lowercased(), value.lowercased())
            default: return pattern.accepts([value]) ? 0 : 1
            }
        }.min() ?? 1
    }

    /// The edit distance over the longer length (WireMock's `normalisedLevenshteinDistance`).
    static func text(_ expected: String, _ actual: String) -> Double {
        if expected == actual { return 0 }
        let longer = max(expected.count, actual.count)
        guard longer <= editedLength else { return 1 }
        let edits = EditDistance.between(expected, actual, limit: longer) ?? longer
        return Double(edits) / Double(longer)
    }
}
