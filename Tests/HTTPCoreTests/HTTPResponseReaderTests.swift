@testable import HTTPCore
import Testing

/// Feeds `text` to a reader in pieces of `piece` bytes; returns the response once complete, else what `finish`
/// (the connection closing) makes of it.
private func read(_ text: String, piece: Int = .max, method: String = "GET") throws -> (HTTPClientResponse, Bool) {
    var reader = HTTPResponseReader(method: method)
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + piece)
        let done = try bytes[offset..<end].withUnsafeBytes { try reader.consume($0) }
        offset = end
        if let done { return (done, reader.keepAlive) }
    }
    return (try reader.finish(), reader.keepAlive)
}

@Suite struct HTTPResponseReaderTests {
    static let framed = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"a\":[1,2]}"

    @Test(arguments: [1, 2, 7, 64, Int.max])
    func readsAContentLengthBodyHoweverItArrives(piece: Int) throws {
        let (response, keepAlive) = try read(Self.framed, piece: piece)
        #expect(response.status == 200)
        #expect(response.header("content-type") == "application/json")
        #expect(response.bodyText == "{\"a\":[1,2]}")
        #expect(keepAlive)
    }

    @Test(arguments: [1, 5, Int.max])
    func readsAChunkedBodyWithExtensionsAndTrailers(piece: Int) throws {
        let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=x\r\nhello\r\n7\r\n, world\r\n0\r\nX-Trailer: 1\r\n\r\n"
        let (response, keepAlive) = try read(text, piece: piece)
        #expect(response.bodyText == "hello, world")
        #expect(keepAlive)
    }

    @Test func aBodyWithoutLengthEndsWithTheConnection() throws {
        let (response, keepAlive) = try read("HTTP/1.0 200 OK\r\n\r\nall of it")
        #expect(response.bodyText == "all of it")
        #expect(!keepAlive)
    }

    @Test func interimAnswersAreSkipped() throws {
        let (response, _) = try read("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok")
        #expect(response.status == 201)
        #expect(response.bodyText == "ok")
    }

    @Test func aHeadAnswerHasNoBodyWhateverItsLength() throws {
        let (response, keepAlive) = try read("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n", method: "HEAD")
        #expect(response.body.isEmpty)
        #expect(keepAlive)
    }

    @Test func connectionCloseIsNotKept() throws {
        let (_, keepAlive) = try read("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
        #expect(!keepAlive)
    }

    @Test(arguments: [
        ("SSH-2.0-OpenSSH\r\n\r\n", "not a status line: 'SSH-2.0-OpenSSH'"),
        ("HTTP/1.1 2000 OK\r\n\r\n", "not a status line: 'HTTP/1.1 2000 OK'"),
        ("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", "not a header field: 'no colon here'"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 2, 3\r\n\r\nabc", "bad Content-Length '2, 3'"),
        ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "bad Content-Length '-1'"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n", "unsupported transfer coding 'gzip'"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "bad chunk size 'zz'"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabcd", "chunk not followed by CRLF"),
    ])
    func malformedAnswersSayWhatIsWrong(text: String, reason: String) {
        #expect(throws: HTTPClientError.malformedResponse(reason)) { try read(text) }
    }

    @Test func anAnswerCutShortIsClosedBeforeResponse() {
        #expect(throws: HTTPClientError.closedBeforeResponse) {
            try read("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nabc")
        }
        #expect(throws: HTTPClientError.closedBeforeResponse) { try read("") }
    }
}
