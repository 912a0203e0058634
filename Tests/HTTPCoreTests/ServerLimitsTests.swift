#if canImport(Glibc)
import Glibc
#endif
import Foundation
import HTTPCore
import NIOCore
import Testing

/// A raw TCP client for what a well-behaved client never sends: partial heads, garbage, huge bodies, odd methods.
final class RawConnection {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        // A server that never closes fails the test after this long; a busy machine is slow, not this slow.
        var limit = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ text: String) {
        _ = text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// What the server sends until `marker` has arrived (or it closes, or 5 s pass).
    func read(until marker: String) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !String(decoding: bytes, as: UTF8.self).contains(marker) {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Everything the server sends until it closes the connection (or 5 s pass: then `closed` is false).
    func readUntilClosed() -> (text: String, closed: Bool) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 { return (String(decoding: bytes, as: UTF8.self), true) }
            // A reset is a close too: the server closed with bytes of ours still unread.
            if count < 0 { return (String(decoding: bytes, as: UTF8.self), errno == ECONNRESET) }
            bytes += buffer[..<count]
        }
    }
}

private func startServer(_ limits: ServerLimits = .standard) throws -> HTTPServer {
    try HTTPServer.start(
        responder: ClosureResponder { request, loop in loop.makeSucceededFuture(.text("ok \(request.body.count)")) },
        limits: limits)
}

@Suite struct ServerLimitsTests {
    @Test func slowlorisConnectionsAreAnswered408AndClosedAtTheLimit() throws {
        var limits = ServerLimits()
        limits.requestSeconds = 0.5
        let server = try startServer(limits)
        defer { server.stop() }
        let started = Date()
        let clients = try (0..<8).map { _ in try RawConnection(port: server.port) }
        for client in clients { client.send("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ") }
        for client in clients {
            let (text, closed) = client.readUntilClosed()
            #expect(text.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
            #expect(closed)
        }
        // Ten times the limit: closed by the limit, however busy the machine, and not by the client giving up.
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aConnectionThatSendsNothingIsClosed() throws {
        var limits = ServerLimits()
        limits.requestSeconds = 0.3
        let server = try startServer(limits)
        defer { server.stop() }
        let (text, closed) = try RawConnection(port: server.port).readUntilClosed()
        #expect(text.isEmpty)
        #expect(closed)
    }

    @Test func anIdleKeptAliveConnectionIsClosed() throws {
        var limits = ServerLimits()
        limits.idleSeconds = 0.3
        let server = try startServer(limits)
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let (text, closed) = client.readUntilClosed()
        #expect(text.hasPrefix("HTTP/1.1 200 OK"))
        #expect(closed)
    }

    @Test func garbageIsAnswered400AndTheConnectionClosed() throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("GARBAGE \u{1}\u{2}\r\n\r\n")
        let (text, closed) = client.readUntilClosed()
        #expect(text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(text.contains("Connection: close"))
        #expect(closed)
    }

    @Test(arguments: [
        ("POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2000\r\n\r\n", "413"),
        ("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 3000))\r\n\r\n", "431"),
        ("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (0..<30).map { "X-\($0): y\r\n" }.joined() + "\r\n", "431"),
        ("GET /x HTTP/1.1\r\nHost: attacker.example\r\n\r\n", "403"),
        ("POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\nContent-Length: 0\r\n\r\n", "403"),
        ("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: null\r\n\r\n", "403"),
        // A loopback Host first and another one after it, or userinfo smuggling a foreign name: 400, as nginx.
        ("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: attacker.example\r\n\r\n", "400"),
        ("GET /x HTTP/1.1\r\nHost: 127.0.0.1:8080@attacker.example\r\n\r\n", "400"),
        ("GET /x HTTP/1.1\r\nHost: 127.0.0.1/x\r\n\r\n", "400"),
        ("GET /x HTTP/1.1\r\nHost: localhost:80:80\r\n\r\n", "400"),
    ])
    func oversizedOrForeignRequestsAreRefusedAndClosed(request: String, status: String) throws {
        var limits = ServerLimits()
        limits.maxBodyBytes = 1000
        limits.maxHeadBytes = 2000
        limits.maxHeaderCount = 20
        let server = try startServer(limits)
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send(request)
        let (text, closed) = client.readUntilClosed()
        #expect(text.hasPrefix("HTTP/1.1 \(status) "), "\(text)")
        #expect(closed)
    }

    /// The checks of `Host` and `Origin` are skipped for a request that repeats the previous one's on the same
    /// connection; one that differs is checked anew, so a foreign or malformed one after a good one is refused.
    @Test(arguments: [
        ("Host: attacker.example\r\n", "403"),
        ("Host: 127.0.0.1\r\nOrigin: http://evil.example\r\n", "403"),
        ("Host: 127.0.0.1/x\r\n", "400"),
        ("Host: 127.0.0.1\r\nHost: attacker.example\r\n", "400"),
    ])
    func aForeignHostAfterAGoodOneOnTheSameConnectionIsRefused(headers: String, status: String) throws {
        let server = try startServer()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        for _ in 0..<2 {
            client.send("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(client.read(until: "ok 0").hasPrefix("HTTP/1.1 200 OK"))
        }
        client.send("GET /x HTTP/1.1\r\n\(headers)\r\n")
        let (text, closed) = client.readUntilClosed()
        #expect(text.hasPrefix("HTTP/1.1 \(status) "), "\(text)")
        #expect(closed)
    }

    @Test func aBodyThatGrowsPastTheLimitIsRefused() throws {
        var limits = ServerLimits()
        limits.maxBodyBytes = 1000
        let server = try startServer(limits)
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<5 { client.send("190\r\n" + String(repeating: "b", count: 400) + "\r\n") }
        let (text, closed) = client.readUntilClosed()
        #expect(text.hasPrefix("HTTP/1.1 413 "))
        #expect(closed)
    }

    @Test(arguments: ["localhost:8080", "127.0.0.1", "[::1]:37265", "10.0.2.2:8080", "app.test"])
    func loopbackNamesAddressesAndAllowedHostsPass(host: String) throws {
        var limits = ServerLimits()
        limits.allowedHosts = ["app.test"]
        let server = try startServer(limits)
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("GET /x HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://localhost:3000\r\nConnection: close\r\n\r\n")
        #expect(client.readUntilClosed().text.hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test func connectionsBeyondTheCapAreAnswered503() throws {
        var limits = ServerLimits()
        limits.maxConnections = 2
        let server = try startServer(limits)
        defer { server.stop() }
        let first = try RawConnection(port: server.port)
        let second = try RawConnection(port: server.port)
        first.send("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        second.send("GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        // Both answered: the server has counted them. (Accepting happens on several event loops, so without
        // this the third connection could be counted first, get no 503, and wait for a request.)
        #expect(first.read(until: "ok 0").contains("200 OK"))
        #expect(second.read(until: "ok 0").contains("200 OK"))
        let third = try RawConnection(port: server.port)
        let (text, closed) = third.readUntilClosed()
        #expect(text.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(text.contains("too many connections"))
        #expect(closed)
    }
}
