import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A small HTTP/1.1 client that keeps connections alive between requests.
///
/// A Frankly test sends hundreds of small requests to one server; reusing the connection saves a TCP handshake
/// each time, which is most of the cost on loopback. `reuseConnections: false` opens a connection per request,
/// as Frank's Ruby driver does (the benchmark compares both).
///
/// Two ways in, one per kind of caller. The blocking `send` (in `HTTPClient+Send.swift`) is for the Lua thread:
/// it does the exchange on the caller's own thread, because handing it to an event loop and back costs two
/// thread wake-ups, which on loopback take longer than the server's answer. `execute` is for code already on an
/// event loop (the simulator's backend calls) and runs on NIO channels. Never call `send` on an event loop.
public final class HTTPClient: Sendable {
    /// Whether finished connections are kept for the next request to the same host and port.
    public let reuseConnections: Bool
    private let group: any EventLoopGroup
    /// Kept NIO channels, for `execute`.
    private let idle = NIOLockedValueBox<[String: [any Channel]]>([:])
    /// Kept sockets, for `send`.
    let idleSockets = NIOLockedValueBox<[String: [ClientSocket]]>([:])
    private let targets = NIOLockedValueBox<[String: Target]>([:])

    public init(reuseConnections: Bool = true, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.reuseConnections = reuseConnections
        self.group = group
    }

    /// Seconds a request may take unless its caller says otherwise: every client of fscript's (the Frankly
    /// client, the run's `request_timeout` default, `frank.connect`) starts from this one number.
    public static let defaultTimeoutSeconds: Int64 = 10

    /// Sends the request; the future fails with an `HTTPClientError`.
    public func execute(_ request: HTTPClientRequest, timeout: TimeAmount = .seconds(defaultTimeoutSeconds)) -> EventLoopFuture<HTTPClientResponse> {
        guard let target = target(for: request.url) else {
            return group.next().makeFailedFuture(HTTPClientError.invalidURL(request.url))
        }
        let deadline = NIODeadline.now() + timeout
        let channel = takeIdleChannel(for: target.key)
        let loop = channel?.eventLoop ?? group.next()
        if loop.inEventLoop {
            return run(request, target: target, idleChannel: channel, deadline: deadline, timeout: timeout)
        }
        return loop.flatSubmit {
            self.run(request, target: target, idleChannel: channel, deadline: deadline, timeout: timeout)
        }
    }

    /// The exchange, on a kept connection when there is one (retried once on a fresh one if the server closed it
    /// meanwhile), else on a new connection. Called on `idleChannel`'s loop.
    private func run(
        _ request: HTTPClientRequest, target: Target, idleChannel: (any Channel)?, deadline: NIODeadline,
        timeout: TimeAmount
    ) -> EventLoopFuture<HTTPClientResponse> {
        guard let channel = idleChannel else {
            return connectAndExchange(request, target: target, deadline: deadline, timeout: timeout)
        }
        return exchange(request, target: target, on: channel, deadline: deadline, timeout: timeout)
            .flatMapError { error in
                // A kept connection the server has since closed fails before any answer: retry once, fresh.
                guard error as? HTTPClientError == .closedBeforeResponse else {
                    return channel.eventLoop.makeFailedFuture(error)
                }
                return self.connectAndExchange(request, target: target, deadline: deadline, timeout: timeout)
            }
    }

    /// Closes every kept connection.
    public func shutdown() {
        let channels = idle.withLockedValue { pool in
            defer { pool.removeAll() }
            return pool.values.flatMap { $0 }
        }
        for channel in channels { channel.close(promise: nil) }
        let sockets = idleSockets.withLockedValue { pool in
            defer { pool.removeAll() }
            return pool.values.flatMap { $0 }
        }
        for socket in sockets { socket.close() }
    }

