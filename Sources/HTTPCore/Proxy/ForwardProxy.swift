import NIOConcurrencyHelpers
import NIOSSL

/// A server that is also a browser's (forward) proxy, as WireMock's `--enable-browser-proxying`: it takes
/// absolute-form requests (`GET http://api.example.com/x HTTP/1.1`) and `CONNECT host:443` tunnels, and answers
/// what comes through them itself, HTTPS inside a tunnel decrypted with a certificate for the host signed by its
/// own CA (`authority`), which the client is told to trust.
///
/// It never opens a connection for a tunnel: a CONNECT is answered by this server, so the only place a tunnel
/// reaches is the mock. At most `maxTunnels` are open at once (one more is answered 503); an idle one closes at the
/// server's idle limit, as any connection does.
public final class ForwardProxy: Sendable {
    /// The CA whose certificates the tunnels present.
    public let authority: CertificateAuthority
    /// Tunnels open at once, at most.
    public let maxTunnels: Int
    private let open = NIOLockedValueBox(0)

    /// Tunnels open at once unless told otherwise.
    public static let defaultMaxTunnels = 256

    public init(authority: CertificateAuthority, maxTunnels: Int = defaultMaxTunnels) {
        self.authority = authority
        self.maxTunnels = max(1, maxTunnels)
    }

    /// Tunnels open now.
    public var openTunnels: Int { open.withLockedValue { $0 } }

    /// Counts a tunnel in, unless `maxTunnels` are open already.
    func enter() -> Bool {
        open.withLockedValue { count in
            guard count < maxTunnels else { return false }
            count += 1
            return true
        }
    }

    /// Counts a closed tunnel out.
    func leave() {
        open.withLockedValue { $0 = max(0, $0 - 1) }
    }

    /// A CONNECT target checked: `host:port`, a host name (letters, digits, `-` and `.`) or an IPv4 address, and a
    /// port from 1 to 65535. Nil, with why, for anything else (an IPv6 literal, a user part, a path).
    static func target(_ text: String) -> (host: String, port: Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (1...65535).contains(port)
        else { return nil }
        let host = text[..<colon].lowercased()
        guard (1...253).contains(host.count), !host.hasPrefix("."), !host.hasPrefix("-"),
            host.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "." })
        else { return nil }
        return (host, port)
    }
}
