import Foundation
import HTTPCore
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing

/// Starts a server whose answer is chosen by the request path, for exercising the client and the faults.
private func startEchoServer() throws -> HTTPServer {
    try HTTPServer.start(responder: ClosureResponder { request, loop in
        switch request.path {
        case "/reset": return loop.makeSucceededFuture(.fault(.connectionReset))
        case "/empty": return loop.makeSucceededFuture(.fault(.emptyResponse))
        case "/malformed": return loop.makeSucceededFuture(.fault(.malformedResponse))
        case "/hang": return loop.makeSucceededFuture(.fault(.noResponse))
        default:
            let echo = "\(request.method) \(request.path) q=\(request.query) body=\(request.bodyText)"
            return loop.makeSucceededFuture(.text(echo))
        }
    })
}

@Suite struct HTTPServerTests {
    @Test func answersWithStatusHeadersAndBody() throws {
        let server = try startEchoServer()
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.shutdown() }
        let response = try client.send(HTTPClientRequest(method: "POST", url: server.url + "/map?x=1", body: Array("hi".utf8)))
        #expect(response.status == 200)
        #expect(response.bodyText == "POST /map q=x=1 body=hi")
        #expect(response.header("content-type") == "text/plain; charset=utf-8")
    }

    @Test func bindsLoopbackOnAFreePort() throws {
        let server = try startEchoServer()
        defer { server.stop() }
        #expect(server.port > 0)
        #expect(server.url == "http://127.0.0.1:\(server.port)")
    }

    @Test func aPortInUseIsAReadableError() throws {
        let server = try startEchoServer()
        defer { server.stop() }
        #expect(throws: HTTPServerError(host: "127.0.0.1", port: server.port, reason: "address already in use")) {
            try HTTPServer.start(port: server.port, responder: ClosureResponder { _, loop in loop.makeSucceededFuture(.text("")) })
        }
        let error = HTTPServerError(host: "127.0.0.1", port: 80, reason: "address already in use")
        #expect(error.description == "cannot listen on 127.0.0.1:80 (address already in use)")
    }

    @Test func keptAliveConnectionServesManyRequests() throws {
        let server = try startEchoServer()
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.shutdown() }
        for index in 0..<20 {
            let response = try client.send(HTTPClientRequest(url: server.url + "/n\(index)"))
            #expect(response.bodyText == "GET /n\(index) q= body=")
        }
        #expect(server.connectionCount == 1)
    }

    @Test func newConnectionPerRequestWhenReuseIsOff() throws {
        let server = try startEchoServer()
        defer { server.stop() }
        let client = HTTPClient(reuseConnections: false)
        for _ in 0..<5 {
            #expect(try client.send(HTTPClientRequest(url: server.url + "/")).status == 200)
        }
    }

    @Test(arguments: [
        ("/reset", HTTPClientError.connectionReset),
        ("/empty", HTTPClientError.closedBeforeResponse),
        ("/hang", HTTPClientError.timeout(seconds: 0.2)),
    ])
    func faultsReachTheClientAsErrors(path: String, expected: HTTPClientError) throws {
        let server = try startEchoServer()
        defer { server.stop() }
        let client = HTTPClient()
        // Only the hang waits for the client's limit; a reset or a close must not race it on a busy machine.
        let limit: TimeAmount = path == "/hang" ? .milliseconds(200) : .seconds(30)
        #expect(throws: expected) {
            try client.send(HTTPClientRequest(url: server.url + path), timeout: limit)
        }
    }

    /// The limit covers the answer too: with none left, even a server that answers at once is too late, on a new
    /// connection and on a kept one.
    @Test func aSpentLimitIsATimeoutHoweverFastTheServer() throws {
        let server = try startEchoServer()
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.shutdown() }
        for _ in 0..<2 {
            #expect(throws: HTTPClientError.timeout(seconds: 0)) {
                try client.send(HTTPClientRequest(url: server.url + "/"), timeout: .zero)
            }
            #expect(try client.send(HTTPClientRequest(url: server.url + "/")).status == 200)
        }
    }

    @Test func malformedAnswerIsReportedAsNotHTTP() throws {
        let server = try startEchoServer()
        defer { server.stop() }
        let client = HTTPClient()
        do {
            _ = try client.send(HTTPClientRequest(url: server.url + "/malformed"), timeout: .seconds(30))
            Issue.record("expected an error")
        } catch let error as HTTPClientError {
            guard case .malformedResponse = error else {
                Issue.record("expected malformedResponse, got \(error)")
                return
            }
        }
    }

    /// The simulator pins its preset client to its own loop, so connection, server and app share one thread.
    @Test func clientOnTheServersOwnLoopKeepsItsConnection() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let server = try HTTPServer.start(
            responder: ClosureResponder { request, loop in loop.makeSucceededFuture(.text(request.path)) },
            group: group)
        defer { server.stop() }
        let client = HTTPClient(group: group.next())
        defer { client.shutdown() }
        for index in 0..<5 {
            #expect(try client.send(HTTPClientRequest(url: server.url + "/\(index)")).bodyText == "/\(index)")
        }
        #expect(server.connectionCount == 1)
    }

    /// A request made on an event loop takes a kept connection of that loop when there is one, so the exchange
    /// stays on its thread (the mock's proxying stubs answer on the loop their request came in on).
    @Test func aRequestFromAnEventLoopTakesThatLoopsKeptConnection() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        defer { try? group.syncShutdownGracefully() }
        // The two first requests are answered together, so neither can finish and free its connection for the
        // other: a busy machine that ran them one after the other made one connection, not two.
        let waiting = NIOLockedValueBox<[EventLoopPromise<HTTPResponse>]>([])
        let server = try HTTPServer.start(responder: ClosureResponder { request, loop in
            let echo = HTTPResponse.text("\(request.method) \(request.path) q=\(request.query) body=\(request.bodyText)")
            guard request.path == "/first" else { return loop.makeSucceededFuture(echo) }
            let promise = loop.makePromise(of: HTTPResponse.self)
            let both = waiting.withLockedValue { held -> [EventLoopPromise<HTTPResponse>] in
                held.append(promise)
                return held.count == 2 ? held : []
            }
            for held in both { held.succeed(echo) }
            return promise.futureResult
        })
        defer { server.stop() }
        let client = HTTPClient(group: group)
        defer { client.shutdown() }
        let loops = Array(group.makeIterator())
        #expect(loops.count == 2)
        // One kept connection on each loop: two requests at once, one made on each.
        let first = loops.map { loop in
            loop.flatSubmit { client.execute(HTTPClientRequest(url: server.url + "/first")) }
        }
        for answer in first { _ = try answer.wait() }
        #expect(server.connectionCount == 2)
        for round in 0..<6 {
            let loop = loops[round % 2]
            // The client's future is on the loop of the connection it used.
            let answer = try loop.submit { client.execute(HTTPClientRequest(url: server.url + "/\(round)")) }.wait()
            #expect(try answer.wait().bodyText == "GET /\(round) q= body=")
            #expect(answer.eventLoop === loop, "round \(round) ran on its own loop's connection")
        }
        #expect(server.connectionCount == 2, "no new connection was needed")
    }

    /// A kept connection the server closed meanwhile is dropped, and the request goes on a new one.
    @Test func aKeptConnectionTheServerClosedIsReplaced() throws {
        let first = try startEchoServer()
        let port = first.port
        let client = HTTPClient()
        defer { client.shutdown() }
        #expect(try client.send(HTTPClientRequest(url: first.url + "/a")).bodyText == "GET /a q= body=")
        first.stop()
        let second = try HTTPServer.start(port: port, responder: ClosureResponder { request, loop in
            loop.makeSucceededFuture(.text("second \(request.path)"))
        })
        defer { second.stop() }
        #expect(try client.send(HTTPClientRequest(url: second.url + "/b")).bodyText == "second /b")
        #expect(second.connectionCount == 1)
    }

    /// The exchange runs on the caller's thread: a stuck event loop in this process does not delay it.
    @Test func aBusyEventLoopDoesNotDelayTheCaller() throws {
        let server = try startEchoServer()
        defer { server.stop() }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let unblock = DispatchSemaphore(value: 0)
        group.next().execute { unblock.wait() }
        defer { unblock.signal() }
        let client = HTTPClient(group: group)
        defer { client.shutdown() }
        #expect(try client.send(HTTPClientRequest(url: server.url + "/"), timeout: .seconds(30)).status == 200)
    }

    @Test func refusedConnectionSaysSo() throws {
        let client = HTTPClient()
        #expect(throws: HTTPClientError.connectionRefused) {
            try client.send(HTTPClientRequest(url: "http://127.0.0.1:1/dump"))
        }
    }

    @Test func rejectsURLsThatAreNotHTTP() {
        #expect(throws: HTTPClientError.invalidURL("ftp://x")) {
            try HTTPClient().send(HTTPClientRequest(url: "ftp://x"))
        }
    }

    @Test func parsesQueryItems() {
        let request = HTTPRequest(method: "GET", uri: "/a%20b?x=1&y=hello+world&z=%2F")
        #expect(request.decodedPath == "/a b")
        #expect(request.queryItems.map(\.name) == ["x", "y", "z"])
        #expect(request.queryItems.map(\.value) == ["1", "hello world", "/"])
    }
}
