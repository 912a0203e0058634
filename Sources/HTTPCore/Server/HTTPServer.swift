import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A running HTTP/1.1 server around one responder, on SwiftNIO's shared event loops.
///
/// Start it on port 0 to get a free port (tests, the embedded simulator, `mock.start{}`); read the real port
/// from `port`. `stop()` closes the listener and every open connection, so a relaunch starts clean.
public final class HTTPServer: Sendable {
    /// The address the server listens on, as given.
    public let host: String
    /// The port it really listens on (never 0 once started).
    public let port: Int
    private let channel: any Channel
    private let connections: NIOLockedValueBox<[ObjectIdentifier: any Channel]>
    /// True when it speaks HTTPS (started with a TLS context).
    public let isSecure: Bool

    private init(
        host: String, port: Int, channel: any Channel, connections: NIOLockedValueBox<[ObjectIdentifier: any Channel]>,
        isSecure: Bool
    ) {
        self.host = host
        self.port = port
        self.isSecure = isSecure
        self.channel = channel
        self.connections = connections
    }

    /// The base URL clients use, e.g. `http://127.0.0.1:37265` (`https://` when it speaks TLS).
    public var url: String {
        let scheme = isSecure ? "https" : "http"
        return host.contains(":") ? "\(scheme)://[\(host)]:\(port)" : "\(scheme)://\(host):\(port)"
    }

    /// Binds and starts serving. Throws `HTTPServerError` when the address cannot be bound (in use, not local,
    /// bad host).
    ///
    /// - Parameter tls: speak HTTPS with this certificate: TLS is one handler in front of the same pipeline, so
    ///   the limits, the Host and Origin checks and the responder are those of plain HTTP.
    /// - Parameter proxy: also be a browser's proxy (absolute-form requests, CONNECT tunnels answered here).
    public static func start(
        host: String = "127.0.0.1",
        port: Int = 0,
        responder: any HTTPResponder,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        limits: ServerLimits = .standard,
        tls identity: TLSIdentity? = nil,
        proxy: ForwardProxy? = nil
    ) throws -> HTTPServer {
        let tls = try identity?.makeServerContext()
        let connections = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                let key = ObjectIdentifier(channel)
                let open = connections.withLockedValue { open in
                    open[key] = channel
                    return open.count
                }
                channel.closeFuture.whenComplete { _ in _ = connections.withLockedValue { $0.removeValue(forKey: key) } }
                if open > limits.maxConnections {
                    return channel.eventLoop.makeCompletedFuture {
                        if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                        try channel.pipeline.syncOperations.addHandler(TooManyConnections(limit: limits.maxConnections))
                    }
                }
                return channel.eventLoop.makeCompletedFuture {
                    // First, so the connection guard's clock runs from the TCP connection: a client that never
                    // finishes its handshake is closed at the request limit.
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    let connection = ConnectionGuard(limits: limits)
                    try channel.pipeline.syncOperations.addHandler(connection)
                    // NIO's request decoder alone: `HTTPServerHandler` frames answers and orders pipelined requests.
                    try channel.pipeline.syncOperations.addHandler(
                        ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)),
                        name: HTTPServerHandler.decoderName)
                    try channel.pipeline.syncOperations.addHandler(
                        HTTPServerHandler(
                            responder: responder, limits: limits, connection: connection,
                            scheme: tls == nil ? "http" : "https", proxy: proxy),
                        name: HTTPServerHandler.handlerName)
                }
            }
        let channel: any Channel
        do {
            channel = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            throw HTTPServerError.binding(error, host: host, port: port)
        }
        let boundPort = channel.localAddress?.port ?? port
        return HTTPServer(
            host: host, port: boundPort, channel: channel, connections: connections, isSecure: tls != nil)
    }

    /// Stops listening and closes every open connection; safe to call twice.
    public func stop() {
        try? channel.close().wait()
        let open = connections.withLockedValue { Array($0.values) }
        for connection in open {
            try? connection.close().wait()
        }
    }

    /// Blocks until the server stops (by `stop()` from another thread, or a fatal listener error).
    public func wait() throws {
        try channel.closeFuture.wait()
    }

    /// The number of connections open right now.
    public var connectionCount: Int { connections.withLockedValue { $0.count } }
}
