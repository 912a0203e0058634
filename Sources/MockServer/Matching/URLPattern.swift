/// Which URLs a stub answers: the path exactly, by regular expression, or by template; or the path with its query.
///
/// Paths are compared percent-decoded, so a stub for `/search/a b` matches `/search/a%20b`. A template's
/// `{name}` matches one path segment, and the captured value can be used in the response as `{{name}}`.
public enum URLPattern: Sendable, Hashable {
    /// The path is exactly this; the query is not looked at (WireMock's `urlPath`).
    case path(String)
    /// The whole path matches this regular expression (WireMock's `urlPathPattern`).
    case pathMatching(String)
    /// The path fits this template, e.g. `/api/items/{id}` (WireMock's `urlPathTemplate`).
    case pathTemplate(String)
    /// Path and query are exactly this, e.g. `/api/items?page=2` (WireMock's `url`).
    case url(String)
    /// Path and query together match this regular expression (WireMock's `urlPattern`).
    case urlMatching(String)

    /// The pattern as it reads in a stub description.
    var summary: String {
        switch self {
        case .path(let path), .pathTemplate(let path), .url(let path): return path
        case .pathMatching(let pattern): return "path matching \(pattern)"
        case .urlMatching(let pattern): return "URL matching \(pattern)"
        }
    }
}
