import Foundation
import HTTPCore
import JSON
import Testing

@testable import MockServer

/// `--proxy URL --record DIR` against a second local mock standing in for the real backend: forwarded answers,
/// WireMock mappings written as WireMock's recorder writes them, and a replay with the backend stopped.
@Suite struct ProxyRecorderTests {
    @Test func recordsExchangesThatReplayWithoutTheBackend() throws {
        let backend = try MockHarness()
        try backend.mock.stub(
            .init(method: "GET", path: "/api/items"),
            ResponseDefinition(status: 200, headers: [("X-Backend", "real")], body: .json(#"{"items":["apples"]}"#)))
        try backend.mock.stub(.init(method: "POST", path: "/api/login"), .json(#"{"name":"alice"}"#))
        let folder = try temporaryDirectory()
        let recorder = try ProxyRecorder(upstream: backend.mock.url, recordingInto: folder.path)
        let proxy = try MockServer.start(proxy: recorder)
        defer { proxy.stop() }
        try proxy.stub(.init(method: "GET", path: "/stubbed"), .text("from a stub"))
        let client = HTTPClient(reuseConnections: false)
        defer { client.shutdown() }

        let items = try client.send(.init(url: proxy.url + "/api/items?page=2"))
        #expect(items.status == 200)
        #expect(items.bodyText == #"{"items":["apples"]}"#)
        #expect(items.header("X-Backend") == "real")
        _ = try client.send(.init(url: proxy.url + "/api/items?page=2"))
        let login = try client.send(.init(method: "POST", url: proxy.url + "/api/login", body: Array(#"{"user":"alice","pw":"x"}"#.utf8)))
        #expect(login.bodyText == #"{"name":"alice"}"#)
        #expect(try client.send(.init(url: proxy.url + "/stubbed")).bodyText == "from a stub", "stubs answer first")
        #expect(backend.mock.requests.count == 3, "the stubbed request never reached the backend")

        let mappings = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/mappings").sorted()
        #expect(mappings.count == 2, "the same request twice is saved once: \(mappings)")
        #expect(mappings.first?.hasPrefix("get-api-items-") == true)
        let saved = try JSONValue(parsing: Array(try Data(contentsOf: folder.appendingPathComponent("mappings/" + mappings[0]))))
        #expect(saved["request"]?["url"] == .string("/api/items?page=2"))
        #expect(saved["response"]?["headers"]?["X-Backend"] == .string("real"))
        let bodyFile = try #require(saved["response"]?["bodyFileName"]?.stringValue)
        #expect(try String(contentsOf: folder.appendingPathComponent("__files/" + bodyFile), encoding: .utf8) == #"{"items":["apples"]}"#)

        backend.mock.stop()
        let replay = try MockHarness()
        _ = try replay.mock.load(directory: folder.path)
        #expect(try replay.send("GET", "/api/items?page=2").text == #"{"items":["apples"]}"#)
        #expect(try replay.send("POST", "/api/login", body: #"{"pw":"x","user":"alice"}"#).text == #"{"name":"alice"}"#,
                "a JSON body matches as JSON")
        #expect(try replay.send("POST", "/api/login", body: #"{"user":"bob"}"#).status == 404, "another body is another request")
    }

    @Test func aBackendThatIsDownIsA502ThatSaysSo() throws {
        let backend = try MockHarness()
        let url = backend.mock.url
        backend.mock.stop()
        let proxy = try MockServer.start(proxy: try ProxyRecorder(upstream: url, recordingInto: nil))
        defer { proxy.stop() }
        let answer = try HTTPClient(reuseConnections: false).send(.init(url: proxy.url + "/x"))
        #expect(answer.status == 502)
        #expect(answer.bodyText.contains("mock: the proxy to \(url) failed"), "\(answer.bodyText)")
    }

    /// A backend's answer past `--max-proxy-body` is a 502 that says so, and is not kept (a 1 GiB answer peaked
    /// at 3 GB of memory); one within the limit passes whole.
    @Test func aBackendAnswerPastTheLimitIsA502() throws {
        let backend = try MockHarness()
        try backend.mock.stub(.init(method: "GET", url: .path("/big")), .text(String(repeating: "x", count: 300_000)))
        try backend.mock.stub(.init(method: "GET", url: .path("/small")), .text("small"))
        let proxy = try MockServer.start(
            proxy: try ProxyRecorder(upstream: backend.mock.url, recordingInto: nil, maxBody: 100_000))
        defer { proxy.stop() }
        let client = HTTPClient(reuseConnections: false)
        defer { client.shutdown() }
        let big = try client.send(.init(url: proxy.url + "/big"), timeout: .seconds(30))
        #expect(big.status == 502)
        #expect(big.bodyText.contains("the body is over 100000 bytes") && big.bodyText.contains("--max-proxy-body"),
            "\(big.bodyText)")
        #expect(try client.send(.init(url: proxy.url + "/small"), timeout: .seconds(30)).bodyText == "small")
    }

    @Test func onlyHTTPAndHTTPSBackends() throws {
        _ = try ProxyRecorder(upstream: "https://api.example.com", recordingInto: nil)
        let error = errorText { _ = try ProxyRecorder(upstream: "ftp://x", recordingInto: nil) }
        #expect(error.contains("give the backend's http:// or https:// URL"), "\(error)")
    }

    /// curl's `--dump-header` file: the last response wins (a `100 Continue` comes first).
    @Test func curlHeadsAreRead() throws {
        let (status, headers) = try CurlTransport.parse(
            head: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Type: application/json\r\nX-A: 1\r\n\r\n")
        #expect(status == 201)
        #expect(headers.map(\.name) == ["Content-Type", "X-A"])
        #expect(throws: ProxyError.self) { try CurlTransport.parse(head: "garbage") }
    }
}
