/// Why a server certificate could not be made or read; each says which file or host and what to do.
public enum TLSIdentityError: Error, CustomStringConvertible, Sendable {
    /// A certificate or key file that cannot be read (missing, a folder, too large).
    case unreadable(path: String, reason: String)
    /// A file that holds no PEM block of the kind needed.
    case missingPEM(path: String, expected: String)
    /// A file whose PEM the TLS library rejects.
    case invalidPEM(path: String, reason: String)
    /// A Java keystore or PKCS#12 file where PEM is needed.
    case keystore(path: String)
    /// A host the mock cannot make a certificate for (an IPv6 literal).
    case unsupportedHost(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .missingPEM(let path, let expected): "\(path) holds no \(expected) (a PEM block '-----BEGIN …')"
        case .invalidPEM(let path, let reason): "\(path) is not usable PEM: \(reason)"
        case .keystore(let path):
            "\(path) looks like a Java keystore or PKCS#12 file; fscript takes PEM: convert it with "
                + "'keytool -importkeystore -deststoretype PKCS12' then 'openssl pkcs12 -nodes -in FILE.p12 -out FILE.pem'"
        case .unsupportedHost(let host): "no certificate for '\(host)': IPv6 addresses are not supported"
        }
    }
}
