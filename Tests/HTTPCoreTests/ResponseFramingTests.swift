import Foundation
import HTTPCore
import NIOCore
import Testing

/// The server frames each answer itself (`HTTPServerHandler`): a length, or chunks when dribbled, and no body where
/// RFC 9110 has none, so the next answer on a kept-alive connection starts where the client expects it; and it
/// answers pipelined requests in the order they came, however long each takes.
@Suite struct ResponseFramingTests {
    /// Answers by path: `/status/N` with status N and a body, `/slow` after 200 ms, `/dribble` in 3 chunks,
    /// `/framing` with framing headers of its own, `/crlf`, `/escape` and `/badname` with headers that cannot be
    /// sent;
    /// anything else echoes the method and path.
    private func start() throws -> HTTPServer {
        try HTTPServer.start(responder: ClosureResponder { request, loop in
            switch request.path {
            case let path where path.hasPrefix("/status/"):
                var response = HTTPResponse.text("a body that must not be sent")
                response.status = Int(path.dropFirst("/status/".count)) ?? 0
                return loop.makeSucceededFuture(response)
            case "/slow":
                return loop.scheduleTask(in: .milliseconds(200)) { HTTPResponse.text("slow \(request.query)") }.futureResult
            case "/dribble":
                var response = HTTPResponse.text("abcdefghij")
                response.dribble = HTTPResponse.Dribble(chunks: 3, duration: 0.02)
                return loop.makeSucceededFuture(response)
            case "/framing":
                var response = HTTPResponse.text("four")
                response.headers += [("content-length", "99"), ("Transfer-Encoding", "chunked"), ("CONNECTION", "close")]
                return loop.makeSucceededFuture(response)
            case "/crlf":
                var response = HTTPResponse.text("x")
                response.headers.append(("X-Id", "1\r\nX-Forged: yes"))
                return loop.makeSucceededFuture(response)
            case "/escape":
                var response = HTTPResponse.text("x")
                response.headers.append(("X-Id", "1\u{1B}[31m"))
                return loop.makeSucceededFuture(response)
            case "/badname":
                var response = HTTPResponse.text("x")
                response.headers.append(("X Id", "1"))
                return loop.makeSucceededFuture(response)
            default:
                return loop.makeSucceededFuture(.text("\(request.method) \(request.path)"))
            }
        })
    }

    private let host = "Host: 127.0.0.1\r\n"

