import HTTPCore

/// Which URLs a stub answers: the path exactly, by regular expression, or by template; or the path with its query.
///
/// Paths are compared percent-decoded, so a stub for `/search/a b` matches `/search/a%20b`. A template's
/// `{name}` matches one path segment, and the captured value can be used in the response as `{{name}}`.
/// A pattern is compiled when it is made (as `ValuePattern` is), so a bad regular expression is an error where
/// the stub is written, and one type is both the pattern as written and the pattern as run.
public struct URLPattern: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case path(String)
        case pathRegex(CompiledRegex)
        case template(PathTemplate)
        case url(String)
        case urlRegex(CompiledRegex)
    }

    let kind: Kind

    /// The path is exactly this; the query is not looked at (WireMock's `urlPath`).
    public static func path(_ path: String) -> URLPattern { URLPattern(kind: .path(path)) }
    /// The whole path matches this regular expression (WireMock's `urlPathPattern`).
    public static func pathMatching(_ pattern: String) throws(MockServerError) -> URLPattern {
        URLPattern(kind: .pathRegex(try CompiledRegex(pattern)))
    }
    /// The path fits this template, e.g. `/api/items/{id}` (WireMock's `urlPathTemplate`).
    public static func pathTemplate(_ template: String) -> URLPattern {
        URLPattern(kind: .template(PathTemplate(template)))
    }
    /// Path and query are exactly this, e.g. `/api/items?page=2` (WireMock's `url`).
    public static func url(_ url: String) -> URLPattern { URLPattern(kind: .url(url)) }
    /// Path and query together match this regular expression (WireMock's `urlPattern`).
    public static func urlMatching(_ pattern: String) throws(MockServerError) -> URLPattern {
        URLPattern(kind: .urlRegex(try CompiledRegex(pattern)))
    }

    /// The WireMock mapping key and its text, as the pattern was written (`urlPathPattern`, `/api/.*`).
    var written: (key: String, text: String) {
        switch kind {
        case .path(let path): return ("urlPath", path)
        case .pathRegex(let regex): return ("urlPathPattern", regex.pattern)
        case .template(let template): return ("urlPathTemplate", template.text)
        case .url(let url): return ("url", url)
        case .urlRegex(let regex): return ("urlPattern", regex.pattern)
        }
    }

    /// The template, when this is one, for checking that path parameters name its holes.
    var template: PathTemplate? {
        if case .template(let template) = kind { return template }
        return nil
    }

    /// The one path this pattern matches, or nil when it matches more than one (to index stubs by path).
    var literalPath: String? {
        switch kind {
        case .path(let path): return path
        case .url(let url): return String(url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        default: return nil
        }
    }

    /// The pattern as it reads in a stub description.
    var summary: String {
        switch kind {
        case .path(let path), .url(let path): return path
        case .template(let template): return template.text
        case .pathRegex(let regex): return "path matching \(regex.pattern)"
        case .urlRegex(let regex): return "URL matching \(regex.pattern)"
        }
    }

    /// Whether the request's URL fits, with the template's captures, or how it did not.
    func match(_ request: HTTPRequest) -> URLMatch {
        let path = request.decodedPath
        lazy var url = request.query.isEmpty ? path : "\(path)?\(request.query)"
        switch kind {
        case .path(let expected):
            return expected == path || expected == request.path ? .matched([:]) : .missed(miss("path", expected, path))
        case .pathRegex(let regex):
            return regex.matches(path) ? .matched([:]) : .missed(miss("path", "matching \(regex.pattern)", path))
        case .template(let template):
            return template.match(request.path).map(URLMatch.matched) ?? .missed(miss("path", template.text, path))
        case .url(let expected):
            let matched = expected == request.uri || expected == url || expected == request.uri.percentDecoded
            return matched ? .matched([:]) : .missed(miss("URL", expected, url))
        case .urlRegex(let regex):
            let matched = regex.matches(url) || regex.matches(request.uri)
            return matched ? .matched([:]) : .missed(miss("URL", "matching \(regex.pattern)", url))
        }
    }

    private func miss(_ part: String, _ expected: String, _ actual: String) -> Mismatch {
        Mismatch(part: part, expected: expected, actual: actual, weight: 3)
    }
}

/// Whether the URL fit, with the template's captures, or how it did not.
enum URLMatch {
    case matched([String: String])
    case missed(Mismatch)
}
