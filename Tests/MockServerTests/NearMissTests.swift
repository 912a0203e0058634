import HTTPCore
import Testing

@testable import MockServer

@Suite struct NearMissTests {
    @Test func unmatchedRequestNamesTheClosestStubAndTheDifference() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", path: "/api/items"), .json("[]"))
        let login = RequestPattern(
            method: "POST", url: .path("/api/login"), bodyPatterns: [try .equalToJSON(#"{"user":"alice"}"#)]
        )
        try harness.mock.stub(login, .json(#"{"token":"t1"}"#))
        let answer = try harness.send("POST", "/api/login", body: #"{"user": "bob"}"#)
        let expected =
            #"No stub matched POST /api/login. Closest stub: POST /api/login with JSON body {"user":"alice"}: "#
            + "body did not match:\n  " + #"$.user: expected "alice", received "bob""#
        #expect(answer.status == 404)
        #expect(answer.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(answer.text == expected + "\n")
        let logged = try #require(harness.mock.requests.first)
        #expect(logged.nearMiss == expected)
        #expect(logged.matchedStub == nil)
        #expect(harness.mock.unmatchedRequests.count == 1)
    }

    @Test func everyDifferingPartIsListed() throws {
        let harness = try MockHarness()
        let pattern = RequestPattern(
            method: "GET", url: .path("/items"), queryParameters: ["page": .equalTo("2")],
            headers: ["Accept": .contains("json")]
        )
        try harness.mock.stub(pattern, .json("[]"))
        let answer = try harness.send("POST", "/items?page=3")
        #expect(
            answer.text
                == "No stub matched POST /items?page=3. Closest stub: GET /items with query page=2, header Accept: "
                + "containing json: method did not match (expected GET, got POST); query parameter page did not match "
                + "(expected 2, got 3); header Accept did not match (expected containing json, got nothing)\n"
        )
    }

    @Test func theStubWithTheFewestDifferencesIsClosest() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "POST", path: "/api/logout"), .text(""))
        try harness.mock.stub(.init(method: "GET", path: "/api/login"), .text(""))
        let answer = try harness.send("POST", "/api/login")
        #expect(
            answer.text
                == "No stub matched POST /api/login. Closest stub: GET /api/login: method did not match "
                + "(expected GET, got POST)\n"
        )
    }

    @Test func noStubsAtAll() throws {
        let harness = try MockHarness()
        #expect(try harness.send("GET", "/x").text == "No stub matched GET /x. There are no stubs.\n")
    }
}
