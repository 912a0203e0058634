import Crypto
import Foundation
import NIOConcurrencyHelpers
import NIOSSL
import SwiftASN1
import X509

/// A certificate authority made at start, whose certificate a client is told to trust (`curl --cacert`, an NSS
/// database), and the server certificates it signs: one for `127.0.0.1` and `localhost` (`fscript mock
/// --https-port`), and one per host a browser proxy intercepts (`--enable-browser-proxying`).
///
/// A CA rather than one self-signed server certificate: the same file then serves both, and browsers refuse a
/// server certificate that is its own CA. Its key never leaves the process; it lives as long as the mock, so a
/// client that trusts it trusts nothing after the mock stops.
public final class CertificateAuthority: Sendable {
    /// The CA's certificate as PEM, for the file clients trust.
    public let certificatePEM: String
    /// The SHA-256 of the CA's public key (its DER SubjectPublicKeyInfo), base64: what Chromium's
    /// `--ignore-certificate-errors-spki-list` takes, so a browser trusts this CA alone without a certificate store.
    public let publicKeyPin: String
    private let certificate: Certificate
    private let key: P256.Signing.PrivateKey
    private let issued: NIOLockedValueBox<(contexts: [String: NIOSSLContext], order: [String])>
    /// Server contexts kept for the hosts a proxy intercepts; the oldest goes when one more is made.
    public static let cachedHosts = 256

    /// Makes a new key pair and a CA certificate valid from an hour ago (clocks differ) for 30 days.
    public init(name: String = "fscript mock CA") throws {
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName { CommonName(name) }
        let now = Date()
        certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(key.publicKey),
            notValidBefore: now - 3600, notValidAfter: now + 30 * 86400, issuer: subject, subject: subject,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: .init(key.publicKey))
            },
            issuerPrivateKey: .init(key))
        certificatePEM = try certificate.serializeAsPEM().pemString
        publicKeyPin = Data(SHA256.hash(data: key.publicKey.derRepresentation)).base64EncodedString()
        self.key = key
        issued = NIOLockedValueBox((contexts: [:], order: []))
    }

    /// A server certificate for `hosts` (names or IP addresses), signed by this CA, with its own new key.
    public func identity(for hosts: [String]) throws -> TLSIdentity {
        let leafKey = P256.Signing.PrivateKey()
        let names = try hosts.map(Self.subjectAlternativeName)
        let now = Date()
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: .init(leafKey.publicKey),
            // Browsers refuse server certificates valid for more than 398 days; 30 is plenty for a test run.
            notValidBefore: now - 3600, notValidAfter: now + 30 * 86400, issuer: certificate.subject,
            subject: try DistinguishedName { CommonName(hosts.first ?? "localhost") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names)
                SubjectKeyIdentifier(hash: .init(leafKey.publicKey))
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: .init(key.publicKey)).keyIdentifier)
            },
            issuerPrivateKey: .init(key))
        return try TLSIdentity(
            certificateChainPEM: try leaf.serializeAsPEM().pemString + "\n" + certificatePEM,
            privateKeyPEM: leafKey.pemRepresentation)
    }

    /// The server context for one intercepted host, made on first use and kept (at most `cachedHosts` of them):
    /// signing a certificate costs a millisecond or two, a tunnel is opened per connection.
    public func context(forHost host: String) throws -> NIOSSLContext {
        let name = host.lowercased()
        if let known = issued.withLockedValue({ $0.contexts[name] }) { return known }
        let context = try identity(for: [name]).makeServerContext()
        issued.withLockedValue { cache in
            if cache.contexts[name] == nil {
                cache.order.append(name)
                if cache.order.count > Self.cachedHosts { cache.contexts[cache.order.removeFirst()] = nil }
            }
            cache.contexts[name] = context
        }
        return context
    }

    /// An IP address as an `iPAddress` name (browsers do not match IPs against DNS names), anything else a DNS name.
    private static func subjectAlternativeName(_ host: String) throws -> GeneralName {
        if let v4 = IPv4Address(host) { return .ipAddress(ASN1OctetString(contentBytes: ArraySlice(v4.bytes))) }
        if host.contains(":") { throw TLSIdentityError.unsupportedHost(host) }
        return .dnsName(host)
    }
}
