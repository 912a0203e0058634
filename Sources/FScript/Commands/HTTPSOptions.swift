import ArgumentParser
import Foundation
import HTTPCore

/// `fscript mock`'s HTTPS flags: WireMock's `--https-port` and `--https-keystore` (PEM here, not a Java keystore),
/// and `--https-cert-file`/`--https-key-file` for a certificate and key in two PEM files.
///
/// Without given files the mock makes a CA at start, signs a certificate for `127.0.0.1` and `localhost` with it,
/// and writes the CA's certificate where a client can trust it (`curl --cacert FILE`).
struct HTTPSOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Also serve HTTPS on this port (0 picks a free one), as WireMock's flag; the plain --port listener stays.",
            valueName: "port"))
    var httpsPort: Int?

    @Option(
        help: ArgumentHelp(
            "A PEM file with the HTTPS certificate chain and its private key. WireMock's flag takes a Java keystore: "
                + "fscript takes PEM, and refuses a .jks, .p12 or .pfx file by name.", valueName: "file"))
    var httpsKeystore: String?

    @Option(help: ArgumentHelp("A PEM file with the HTTPS certificate chain (with --https-key-file).", valueName: "file"))
    var httpsCertFile: String?

    @Option(help: ArgumentHelp("A PEM file with the HTTPS private key, unencrypted (with --https-cert-file).", valueName: "file"))
    var httpsKeyFile: String?

    @Option(
        help: ArgumentHelp(
            "Where to write the certificate of the CA the mock makes, for clients to trust (default: a new file in "
                + "the temporary folder, printed at start).", valueName: "file"))
    var httpsCaFile: String?

    func validate() throws {
        if let httpsPort, !(0...65535).contains(httpsPort) {
            throw ValidationError("--https-port must be 0 to 65535, got \(httpsPort)")
        }
        if (httpsCertFile == nil) != (httpsKeyFile == nil) {
            throw ValidationError("--https-cert-file and --https-key-file go together: give both, or --https-keystore")
        }
        if httpsKeystore != nil && httpsCertFile != nil {
            throw ValidationError("--https-keystore holds the certificate and the key: give it or the two files, not both")
        }
        if httpsPort == nil && (httpsKeystore != nil || httpsCertFile != nil) {
            throw ValidationError("a certificate is for the HTTPS listener: give --https-port too")
        }
    }

    /// True when the certificate comes from the user's files rather than from the mock's own CA.
    var givesFiles: Bool { httpsKeystore != nil || httpsCertFile != nil }

    /// The given files' certificate, read and checked now so a bad file is an error at start.
    func givenIdentity() throws -> TLSIdentity? {
        if let httpsKeystore { return try TLSIdentity.load(certificateFile: httpsKeystore, keyFile: httpsKeystore) }
        if let httpsCertFile, let httpsKeyFile {
            return try TLSIdentity.load(certificateFile: httpsCertFile, keyFile: httpsKeyFile)
        }
        return nil
    }

    /// Writes the CA's certificate where `--https-ca-file` says, or to a new file in the temporary folder; returns
    /// its path.
    func writeAuthority(_ authority: CertificateAuthority) throws -> String {
        let path =
            httpsCaFile
            ?? (NSTemporaryDirectory() as NSString).appendingPathComponent(
                "fscript-mock-\(ProcessInfo.processInfo.processIdentifier)-ca.pem")
        do {
            try Data(authority.certificatePEM.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ValidationError("cannot write the mock's CA certificate to \(path): \(error.localizedDescription)")
        }
        return path
    }
}

extension HTTPSOptions {
    /// The HTTPS listener to start, if `--https-port` asks for one: the given files' certificate, or one signed by
    /// `authority` (made now when nil) for `127.0.0.1` and `localhost`, its CA written out (`caFile`).
    func listener(authority: CertificateAuthority?) throws -> (
        listener: (port: Int, identity: TLSIdentity)?, caFile: String?
    ) {
        guard let httpsPort else { return (nil, nil) }
        if let given = try givenIdentity() { return ((httpsPort, given), nil) }
        let authority = try authority ?? CertificateAuthority()
        let caFile = try writeAuthority(authority)
        return ((httpsPort, try authority.identity(for: ["127.0.0.1", "localhost"])), caFile)
    }
}
