import Foundation
import HTTPCore
import NIOCore
import Synchronization
import Testing

@testable import WebTarget

#if canImport(Glibc)
import Glibc
#endif

/// The web target's browser proxy on a live port: each request goes to the owner routed now (the latest, then the
/// one before it once that one leaves), an answer still to come when its owner leaves is the relay's `502`, nothing
/// is routed while a browser starts, a request that is not a
/// browser's proxy request is refused, the connections it keeps are bounded, and stopping it leaves no port or
/// file behind. Chromium through it, HTTPS tunnels included, is Tests/web/web_proxy_test.sh.
@Suite struct BrowserProxyRelayTests {
    /// A responder that answers every request with `name` and the host it was for.
    private func answering(_ name: String) -> ClosureResponder {
        ClosureResponder { request, loop in
            loop.makeSucceededFuture(.text("\(name) \(request.header("Host") ?? "?")"))
        }
    }

    private final class Owner {}

    @Test func requestsGoToTheLatestRouteThenBackToTheOneBefore() throws {
        let relay = try BrowserProxyRelay.start()
        defer { relay.stop() }
        let first = Owner()
        let second = Owner()
        #expect(try proxied(relay, "GET http://api.example.test/items").hasPrefix("HTTP/1.1 502"))
        relay.route(first, to: answering("first"))
        #expect(try proxied(relay, "GET http://api.example.test/items").hasSuffix("first api.example.test"))
        relay.route(second, to: answering("second"))
        #expect(try proxied(relay, "GET http://cdn.example.test/x").hasSuffix("second cdn.example.test"))
        relay.unroute(second)
        #expect(try proxied(relay, "GET http://api.example.test/items").hasSuffix("first api.example.test"))
        relay.unroute(first)
        let none = try proxied(relay, "GET http://api.example.test/items")
        #expect(none.hasPrefix("HTTP/1.1 502"))
        #expect(none.contains("no mock answers the browser's requests now (GET http://api.example.test/items)"))
        #expect(none.lowercased().contains("access-control-allow-origin: *"))
    }

    /// What crosses threads in `aStoppedOwnerNeverAnswers`: the request's answer, and the promise its owner holds.
    private final class Exchange: Sendable {
        let answer = Mutex<Result<String, any Error>?>(nil)
        let held = Mutex<EventLoopPromise<HTTPResponse>?>(nil)
        let taken = DispatchSemaphore(value: 0)
        let answered = DispatchSemaphore(value: 0)
    }

    @Test func aStoppedOwnerNeverAnswers() throws {
        let relay = try BrowserProxyRelay.start()
        defer { relay.stop() }
        let owner = Owner()
        let exchange = Exchange()
        // A delayed stub: the owner takes the request and answers when the test says.
        relay.route(
            owner,
            to: ClosureResponder { _, loop in
                let promise = loop.makePromise(of: HTTPResponse.self)
                exchange.held.withLock { $0 = promise }
                exchange.taken.signal()
                return promise.futureResult
            })
        Thread {
            let answer = Result { try proxied(relay, "GET http://api.example.test/slow") }
            exchange.answer.withLock { $0 = answer }
            exchange.answered.signal()
        }.start()
        #expect(exchange.taken.wait(timeout: .now() + 10) == .success)
        relay.unroute(owner)
        exchange.held.withLock { $0 }?.succeed(.text("the stopped owner's answer"))
        #expect(exchange.answered.wait(timeout: .now() + 10) == .success)
        let answer = try #require(exchange.answer.withLock { $0 }).get()
        #expect(answer.hasPrefix("HTTP/1.1 502"))
        #expect(answer.contains("the mock that took this request stopped before it answered"))
        #expect(!answer.contains("the stopped owner's answer"))
    }

    @Test func nothingIsRoutedWhileHeld() throws {
        let relay = try BrowserProxyRelay.start()
        defer { relay.stop() }
        let owner = Owner()
        relay.route(owner, to: answering("mock"))
        let held = try relay.holding { try proxied(relay, "GET http://start.example.test/") }
        #expect(held.hasPrefix("HTTP/1.1 502"))
        #expect(try proxied(relay, "GET http://start.example.test/").hasSuffix("mock start.example.test"))
    }

