import Foundation
import NIOSSL

/// A server's certificate chain and private key, checked when made, from which each TLS listener builds its context.
///
/// Made by a `CertificateAuthority` (the mock's own, at start) or read from PEM files a user gives
/// (`--https-cert-file`/`--https-key-file`, or one `--https-keystore` file holding both). The files are read
/// and parsed where they enter, so a wrong path or a key that is not PEM is an error at start naming the file,
/// not a failed handshake later.
public struct TLSIdentity: Sendable {
    private let chain: [NIOSSLCertificate]
    private let key: NIOSSLPrivateKey

    /// PEM text as `CertificateAuthority` writes it: the server's certificate first, then its issuers.
    public init(certificateChainPEM: String, privateKeyPEM: String) throws {
        chain = try NIOSSLCertificate.fromPEMBytes(Array(certificateChainPEM.utf8))
        key = try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)
    }

    /// Reads a certificate chain file and a key file (both may be the same file). Throws `TLSIdentityError`.
    public static func load(certificateFile: String, keyFile: String) throws -> TLSIdentity {
        let certificates = try read(certificateFile)
        let key = keyFile == certificateFile ? certificates : try read(keyFile)
        guard certificates.contains("-----BEGIN CERTIFICATE-----") else {
            throw TLSIdentityError.missingPEM(path: certificateFile, expected: "certificate")
        }
        guard key.range(of: #"-----BEGIN [A-Z ]*PRIVATE KEY-----"#, options: .regularExpression) != nil else {
            throw TLSIdentityError.missingPEM(path: keyFile, expected: "private key")
        }
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMBytes(Array(certificates.utf8))
        } catch {
            throw TLSIdentityError.invalidPEM(path: certificateFile, reason: "\(error)")
        }
        let privateKey: NIOSSLPrivateKey
        do {
            privateKey = try NIOSSLPrivateKey(bytes: Array(key.utf8), format: .pem)
        } catch {
            throw TLSIdentityError.invalidPEM(path: keyFile, reason: "\(error) (an encrypted key is not supported)")
        }
        return TLSIdentity(chain: chain, key: privateKey)
    }

    private init(chain: [NIOSSLCertificate], key: NIOSSLPrivateKey) {
        self.chain = chain
        self.key = key
    }

    /// A TLS server context offering HTTP/1.1 (ALPN `http/1.1`), TLS 1.2 or newer.
    public func makeServerContext() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.applicationProtocols = ["http/1.1"]
        return try NIOSSLContext(configuration: configuration)
    }

    /// A PEM file's text: a regular file of at most 1 MiB, not a Java keystore (refused by name, with how to
    /// convert it).
    private static func read(_ path: String) throws -> String {
        let lower = path.lowercased()
        if [".jks", ".p12", ".pfx", ".keystore"].contains(where: lower.hasSuffix) {
            throw TLSIdentityError.keystore(path: path)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw TLSIdentityError.unreadable(path: path, reason: "no such file")
        }
        guard !isFolder.boolValue else { throw TLSIdentityError.unreadable(path: path, reason: "a folder") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TLSIdentityError.unreadable(path: path, reason: "permission denied")
        }
        defer { try? handle.close() }
        let limit = 1 << 20
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        guard data.count <= limit else { throw TLSIdentityError.unreadable(path: path, reason: "larger than 1 MiB") }
        // A keystore by its bytes under another name: JKS's magic number, or DER (PKCS#12 starts with a SEQUENCE).
        if data.starts(with: [0xFE, 0xED, 0xFE, 0xED]) || data.first == 0x30 {
            throw TLSIdentityError.keystore(path: path)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
