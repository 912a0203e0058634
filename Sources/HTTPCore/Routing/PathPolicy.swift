/// How a router reads the slashes of a request path before it matches: the one place fscript's servers differ.
///
/// Frank servers treat `/map/` as `/map`; WireMock's admin API splits on slashes and ignores empty pieces, so
/// `/__admin//mappings/` is `/__admin/mappings`; the inspector's page asks for exactly what it serves.
public enum PathPolicy: Sendable {
    /// Every slash counts: `/api/state/` is not `/api/state`.
    case exact
    /// Trailing slashes are dropped (`/map/` and `/map//` are `/map`); others count.
    case ignoringTrailingSlash
    /// Empty segments anywhere are dropped: `//a//b/` is `/a/b`, as WireMock splits admin paths.
    case ignoringEmptySegments

    /// The segments of `path` (still percent-encoded) under this policy; `/` is no segment at all.
    public func segments(of path: String) -> [Substring] {
        var pieces = path.split(separator: "/", omittingEmptySubsequences: false)
        // A path starts with a slash, which splits off an empty first piece; a bare `""` is the root too.
        if pieces.first?.isEmpty == true { pieces.removeFirst() }
        switch self {
        case .exact:
            // `/` alone splits into one empty piece: the root, not a segment.
            if pieces == [""] { return [] }
            return pieces
        case .ignoringTrailingSlash:
            while pieces.last?.isEmpty == true { pieces.removeLast() }
            return pieces
        case .ignoringEmptySegments:
            return pieces.filter { !$0.isEmpty }
        }
    }

    /// `path` as this policy reads it (`/map/` → `/map`), for handlers that look at the path themselves.
    public func normalise(_ path: String) -> String {
        switch self {
        case .exact: path
        case .ignoringTrailingSlash, .ignoringEmptySegments: "/" + segments(of: path).joined(separator: "/")
        }
    }
}
