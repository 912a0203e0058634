import Foundation
import HTTPCore
import JSON
import Testing

@testable import MockServer

/// What the differential harness cannot show, since WireMock has no such limits: a proxying stub goes out through
/// the mock's one upstream client and keeps its `--max-proxy-body` limit, and the answers kept for recordings stay
/// bounded. (Proxying and recording as WireMock does them are cases in Tests/wiremock/cases/proxy.json and
/// recordings.json, run against both.)
@Suite struct ProxyStubTests {
    @Test func aProxyingStubKeepsTheUpstreamClientsLimit() throws {
        let backend = try MockHarness()
        try backend.mock.stub(.init(method: "GET", path: "/big"), .text(String(repeating: "x", count: 5000)))
        try backend.mock.stub(.init(method: "GET", path: "/small"), .text("small"))
        let proxy = try MockServer.start(upstream: UpstreamClient(maxBody: 1000))
        defer { proxy.stop() }
        var response = ResponseDefinition(headers: [("X-Stub", "added")])
        response.proxy = ProxyDefinition(baseURL: backend.mock.url)
        try proxy.stub(.init(method: "GET", path: "/big"), response)
        try proxy.stub(.init(method: "GET", path: "/small"), response)
        let client = HTTPClient(reuseConnections: false)
        defer { client.shutdown() }

        let small = try client.send(.init(url: proxy.url + "/small"))
        #expect(small.status == 200)
        #expect(small.bodyText == "small")
        #expect(small.header("X-Stub") == "added", "the stub's headers are added to the backend's answer")
        let big = try client.send(.init(url: proxy.url + "/big"))
        #expect(big.status == 500)
        #expect(big.bodyText.hasPrefix("Network failure trying to make a proxied request from WireMock to "))
        #expect(big.bodyText.contains("at most 1000 bytes, --max-proxy-body"), "\(big.bodyText)")
    }

    @Test func proxiedAnswersKeepNoMoreThanTheJournal() {
        let answers = ProxiedAnswers()
        let stub = UUID()
        for sequence in 1...5 {
            answers.keep(HTTPResponse(status: 200, body: [UInt8(sequence)]), for: sequence, stub: stub, requestBody: [], limit: 2)
        }
        #expect(answers.answer(for: 3) == nil, "older answers than the limit go")
        #expect(answers.answer(for: 4)?.response.body == [4])
        #expect(answers.answer(for: 5)?.response.body == [5])
    }

    /// Filled far past the limit, the answers kept are the last `limit` kept, in the order they were kept (a
    /// slower proxied request may finish after a later one), and keeping the same entry again adds nothing.
    @Test func proxiedAnswersDropTheOldestKeptFirst() {
        let answers = ProxiedAnswers()
        let stub = UUID()
        // Kept as 251…500, then 1…250: the order kept decides, not the number.
        let kept = Array(251...500) + Array(1...250)
        for sequence in kept {
            answers.keep(HTTPResponse(status: 200, body: Array("\(sequence)".utf8)), for: sequence, stub: stub, requestBody: [], limit: 100)
            #expect(answers.count <= 100)
        }
        #expect(answers.count == 100)
        for sequence in kept.prefix(400) { #expect(answers.answer(for: sequence) == nil, "\(sequence) was kept before the last 100") }
        for sequence in kept.suffix(100) {
            #expect(answers.answer(for: sequence)?.response.body == Array("\(sequence)".utf8), "\(sequence) is one of the last 100")
        }
        answers.keep(HTTPResponse(status: 200, body: [1]), for: kept[450], stub: stub, requestBody: [], limit: 100)
        answers.keep(HTTPResponse(status: 200, body: [2]), for: 501, stub: stub, requestBody: [], limit: 100)
        #expect(answers.count == 100)
        #expect(answers.answer(for: kept[400]) == nil, "the oldest goes, not the one kept again")
        #expect(answers.answer(for: kept[450])?.response.body == [1])
    }

    @Test func recordedMappingsAreNamedAfterTheirPath() {
        #expect(RecordedMappings.name(for: "/rec/a") == "rec_a")
        #expect(RecordedMappings.name(for: "/api/v1/items.json") == "api_v1_items_json")
        #expect(RecordedMappings.name(for: "/") == "root")
    }

    @Test(arguments: [
        (#"{"proxyBaseUrl": "localhost:8080"}"#, "proxyBaseUrl: expected the backend's http:// or https:// URL"),
        (#"{"proxyUrlPrefixToRemove": "/p"}"#, "only means something with proxyBaseUrl"),
        (#"{"proxyBaseUrl": "http://x", "removeProxyRequestHeaders": [1]}"#, "expected a header name"),
        (#"{"proxyBaseUrl": "http://x", "additionalProxyRequestHeaders": {"A": 1}}"#, "expected a string"),
    ])
    func proxyKeysAreChecked(response: String, message: String) throws {
        let document = try JSONValue(parsing: Array(#"{"request": {"url": "/x"}, "response": \#(response)}"#.utf8))
        do {
            _ = try WireMockMapping.stubs(in: document, filesDirectory: "/tmp")
            Issue.record("\(response) loaded; expected an error saying \(message)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    /// The journal keeps only a body's first 64 KiB; a recording must match the whole body again, not its start.
    @Test func aRecordedLongBodyMatchesOnlyTheWholeBody() throws {
        let backend = try MockHarness()
        try backend.mock.stub(.init(method: "POST", path: "/upload"), .text("stored"))
        let mock = try MockServer.start()
        defer { mock.stop() }
        let client = HTTPClient(reuseConnections: false)
        defer { client.shutdown() }
        let admin = mock.url + "/__admin/recordings/"
        let start = Array(#"{"targetBaseUrl": "\#(backend.mock.url)"}"#.utf8)
        #expect(try client.send(.init(method: "POST", url: admin + "start", body: start)).status == 200)
        let body = Array(String(repeating: "a", count: 100_000).utf8)
        let first = try client.send(.init(method: "POST", url: mock.url + "/upload", body: body))
        #expect(first.bodyText == "stored", "proxied while recording")
        #expect(try client.send(.init(method: "POST", url: admin + "stop")).status == 200)

        let replay = try client.send(.init(method: "POST", url: mock.url + "/upload", body: body))
        #expect(replay.status == 200)
        #expect(replay.bodyText == "stored", "the recorded stub answers the same body")
        let other = try client.send(.init(method: "POST", url: mock.url + "/upload", body: body.dropLast() + [98]))
        #expect(other.status == 404, "a body that differs past the journal's 64 KiB is not the recorded one")
        #expect(backend.mock.requests.count == 1, "after stop, nothing more reaches the backend")
    }
}
