/// What a router found for a request: the handler, or why there is none.
public enum RouteResult<Handler: Sendable>: Sendable {
    /// A route serves this method on this path.
    case found(RouteMatch<Handler>)
    /// Routes serve this path, but not with this method; `allowed` is what an `Allow` header would list.
    case methodNotAllowed(allowed: [String])
    /// No route serves this path.
    case notFound

    /// The match, or nil for both kinds of miss (servers that answer 404 to either).
    public var match: RouteMatch<Handler>? {
        if case .found(let match) = self { return match }
        return nil
    }
}

/// The handler a request reached, what its path captured, and the path as the router read it.
public struct RouteMatch<Handler: Sendable>: Sendable {
    /// The handler added for the method and template.
    public let handler: Handler
    /// The `{name}` captures and the `**` remainder.
    public let parameters: RouteParameters
    /// The template that matched, for logs and tests.
    public let template: RouteTemplate
    /// The request path under the router's `PathPolicy` (`/map/` read as `/map`), for handlers that parse it.
    public let path: String
}
