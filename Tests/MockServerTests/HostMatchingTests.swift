import HTTPCore
import JSON
import Testing

@testable import MockServer

/// WireMock's `host`, `scheme` and `port` request patterns: one mock as a browser proxy tells domains apart by
/// them, and a mapping that misspells them is refused where it is loaded.
@Suite struct HostMatchingTests {
    private func matcher(_ json: String) throws -> RequestMatcher {
        RequestMatcher(try WireMockMapping.requestPattern(try JSONValue(parsing: Array(json.utf8)), at: "request"))
    }

    private func request(host: String?, scheme: String = "http") -> HTTPRequest {
        var request = HTTPRequest(method: "GET", uri: "/x", headers: host.map { [(name: "Host", value: $0)] } ?? [])
        request.scheme = scheme
        return request
    }

    @Test func hostSchemeAndPortMatchAsWireMockDoes() throws {
        let api = try matcher(#"{"url": "/x", "host": {"equalTo": "api.example.com"}, "scheme": "https", "port": 443}"#)
        #expect(api.evaluate(request(host: "api.example.com", scheme: "https")).isMatch)
        #expect(api.evaluate(request(host: "API.example.com:443", scheme: "https")).isMatch)
        #expect(
            api.evaluate(request(host: "cdn.example.com", scheme: "https")).explanation
                == "host did not match (expected api.example.com, got cdn.example.com)")
        #expect(
            api.evaluate(request(host: "api.example.com:8443", scheme: "https")).explanation
                == "port did not match (expected 443, got 8443)")
        #expect(
            api.evaluate(request(host: "api.example.com")).explanation
                == "scheme did not match (expected https, got http); port did not match (expected 443, got 80)")
        let anyCDN = try matcher(#"{"host": {"matches": "cdn[0-9]*\\.example\\.com"}}"#)
        #expect(anyCDN.evaluate(request(host: "cdn2.example.com")).isMatch)
        #expect(!anyCDN.evaluate(request(host: nil)).isMatch)
    }

    @Test func mistakesAreRefusedAtTheirPath() {
        func loadError(_ json: String) -> String {
            errorText { _ = try matcher(json) }
        }
        #expect(loadError(#"{"scheme": "ftp"}"#) == #"request.scheme: expected "http" or "https", got "ftp""#)
        #expect(loadError(#"{"port": 70000}"#).hasPrefix("request.port:"))
        #expect(loadError(#"{"host": "api.example.com"}"#).hasPrefix("request.host:"))
    }
}
