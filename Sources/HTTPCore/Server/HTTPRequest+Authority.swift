/// Which host, port and scheme a request was for: what WireMock's `host`, `port` and `scheme` request patterns
/// match, so one mock serving as a browser proxy answers `api.example.com` and `cdn.example.com` with different
/// stubs.
extension HTTPRequest {
    /// The Host header's name part, lower case (`api.example.com`, `127.0.0.1`); empty without a Host header.
    public var hostName: String {
        guard let host = header("Host") else { return "" }
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            return String(host[...close]).lowercased()
        }
        return String(host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[0]).lowercased()
    }

    /// The Host header's port, or the scheme's default (443 for https, 80 for http).
    public var portNumber: Int {
        if let host = header("Host"), let colon = host.lastIndex(of: ":"), !host.hasSuffix("]"),
            let port = Int(host[host.index(after: colon)...])
        {
            return port
        }
        return scheme == "https" ? 443 : 80
    }
}
