#if canImport(Glibc)
import Glibc
#endif
import NIOCore

/// Why a server could not start listening, worded for a person: `cannot listen on 127.0.0.1:37265 (address
/// already in use)` rather than NIO's `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`.
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The address asked for.
    public let host: String
    /// The port asked for.
    public let port: Int
    /// The cause alone, lower case: "address already in use", "cannot resolve 'nohost'".
    public let reason: String

    public init(host: String, port: Int, reason: String) {
        self.host = host
        self.port = port
        self.reason = reason
    }

    public var description: String { "cannot listen on \(host):\(port) (\(reason))" }

    /// Maps what NIO's bind reports to a reason.
    static func binding(_ error: any Error, host: String, port: Int) -> HTTPServerError {
        let reason: String
        if let error = error as? IOError {
            let text = String(cString: strerror(error.errnoCode))
            reason = text.prefix(1).lowercased() + text.dropFirst()
        } else if error is SocketAddressError {
            reason = "cannot resolve '\(host)'"
        } else {
            reason = "\(error)"
        }
        return HTTPServerError(host: host, port: port, reason: reason)
    }
}