    /// A `HEAD` answer has the `Content-Length` a `GET` would have and no body: the next answer follows at once.
    @Test func aHeadAnswerHasTheLengthAndNoBody() throws {
        let server = try start()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("HEAD /thing HTTP/1.1\r\n\(host)\r\nGET /next HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
        let (text, closed) = client.readUntilClosed()
        let answers = text.components(separatedBy: "HTTP/1.1 ").dropFirst()
        #expect(answers.count == 2, "\(text)")
        #expect(answers.first?.contains("Content-Length: 11\r\n") == true, "\(text)")
        #expect(answers.first?.hasSuffix("\r\n\r\n") == true, "no body after the head: \(text)")
        #expect(text.hasSuffix("GET /next"), "\(text)")
        #expect(closed)
    }

    /// 204 and 304 answers end at their headers, with no length or chunking, whatever the responder put in the
    /// body.
    @Test(arguments: [204, 304])
    func anAnswerWithoutABodyEndsAtItsHeaders(status: Int) throws {
        let server = try start()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("GET /status/\(status) HTTP/1.1\r\n\(host)\r\nGET /next HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
        let (text, _) = client.readUntilClosed()
        let first = text.components(separatedBy: "HTTP/1.1 ").dropFirst().first ?? ""
        #expect(first.hasPrefix("\(status) "), "\(text)")
        #expect(!first.contains("Content-Length") && !first.contains("Transfer-Encoding"), "\(text)")
        #expect(!text.contains("must not be sent"), "\(text)")
        #expect(text.hasSuffix("GET /next"), "\(text)")
    }

    /// The server's own framing replaces the responder's (in any case): a wrong length would cut the body or
    /// swallow the next answer.
    @Test func theServersFramingReplacesTheResponders() throws {
        let server = try start()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("GET /framing HTTP/1.1\r\n\(host)\r\nGET /next HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
        let (text, _) = client.readUntilClosed()
        let first = text.components(separatedBy: "HTTP/1.1 ").dropFirst().first ?? ""
        #expect(first.contains("Content-Length: 4\r\nConnection: keep-alive\r\n\r\nfour"), "\(text)")
        #expect(!first.lowercased().contains("transfer-encoding") && !first.contains("99"), "\(text)")
        #expect(text.hasSuffix("GET /next"), "\(text)")
    }

    /// A dribbled body leaves in chunks that add up to it, and the connection is kept for the next request.
    @Test func aDribbledBodyIsWellFormedChunks() throws {
        let server = try start()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("GET /dribble HTTP/1.1\r\n\(host)\r\n")
        let text = client.read(until: "0\r\n\r\n")
        let parts = text.components(separatedBy: "\r\n\r\n")
        #expect(parts.first?.contains("Transfer-Encoding: chunked") == true, "\(text)")
        #expect(parts.first?.contains("Content-Length") == false, "\(text)")
        // Read as bytes: to a Swift string, CR LF is one character.
        var chunked = Array(parts.dropFirst().joined(separator: "\r\n\r\n").utf8)[...]
        var body: [UInt8] = []
        while let lineEnd = chunked.firstIndex(of: UInt8(ascii: "\r")),
            let size = Int(String(decoding: chunked[..<lineEnd], as: UTF8.self), radix: 16), size > 0
        {
            body += chunked[(lineEnd + 2)..<(lineEnd + 2 + size)]
            chunked = chunked[(lineEnd + 2 + size + 2)...]
        }
        #expect(String(decoding: body, as: UTF8.self) == "abcdefghij", "\(text.debugDescription)")
        client.send("GET /next HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
        #expect(client.readUntilClosed().text.hasSuffix("GET /next"))
    }

    /// A header that cannot be sent (a line break or an escape a template put in it, a name with a space) is a 500
    /// that names it, never a forged header; the connection closes.
    @Test(arguments: ["/crlf", "/escape", "/badname"])
    func aHeaderThatCannotBeSentIsA500(path: String) throws {
        let server = try start()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("GET \(path) HTTP/1.1\r\n\(host)\r\n")
        let (text, closed) = client.readUntilClosed()
        #expect(text.hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"), "\(text)")
        #expect(text.contains("cannot be sent"), "\(text)")
        #expect(!text.contains("\r\nX-Forged"), "\(text)")
        #expect(closed)
    }

    /// Pipelined requests are answered in the order sent, a slow one holding back the quick ones behind it; a
    /// malformed one behind them is refused after them. Three hundred in one write behind a slow one wait for it
    /// and are all answered (taken one after another, not one inside another).
    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let server = try start()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("GET /slow?1 HTTP/1.1\r\n\(host)\r\nGET /quick HTTP/1.1\r\n\(host)\r\n"
            + "GET /slow?2 HTTP/1.1\r\n\(host)\r\nNOT HTTP AT ALL\r\n\r\n")
        let (text, closed) = client.readUntilClosed()
        let bodies = text.components(separatedBy: "\r\n\r\n").dropFirst().map { $0.prefix { $0 != "H" } }
        #expect(bodies.prefix(3) == ["slow 1", "GET /quick", "slow 2"], "\(text)")
        #expect(text.contains("400 Bad Request"), "\(text)")
        #expect(closed)

        let many = try RawConnection(port: server.port)
        many.send("GET /slow?first HTTP/1.1\r\n\(host)\r\n"
            + (0..<300).map { "GET /n\($0) HTTP/1.1\r\n\(host)\r\n" }.joined()
            + "GET /last HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
        let (all, _) = many.readUntilClosed()
        #expect(all.components(separatedBy: "\r\n\r\n").dropFirst().first?.hasPrefix("slow first") == true)
        let paths = all.components(separatedBy: "GET /").dropFirst().map { $0.prefix { $0 != "H" } }
        #expect(paths == (0..<300).map { "n\($0)" } + ["last"])
    }

    /// An HTTP/1.0 request is answered in HTTP/1.0, and closed unless it asked to be kept.
    @Test func anHTTP10RequestIsAnsweredInKind() throws {
        let server = try start()
        defer { server.stop() }
        let client = try RawConnection(port: server.port)
        client.send("GET /old HTTP/1.0\r\n\(host)\r\n")
        let (text, closed) = client.readUntilClosed()
        #expect(text.hasPrefix("HTTP/1.0 200 OK\r\n"), "\(text)")
        #expect(text.contains("Connection: close\r\n"), "\(text)")
        #expect(closed)
    }
}