    @Test func onlyABrowsersProxyRequestsEnter() throws {
        let relay = try BrowserProxyRelay.start()
        defer { relay.stop() }
        relay.route(Owner(), to: answering("mock"))
        let plain = try proxied(relay, "GET /items", host: "127.0.0.1")
        #expect(plain.hasPrefix("HTTP/1.1 400"))
        #expect(plain.contains("it takes a browser's proxy requests only"))
        let badTunnel = try proxied(relay, "CONNECT user@api.example.test:443", host: "api.example.test:443")
        #expect(badTunnel.hasPrefix("HTTP/1.1 400"))
    }

    @Test func connectionsAreBounded() throws {
        let relay = try BrowserProxyRelay.start()
        defer { relay.stop() }
        var sockets: [Int32] = []
        defer { sockets.forEach { _ = close($0) } }
        for _ in 0...BrowserProxyRelay.maxConnections { sockets.append(try connect(relay)) }
        // Connections are set up on several event loops, so which one is counted last is not the order of
        // connecting: the one answered at once is the one over the bound, and only one is.
        var fds = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        #expect(poll(&fds, nfds_t(fds.count), 5000) == 1)
        let refused = try #require(fds.first { $0.revents != 0 })
        let answer = try readAll(refused.fd)
        #expect(answer.hasPrefix("HTTP/1.1 503"))
        #expect(answer.contains("too many connections (more than \(BrowserProxyRelay.maxConnections) open)"))
    }

    @Test func chromiumIsToldTheProxyAndTheCAsKeyAndStopLeavesNothing() throws {
        let relay = try BrowserProxyRelay.start()
        let url = relay.url
        #expect(url.hasPrefix("http://127.0.0.1:"))
        #expect(relay.chromiumArguments.contains("--proxy-server=\(url)"))
        let pin = relay.authority.publicKeyPin
        #expect(relay.chromiumArguments.contains("--ignore-certificate-errors-spki-list=\(pin)"))
        #expect(Data(base64Encoded: pin)?.count == 32)
        #expect(FileManager.default.fileExists(atPath: relay.caFile))
        relay.stop()
        #expect(!FileManager.default.fileExists(atPath: relay.caFile))
        #expect(throws: (any Error).self) { try proxied(relay, "GET http://api.example.test/") }
    }

    // MARK: A raw client: a proxy request is not what an HTTP client sends.

    /// Sends `line` (a request line without the version) as a browser sends it to its proxy and returns the whole
    /// answer; the connection is closed after it.
    private func proxied(_ relay: BrowserProxyRelay, _ line: String, host: String? = nil) throws -> String {
        let socket = try connect(relay)
        defer { close(socket) }
        // The authority of an absolute-form target: `http://api.example.test/items` → `api.example.test`.
        let target = line.split(separator: " ")[1].split(separator: "/", omittingEmptySubsequences: true)
        let hostHeader = host ?? (target.count > 1 ? String(target[1]) : "?")
        let request = "\(line) HTTP/1.1\r\nHost: \(hostHeader)\r\nConnection: close\r\n\r\n"
        guard request.withCString({ send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }) > 0 else {
            throw TestFailure("send: \(String(cString: strerror(errno)))")
        }
        return try readAll(socket)
    }

    /// A TCP connection to the relay, reads timing out after 10 s.
    private func connect(_ relay: BrowserProxyRelay) throws -> Int32 {
        let port = UInt16(relay.url.split(separator: ":").last.flatMap { Int($0) } ?? 0)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            close(socket)
            throw TestFailure("connect to \(relay.url): \(String(cString: strerror(errno)))")
        }
        return socket
    }

    /// Everything the server sends until it closes (or 10 s pass).
    private func readAll(_ socket: Int32) throws -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0 { throw TestFailure("recv: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
