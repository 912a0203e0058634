import Foundation
import HTTPCore
import Testing

@testable import MockServer

@Suite struct JournalTests {
    @Test func journalKeepsEveryPartOfTheRequest() throws {
        let harness = try MockHarness()
        let id = try harness.mock.stub(.init(method: "POST", path: "/api/login"), .text("ok"))
        let before = Date()
        try harness.send("POST", "/api/login?from=app", headers: [("X-Trace", "t9")], body: "user=alice")
        let logged = try #require(harness.mock.requests.first)
        #expect(logged.sequence == 1)
        #expect(logged.method == "POST")
        #expect(logged.path == "/api/login")
        #expect(logged.query == "from=app")
        #expect(logged.header("x-trace") == "t9")
        #expect(logged.bodyText == "user=alice")
        #expect(logged.receivedAt >= before)
        #expect(logged.matchedStub == id)
        #expect(logged.matchedStubSummary == "POST /api/login")
        #expect(logged.nearMiss == nil)
    }

    @Test func requestsMatchingAFilter() throws {
        let harness = try MockHarness()
        try harness.send("GET", "/a?x=1")
        try harness.send("POST", "/a", body: #"{"n":1}"#)
        try harness.send("GET", "/b")
        #expect(try harness.mock.requests(matching: .init(method: "GET", path: "/a")).map(\.summary) == ["GET /a?x=1"])
        #expect(try harness.mock.requests(matching: .init(url: .pathMatching("/a"))).count == 2)
        let json = RequestPattern(bodyPatterns: [try .containsJSON(#"{"n":1}"#)])
        #expect(try harness.mock.requests(matching: json).map(\.summary) == ["POST /a"])
    }

    @Test func verifyPassesOnTheRightCount() throws {
        let harness = try MockHarness()
        try harness.send("GET", "/ping")
        try harness.send("GET", "/ping")
        try harness.mock.verify(.init(method: "GET", path: "/ping"), count: 2)
        try harness.mock.verify(.init(method: "GET", path: "/ping"), atLeast: 1)
        try harness.mock.verify(.init(method: "POST", path: "/ping"), count: 0)
    }

    @Test func verifyErrorListsWhatWasReceived() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", path: "/api/items"), .json("[]"))
        try harness.send("GET", "/api/items")
        try harness.send("POST", "/api/login", body: #"{"user":"bob"}"#)
        let filter = RequestPattern(
            method: "POST", url: .path("/api/login"), bodyPatterns: [try .equalToJSON(#"{"user":"alice"}"#)]
        )
        let text = errorText { try harness.mock.verify(filter) }
        #expect(
            text == """
                Expected 1 request matching POST /api/login with JSON body {"user":"alice"}, but received 0.
                Requests received (2):
                  1. GET /api/items: method did not match (expected POST, got GET); path did not match \
                (expected /api/login, got /api/items); body did not match (expected {"user":"alice"}, got an empty body)
                  2. POST /api/login: body did not match:
                       $.user: expected "alice", received "bob"
                     No stub matched POST /api/login. Closest stub: GET /api/items: method did not match \
                (expected GET, got POST); path did not match (expected /api/items, got /api/login)
                """
        )
    }

    /// A long journal does not make a long message: a failed wait with 500 requests in the journal lists the
    /// latest 20 and says how many more there are (it listed all of them, near misses and all: 1.2 MB at 16,000).
    @Test func aFailedCheckListsAtMostTheLatestRequests() throws {
        let harness = try MockHarness()
        for index in 0..<500 { try harness.send("GET", "/item/\(index)") }
        let text = errorText { try harness.mock.verify(.init(method: "POST", path: "/never")) }
        #expect(text.contains("Requests received (500):\n  … 480 earlier ones not shown"), "\(text.prefix(300))")
        #expect(text.contains("500. GET /item/499") && !text.contains(" GET /item/479:"))
        #expect(text.utf8.count < 10_000, "\(text.utf8.count) bytes")
    }

    @Test func verifyErrorWhenTooManyOrNone() throws {
        let harness = try MockHarness()
        #expect(
            errorText { try harness.mock.verify(.init(method: "GET", path: "/x"), atLeast: 1) }
                == "Expected at least 1 request matching GET /x, but received 0.\nNo requests were received."
        )
        try harness.mock.stub(.init(method: "GET", path: "/x"), .text(""))
        try harness.send("GET", "/x")
        try harness.send("GET", "/x")
        #expect(
            errorText { try harness.mock.verify(.init(method: "GET", path: "/x"), count: 1) } == """
                Expected 1 request matching GET /x, but received 2.
                Requests received (2):
                  1. GET /x: matches
                  2. GET /x: matches
                """
        )
    }

    @Test func waitForRequestReturnsWhenItArrives() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "POST", path: "/api/login"), .text("ok", delay: 0.05))
        let pending = harness.start("POST", "/api/login")
        let logged = try harness.mock.waitForRequest(.init(method: "POST", path: "/api/login"), timeout: 30)
        #expect(logged.summary == "POST /api/login")
        _ = try pending.wait()
        // A request that already arrived is found at once.
        #expect(try harness.mock.waitForRequest(.init(method: "POST"), timeout: 0).sequence == 1)
    }

    @Test func waitForRequestTimesOut() throws {
        let harness = try MockHarness()
        try harness.send("GET", "/other")
        let started = Date()
        let text = errorText {
            try harness.mock.waitForRequest(.init(method: "POST", path: "/api/login"), timeout: 0.1)
        }
        #expect(Date().timeIntervalSince(started) >= 0.1)
        #expect(
            text == """
                No request matching POST /api/login arrived within 0.1 s.
                Requests received (1):
                  1. GET /other: method did not match (expected POST, got GET); path did not match \
                (expected /api/login, got /other)
                     No stub matched GET /other. There are no stubs.
                """
        )
    }

    @Test func resetForgetsStubsRequestsAndScenarios() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", path: "/x"), .text("x"))
        harness.mock.setScenarioState("login", to: "LoggedIn")
        try harness.send("GET", "/x")
        harness.mock.resetRequests()
        #expect(harness.mock.requests.isEmpty)
        #expect(harness.mock.stubs.count == 1)
        harness.mock.reset()
        #expect(harness.mock.stubs.isEmpty)
        #expect(harness.mock.scenarioState("login") == "Started")
        #expect(try harness.send("GET", "/x").status == 404)
        #expect(try #require(harness.mock.requests.first).sequence == 2)
    }

    @Test func removeStub() throws {
        let harness = try MockHarness()
        let id = try harness.mock.stub(.init(method: "GET", path: "/x"), .text("x"))
        #expect(harness.mock.removeStub(id))
        #expect(!harness.mock.removeStub(id))
        #expect(try harness.send("GET", "/x").status == 404)
    }
}
