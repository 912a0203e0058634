import HTTPCore
import NIOCore
import Testing

/// A page on another origin calling a server wrapped in `CORSResponder`, as Chromium sends it.
@Suite struct CORSResponderTests {
    private func start() throws -> HTTPServer {
        let inner = ClosureResponder { request, loop in
            loop.makeSucceededFuture(.text("\(request.method) \(request.path)"))
        }
        return try HTTPServer.start(responder: CORSResponder(wrapping: inner))
    }

    @Test func aPreflightIsAnsweredWithWhatItAsks() throws {
        let server = try start()
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.shutdown() }
        let response = try client.send(HTTPClientRequest(
            method: "OPTIONS", url: server.url + "/api/items",
            headers: [
                ("Origin", "http://127.0.0.1:5173"), ("Access-Control-Request-Method", "PUT"),
                ("Access-Control-Request-Headers", "content-type,x-token"),
                ("Access-Control-Request-Private-Network", "true"),
            ]))
        #expect(response.status == 204)
        #expect(response.header("access-control-allow-origin") == "http://127.0.0.1:5173")
        #expect(response.header("access-control-allow-methods") == "PUT")
        #expect(response.header("access-control-allow-headers") == "content-type,x-token")
        #expect(response.header("access-control-allow-private-network") == "true")
        #expect(response.bodyText.isEmpty)
    }

    @Test func anAnswerToAnotherOriginMayBeRead() throws {
        let server = try start()
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.shutdown() }
        let response = try client.send(HTTPClientRequest(
            url: server.url + "/api/items", headers: [("Origin", "http://localhost:3000")]))
        #expect(response.bodyText == "GET /api/items")
        #expect(response.header("access-control-allow-origin") == "http://localhost:3000")
        #expect(response.header("access-control-allow-credentials") == "true")
    }

    @Test func withoutAnOriginNothingChanges() throws {
        let server = try start()
        defer { server.stop() }
        let client = HTTPClient()
        defer { client.shutdown() }
        let plain = try client.send(HTTPClientRequest(url: server.url + "/x"))
        #expect(plain.header("access-control-allow-origin") == nil)
        // An OPTIONS that is no preflight reaches the server's own responder.
        let options = try client.send(HTTPClientRequest(method: "OPTIONS", url: server.url + "/x"))
        #expect(options.bodyText == "OPTIONS /x")
    }
}
