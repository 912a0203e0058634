import HTTPCore

/// WireMock's `host`, `scheme` and `port` request patterns: what a mock serving many domains as a browser proxy
/// (`--enable-browser-proxying`) tells `api.example.com` from `cdn.example.com` by.
extension RequestMatcher {
    static func authorityMismatches(_ pattern: RequestPattern, _ request: HTTPRequest) -> [Mismatch] {
        var mismatches: [Mismatch] = []
        if let host = pattern.host, !host.accepts([request.hostName], missingFitsNegatives: false) {
            mismatches.append(Mismatch(part: "host", expected: host.expectation, actual: request.hostName, weight: 2))
        }
        if let scheme = pattern.scheme, scheme != request.scheme {
            mismatches.append(Mismatch(part: "scheme", expected: scheme, actual: request.scheme, weight: 1))
        }
        if let port = pattern.port, port != request.portNumber {
            mismatches.append(Mismatch(part: "port", expected: "\(port)", actual: "\(request.portNumber)", weight: 1))
        }
        return mismatches
    }
}
