import HTTPCore
import NIOCore
import Testing

/// Any RFC 9110 token is a method (`get`, `QUERY`, `FOO`), reaching the responder as sent, though NIO's parser
/// knows only a fixed list; and a response's reason phrase is written as given.
@Suite struct MethodTokenTests {
    /// Echoes the method it saw; answers with the reason phrase in the `reason` query parameter, if any.
    private func startEcho() throws -> HTTPServer {
        try HTTPServer.start(responder: ClosureResponder { request, loop in
            var response = HTTPResponse.text("method=\(request.method) body=\(String(decoding: request.body, as: UTF8.self))")
            if request.path == "/reason" { response.reason = "Fine Thanks" }
            if request.path == "/split" { response.reason = "a\r\nX-Evil: 1" }
            return loop.makeSucceededFuture(response)
        })
    }

    @Test(arguments: ["get", "Get", "FOO", "foo", "QUERY", "GET", "DELETE", "POSTX", "GETS", "HEADER", "PUTT"])
    func anyTokenReachesTheResponderAsSent(method: String) throws {
        let server = try startEcho()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("\(method) /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi")
        let (text, _) = client.readUntilClosed()
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(text)")
        #expect(text.hasSuffix("method=\(method) body=hi"), "\(text)")
    }

    /// Each request on a kept-alive connection starts on an idle connection, so each is let through.
    @Test func everyRequestOnAKeptAliveConnection() throws {
        let server = try startEcho()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("get /1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(client.read(until: "method=get body=").contains("200 OK"))
        client.send("purge /2 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let (text, closed) = client.readUntilClosed()
        #expect(text.hasSuffix("method=purge body="), "\(text)")
        #expect(closed)
    }

    /// Requests pipelined in one write (each sent before the one ahead is answered) are each let through, a body of
    /// its `Content-Length` skipped whole even when it holds what looks like a request line.
    @Test func pipelinedRequestsAreEachLetThrough() throws {
        let server = try startEcho()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("GET /1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            + "get /2 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            + "post /3 HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-length: 13\r\n\r\nfoo /x HTTP/1"
            + "FOO /4 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let (text, closed) = client.readUntilClosed()
        let methods = text.components(separatedBy: "method=").dropFirst().map { $0.prefix { $0 != " " } }
        #expect(methods == ["GET", "get", "post", "FOO"], "\(text)")
        #expect(text.contains("method=post body=foo /x HTTP/1"), "\(text)")
        #expect(closed)
    }

    /// A pipelined request behind a chunked one is past what is followed: the parser takes or refuses it as sent.
    @Test func aRequestPipelinedBehindAChunkedOneIsTheParsers() throws {
        let server = try startEcho()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("POST /1 HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n"
            + "GET /2 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let (text, _) = client.readUntilClosed()
        #expect(text.contains("method=POST body=hi"), "\(text)")
        #expect(text.hasSuffix("method=GET body="), "\(text)")
    }

    /// What is not a token is still the parser's to refuse.
    @Test(arguments: ["FO/O", "G(T", "GET\u{1}"])
    func aMethodThatIsNoTokenIsRefused(method: String) throws {
        let server = try startEcho()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("\(method) /x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let (text, closed) = client.readUntilClosed()
        #expect(text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(text)")
        #expect(closed)
    }

    @Test func theReasonPhraseIsWrittenAsGiven() throws {
        let server = try startEcho()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("GET /reason HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(client.readUntilClosed().text.hasPrefix("HTTP/1.1 200 Fine Thanks\r\n"))
    }

    /// A reason phrase with CR or LF would end the status line and forge a header: the standard one goes instead.
    @Test func aReasonPhraseThatWouldSplitTheStatusLineIsNotWritten() throws {
        let server = try startEcho()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("GET /split HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let text = client.readUntilClosed().text
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(text)")
        #expect(!text.contains("X-Evil"))
    }
}
