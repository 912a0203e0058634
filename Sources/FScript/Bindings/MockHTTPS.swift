import Foundation
import HTTPCore
import WebTarget

/// `mock.start{https = true}` and `browser_proxy = true`: a CA made for this mock, the certificate it signs for
/// `127.0.0.1` and `localhost` (the HTTPS listener's), and the CA's certificate written to a file of its own in
/// the temporary folder (`server.ca_file`), which the app under test is told to trust. One CA serves both, so
/// the app trusts one file.
/// With `web_proxy` the CA is the run's (`init(relay:)`), which the web target's Chromium already trusts.
struct MockHTTPS {
    let authority: CertificateAuthority
    let caFile: String

    static func make() throws -> MockHTTPS {
        let authority = try CertificateAuthority()
        let caFile = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "fscript-mock-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))-ca.pem")
        do {
            try Data(authority.certificatePEM.utf8).write(to: URL(fileURLWithPath: caFile), options: .atomic)
        } catch {
            throw MockStartError(description: "mock.start: cannot write the CA certificate to \(caFile) (\(error))")
        }
        return MockHTTPS(authority: authority, caFile: caFile)
    }

    /// The run's CA, with `web_proxy`: the web proxy's own, whose file is the run's (not removed with the mock).
    init(relay: BrowserProxyRelay) {
        authority = relay.authority
        caFile = relay.caFile
    }

    private init(authority: CertificateAuthority, caFile: String) {
        self.authority = authority
        self.caFile = caFile
    }

    /// The HTTPS listener's certificate, for the loopback names.
    func identity() throws -> TLSIdentity {
        try authority.identity(for: ["127.0.0.1", "localhost"])
    }
}
