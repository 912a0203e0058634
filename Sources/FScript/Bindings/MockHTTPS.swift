import Foundation
import HTTPCore

/// `mock.start{https = true}`: a CA made for this mock, the certificate it signs for `127.0.0.1` and `localhost`,
/// and the CA's certificate written to a file of its own in the temporary folder (`server.ca_file`), which the app
/// under test is told to trust.
struct MockHTTPS {
    let identity: TLSIdentity
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
        return MockHTTPS(identity: try authority.identity(for: ["127.0.0.1", "localhost"]), caFile: caFile)
    }
}
