/// A request target in absolute form (`http://api.example.com:8080/x?y`), as a browser sends it to its proxy:
/// split into the scheme, the authority (for the Host header) and the origin-form target the responder sees.
struct AbsoluteForm {
    let scheme: String
    let authority: String
    let target: String

    /// Nil unless `uri` starts with `http://` or `https://` and has an authority.
    init?(_ uri: String) {
        let lower = uri.prefix(8).lowercased()
        let scheme: String
        if lower.hasPrefix("http://") {
            scheme = "http"
        } else if lower.hasPrefix("https://") {
            scheme = "https"
        } else {
            return nil
        }
        let rest = uri.dropFirst(scheme.count + 3)
        let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        guard end > rest.startIndex, !rest[..<end].contains("@") else { return nil }
        self.scheme = scheme
        authority = String(rest[..<end])
        let path = rest[end...]
        target = path.hasPrefix("/") ? String(path) : "/" + path
    }
}
