import Foundation
import HTTPCore
import NIOCore
import Testing

@testable import MockServer

@Suite struct ResponseTests {
    @Test func statusHeadersAndBytes() throws {
        let harness = try MockHarness()
        let response = ResponseDefinition(
            status: 201, headers: [("X-Request-Id", "r1"), ("Content-Type", "application/octet-stream")],
            body: .bytes([0, 1, 2, 255])
        )
        try harness.mock.stub(.init(method: "POST", path: "/upload"), response)
        let answer = try harness.send("POST", "/upload")
        #expect(answer.status == 201)
        #expect(answer.header("x-request-id") == "r1")
        #expect(answer.body == [0, 1, 2, 255])
    }

    @Test func jsonBodyGetsItsContentTypeUnlessOneIsGiven() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", path: "/a"), .json(#"{"token":"t1"}"#))
        let custom = ResponseDefinition(headers: [("Content-Type", "application/vnd.api+json")], body: .json("[]"))
        try harness.mock.stub(.init(method: "GET", path: "/b"), custom)
        let first = try harness.send("GET", "/a")
        #expect(first.text == #"{"token":"t1"}"#)
        #expect(first.header("Content-Type") == "application/json")
        #expect(try harness.send("GET", "/b").header("Content-Type") == "application/vnd.api+json")
    }

    @Test func bodyFileRelativeToFilesDirectory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("from a file".utf8).write(to: directory.appendingPathComponent("greeting.txt"))
        let harness = try MockHarness(filesDirectory: directory.path)
        try harness.mock.stub(.init(method: "GET", path: "/file"), ResponseDefinition(body: .file("greeting.txt")))
        try harness.mock.stub(.init(method: "GET", path: "/missing"), ResponseDefinition(body: .file("nope.txt")))
        #expect(try harness.send("GET", "/file").text == "from a file")
        let missing = try harness.send("GET", "/missing")
        #expect(missing.status == 500)
        #expect(missing.text == "mock: body file not found: \(directory.path)/nope.txt\n")
    }

    @Test func delayIsScheduledNotBlocking() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", path: "/slow"), .text("slow", delay: 0.3))
        try harness.mock.stub(.init(method: "GET", path: "/fast"), .text("fast"))
        let started = Date()
        let slow = harness.start("GET", "/slow")
        try harness.mock.waitForRequest(.init(method: "GET", path: "/slow"), timeout: 30)
        #expect(harness.mock.inFlight == ["GET /slow"])
        // The event loop is free while the slow answer waits.
        #expect(try harness.send("GET", "/fast").text == "fast")
        #expect(try slow.wait().text == "slow")
        #expect(Date().timeIntervalSince(started) >= 0.3)
        #expect(harness.mock.inFlight == [])
    }

    @Test func connectionResetFault() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", path: "/reset"), .fault(.connectionReset))
        #expect(harness.failure("GET", "/reset") == .connectionReset)
    }

    @Test func emptyResponseFault() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", path: "/empty"), .fault(.emptyResponse))
        #expect(harness.failure("GET", "/empty") == .closedBeforeResponse)
    }

    @Test func malformedResponseFault() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", path: "/garbage"), .fault(.malformedResponse))
        let error = try #require(harness.failure("GET", "/garbage"))
        guard case .malformedResponse = error else {
            Issue.record("expected a malformed response, got \(error)")
            return
        }
    }

    @Test func hangLastsUntilTheClientGivesUp() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", path: "/hang"), .fault(.noResponse))
        // The client's 2 s leave a busy machine time to journal the request and show it in flight first.
        let pending = harness.start("GET", "/hang", timeout: .seconds(2))
        try harness.mock.waitForRequest(.init(method: "GET", path: "/hang"), timeout: 30)
        #expect(harness.mock.inFlight == ["GET /hang"])
        #expect(throws: HTTPClientError.timeout(seconds: 2)) { try pending.wait() }
        // The client closed its connection on timeout; the mock notices and stops counting the request.
        #expect(eventually { harness.mock.inFlight.isEmpty })
    }

    @Test func delayedFault() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", path: "/late-reset"), .fault(.connectionReset, delay: 0.1))
        let started = Date()
        #expect(harness.failure("GET", "/late-reset") == .connectionReset)
        #expect(Date().timeIntervalSince(started) >= 0.1)
    }
}