    /// Connects and sends; the connection is made on the loop this runs on when it is one of ours, so the whole
    /// exchange stays on one thread.
    private func connectAndExchange(
        _ request: HTTPClientRequest, target: Target, deadline: NIODeadline, timeout: TimeAmount
    ) -> EventLoopFuture<HTTPClientResponse> {
        ClientBootstrap(group: group.any())
            .connectTimeout(max(deadline - .now(), .milliseconds(1)))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(HTTPClientHandler())
                }
            }
            .connect(host: target.host, port: target.port)
            .flatMapErrorThrowing { throw HTTPClientError.from($0) }
            .flatMap { channel in
                self.exchange(request, target: target, on: channel, deadline: deadline, timeout: timeout)
            }
    }

    private func exchange(
        _ request: HTTPClientRequest, target: Target, on channel: any Channel, deadline: NIODeadline,
        timeout: TimeAmount
    ) -> EventLoopFuture<HTTPClientResponse> {
        var headers = HTTPHeaders(request.headers.map { ($0.name, $0.value) })
        if !headers.contains(name: "Host") { headers.add(name: "Host", value: target.hostHeader) }
        headers.replaceOrAdd(name: "Content-Length", value: String(request.body.count))
        if !reuseConnections { headers.replaceOrAdd(name: "Connection", value: "close") }
        let head = HTTPRequestHead(
            version: .http1_1, method: HTTPMethod(rawValue: request.method), uri: target.pathAndQuery, headers: headers
        )
        let promise = channel.eventLoop.makePromise(of: HTTPClientResponse.self)
        let timer = channel.eventLoop.scheduleTask(deadline: deadline) {
            promise.fail(HTTPClientError.timeout(seconds: Double(timeout.nanoseconds) / 1e9))
            channel.close(promise: nil)
        }
        let exchange = HTTPExchange(head: head, body: request.body, bodyLimit: request.maxResponseBytes, promise: promise)
        channel.writeAndFlush(exchange).whenFailure { error in
            promise.fail(HTTPClientError.from(error))
        }
        return promise.futureResult.map { response in
            timer.cancel()
            if self.reuseConnections, channel.isActive {
                self.idle.withLockedValue { $0[target.key, default: []].append(channel) }
            } else {
                channel.close(promise: nil)
            }
            return response
        }.flatMapErrorThrowing { error in
            timer.cancel()
            channel.close(promise: nil)
            throw error
        }
    }

    /// The parsed URL, remembered: a Frankly client sends to the same few URLs all the time, and `URLComponents`
    /// cost more than the rest of building a request. The memory is bounded, for clients that never repeat a URL.
    func target(for url: String) -> Target? {
        if let known = targets.withLockedValue({ $0[url] }) { return known }
        guard let target = Target(url) else { return nil }
        targets.withLockedValue { known in
            if known.count >= 64 { known.removeAll() }
            known[url] = target
        }
        return target
    }

    /// A kept connection to `key`, one on the calling event loop when there is one: a server answering on one
    /// loop (the mock's proxying stubs) that took a connection of another loop's sent every exchange across
    /// threads and back.
    private func takeIdleChannel(for key: String) -> (any Channel)? {
        guard reuseConnections else { return nil }
        let current = MultiThreadedEventLoopGroup.currentEventLoop
        return idle.withLockedValue { pool in
            pool[key]?.removeAll { !$0.isActive }
            guard let channels = pool[key], !channels.isEmpty else { return nil }
            let index = current.flatMap { loop in channels.lastIndex { $0.eventLoop === loop } } ?? channels.count - 1
            return pool[key]?.remove(at: index)
        }
    }
}

/// Where a URL points: host, port, and what goes on the request line.
struct Target: Sendable {
    let host: String
    let port: Int
    let pathAndQuery: String
    /// `host:port`, the key of the kept-connection pool.
    let key: String
    /// The `Host` header: `host:port`, with brackets around an IPv6 address.
    let hostHeader: String

    init?(_ url: String) {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "http",
            let host = components.host, !host.isEmpty
        else { return nil }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        port = components.port ?? 80
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        pathAndQuery = components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
        key = "\(self.host):\(port)"
        hostHeader = self.host.contains(":") ? "[\(self.host)]:\(port)" : key
    }
}
