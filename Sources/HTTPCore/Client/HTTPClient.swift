import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A small HTTP/1.1 client that keeps connections alive between requests.
///
/// A Frankly test sends hundreds of small requests to one server; reusing the connection saves a TCP handshake
/// each time, which is most of the cost on loopback. `reuseConnections: false` opens a connection per request,
/// as Frank's Ruby driver does (the benchmark compares both). The blocking `send` is for the Lua thread; never
/// call it on an event loop.
public final class HTTPClient: Sendable {
    /// Whether finished connections are kept for the next request to the same host and port.
    public let reuseConnections: Bool
    private let group: any EventLoopGroup
    private let idle = NIOLockedValueBox<[String: [any Channel]]>([:])

    public init(reuseConnections: Bool = true, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.reuseConnections = reuseConnections
        self.group = group
    }

    /// Sends the request and blocks until the whole response arrived or `timeout` passed.
    public func send(_ request: HTTPClientRequest, timeout: TimeAmount = .seconds(10)) throws -> HTTPClientResponse {
        do {
            return try execute(request, timeout: timeout).wait()
        } catch {
            throw HTTPClientError.from(error)
        }
    }

    /// Sends the request; the future fails with an `HTTPClientError`.
    public func execute(_ request: HTTPClientRequest, timeout: TimeAmount = .seconds(10)) -> EventLoopFuture<HTTPClientResponse> {
        guard let target = Target(request.url) else {
            return group.next().makeFailedFuture(HTTPClientError.invalidURL(request.url))
        }
        let deadline = NIODeadline.now() + timeout
        if let channel = takeIdleChannel(for: target.key) {
            return exchange(request, target: target, on: channel, deadline: deadline, timeout: timeout)
                .flatMapError { error in
                    // A kept connection the server has since closed fails before any answer: retry once, fresh.
                    guard error as? HTTPClientError == .closedBeforeResponse else {
                        return channel.eventLoop.makeFailedFuture(error)
                    }
                    return self.connectAndExchange(request, target: target, deadline: deadline, timeout: timeout)
                }
        }
        return connectAndExchange(request, target: target, deadline: deadline, timeout: timeout)
    }

    /// Closes every kept connection.
    public func shutdown() {
        let channels = idle.withLockedValue { pool in
            defer { pool.removeAll() }
            return pool.values.flatMap { $0 }
        }
        for channel in channels { channel.close(promise: nil) }
    }

    private func connectAndExchange(
        _ request: HTTPClientRequest, target: Target, deadline: NIODeadline, timeout: TimeAmount
    ) -> EventLoopFuture<HTTPClientResponse> {
        ClientBootstrap(group: group)
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
        channel.writeAndFlush(HTTPExchange(head: head, body: request.body, promise: promise)).whenFailure { error in
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

    private func takeIdleChannel(for key: String) -> (any Channel)? {
        guard reuseConnections else { return nil }
        return idle.withLockedValue { pool in
            while let channel = pool[key]?.popLast() {
                if channel.isActive { return channel }
            }
            return nil
        }
    }
}

/// Where a URL points: host, port, and what goes on the request line.
private struct Target {
    let host: String
    let port: Int
    let pathAndQuery: String

    init?(_ url: String) {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "http",
            let host = components.host, !host.isEmpty
        else { return nil }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        port = components.port ?? 80
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        pathAndQuery = components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
    }

    var key: String { "\(host):\(port)" }
    var hostHeader: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
