import HTTPCore

/// Whether the URL fit, with the template's captures, or how it did not.
enum URLMatch {
    case matched([String: String])
    case missed(Mismatch)
}

/// A URL pattern with its expression compiled or its template split.
enum CompiledURL: Sendable {
    case path(String)
    case pathRegex(CompiledRegex)
    case template(String, PathTemplate)
    case url(String)
    case urlRegex(CompiledRegex)

    init(_ pattern: URLPattern) throws(MockServerError) {
        switch pattern {
        case .path(let path): self = .path(path)
        case .pathMatching(let pattern): self = .pathRegex(try CompiledRegex(pattern))
        case .pathTemplate(let template): self = .template(template, PathTemplate(template))
        case .url(let url): self = .url(url)
        case .urlMatching(let pattern): self = .urlRegex(try CompiledRegex(pattern))
        }
    }

    func match(_ request: HTTPRequest) -> URLMatch {
        let path = request.decodedPath
        let url = request.query.isEmpty ? path : "\(path)?\(request.query)"
        switch self {
        case .path(let expected):
            return expected == path || expected == request.path ? .matched([:]) : .missed(miss("path", expected, path))
        case .pathRegex(let regex):
            return regex.matches(path) ? .matched([:]) : .missed(miss("path", "matching \(regex.pattern)", path))
        case .template(let text, let template):
            return template.match(request.path).map(URLMatch.matched) ?? .missed(miss("path", text, path))
        case .url(let expected):
            let matched = expected == request.uri || expected == url || expected == request.uri.removingPercentEncoding
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
