import Testing

@testable import HTTPCore

/// A browser proxy's inputs checked where they enter: CONNECT targets, absolute-form request targets, the Host a
/// request was for; and the CA's certificates, one per host, kept within their bound.
@Suite struct ForwardProxyTests {
    @Test(arguments: [
        ("api.example.com:443", "api.example.com", 443), ("API.Example.com:8443", "api.example.com", 8443),
        ("127.0.0.1:1", "127.0.0.1", 1),
    ])
    func connectTargetsTaken(text: String, host: String, port: Int) throws {
        let target = try #require(ForwardProxy.target(text))
        #expect(target.host == host && target.port == port)
    }

    @Test(arguments: [
        "api.example.com", "api.example.com:0", "api.example.com:65536", ":443", "user@api.example.com:443",
        "[::1]:443", "api.example.com/x:443", "-x.example.com:443", "bad_host:443",
    ])
    func connectTargetsRefused(text: String) {
        #expect(ForwardProxy.target(text) == nil)
    }

    @Test func absoluteFormSplitsIntoSchemeAuthorityAndTarget() throws {
        let plain = try #require(AbsoluteForm("http://api.example.com:8080/x?y=1"))
        #expect(plain.scheme == "http" && plain.authority == "api.example.com:8080" && plain.target == "/x?y=1")
        let bare = try #require(AbsoluteForm("HTTPS://cdn.example.com"))
        #expect(bare.scheme == "https" && bare.authority == "cdn.example.com" && bare.target == "/")
        #expect(AbsoluteForm("/x") == nil)
        #expect(AbsoluteForm("http:///x") == nil)
        #expect(AbsoluteForm("http://user@api.example.com/x") == nil)
    }

    @Test func hostNameAndPortComeFromHostAndScheme() {
        var request = HTTPRequest(method: "GET", uri: "/", headers: [(name: "Host", value: "API.example.com")])
        #expect(request.hostName == "api.example.com" && request.portNumber == 80)
        request.scheme = "https"
        #expect(request.portNumber == 443)
        let v6 = HTTPRequest(method: "GET", uri: "/", headers: [(name: "Host", value: "[::1]:8080")])
        #expect(v6.hostName == "[::1]" && v6.portNumber == 8080)
    }

    @Test func authorityIssuesOneContextPerHostAndRefusesIPv6() throws {
        let authority = try CertificateAuthority()
        #expect(authority.certificatePEM.hasPrefix("-----BEGIN CERTIFICATE-----"))
        let first = try authority.context(forHost: "api.example.com")
        #expect(try authority.context(forHost: "API.example.com") === first)
        _ = try authority.identity(for: ["127.0.0.1", "localhost"])
        #expect(throws: TLSIdentityError.self) { try authority.identity(for: ["::1"]) }
    }

    @Test func tunnelsAreCountedWithinTheirLimit() throws {
        let proxy = ForwardProxy(authority: try CertificateAuthority(), maxTunnels: 2)
        #expect(proxy.enter() && proxy.enter())
        #expect(!proxy.enter())
        proxy.leave()
        #expect(proxy.enter())
        #expect(proxy.openTunnels == 2)
    }
}
