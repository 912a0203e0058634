import Foundation
import HTTPCore
import Testing

/// The `mock` Lua module end to end: a fixture script stubs a mock inside the fscript binary, and this test is the
/// app, sending real HTTP requests to it.
@Suite struct MockModuleTests {
    @Test func stubsAnswerAndTheJournalVerifies() throws {
        let child = try FScriptProcess(["-e", "dofile('mock_driven.lua')"])
        #expect(child.stdout.wait(for: "\n", timeout: 20))
        let firstLine = child.stdout.text.split(separator: "\n").first.map(String.init) ?? ""
        let url = String(try #require(firstLine.hasPrefix("URL ") ? firstLine.dropFirst(4) : nil))
        let client = HTTPClient(reuseConnections: false)
        defer { client.shutdown() }
        let json = [(name: "Content-Type", value: "application/json")]

        let login = try client.send(
            .init(method: "POST", url: url + "/api/login", headers: json, body: Array(#"{"user":"alice","pw":"x"}"#.utf8)))
        #expect(login.status == 404, "json_body is equality: an extra field does not match")
        #expect(login.bodyText.contains("POST /api/login"))
        let exact = try client.send(
            .init(method: "POST", url: url + "/api/login", headers: json, body: Array(#"{"user":"alice"}"#.utf8)))
        #expect(exact.status == 401)
        #expect(exact.bodyText == #"{"error":"bad password"}"#)
        #expect(exact.header("X-Mock") == "yes")
        #expect(try client.send(.init(url: url + "/api/items/7?page=2")).bodyText == "first")
        #expect(try client.send(.init(url: url + "/api/items/8?page=3")).status == 503)
        #expect(try client.send(.init(url: url + "/api/items/8?page=x")).status == 404)
        let started = Date()
        #expect(try client.send(.init(url: url + "/api/slow")).status == 204)
        #expect(Date().timeIntervalSince(started) >= 0.3)
        #expect(throws: (any Error).self) { try client.send(.init(url: url + "/api/reset")) }
        let echo = try client.send(
            .init(method: "POST", url: url + "/api/echo/42", headers: json + [(name: "X-Trace", value: "t-1")],
                  body: Array(#"{"name":"Bo"}"#.utf8)))
        #expect(echo.bodyText == #"{"id":"42","name":"Bo"}"#)
        #expect(echo.header("X-Trace") == "t-1")
        #expect(echo.header("Content-Type") == "application/json")
        _ = try client.send(.init(url: url + "/done"))

        let result = child.finish(timeout: 20)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        #expect(
            lines == """
                done after 8 requests
                login POST /api/login user=alice content-type=application/json stub=POST /api/login with JSON body {"user":"alice"}
                verify DELETE: false
                Expected at least 1 request matching DELETE /api/login, but received 0.
                Requests received (9):

                """)
    }
}
