import HTTPCore
import Testing

@testable import MockServer

@Suite struct MatchingTests {
    @Test func methodAndExactPath() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", path: "/api/items"), .text("items"))
        #expect(try harness.send("GET", "/api/items?page=1").text == "items")
        #expect(try harness.send("POST", "/api/items").status == 404)
        #expect(try harness.send("GET", "/api/items/1").status == 404)
    }

    @Test func anyMethodMatchesEveryMethod() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "ANY", path: "/ping"), .text("pong"))
        #expect(try harness.send("DELETE", "/ping").text == "pong")
        #expect(try harness.send("PUT", "/ping").text == "pong")
    }

    @Test func pathRegexMatchesTheWholePath() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", url: .pathMatching("/api/items/[0-9]+")), .text("item"))
        #expect(try harness.send("GET", "/api/items/42").text == "item")
        #expect(try harness.send("GET", "/api/items/42/extra").status == 404)
        #expect(try harness.send("GET", "/api/items/abc").status == 404)
    }

    @Test func pathTemplateCapturesIntoBodyAndHeaders() throws {
        let harness = try MockHarness()
        let response = ResponseDefinition(
            headers: [("X-Item", "item-{{id}}")], body: .json(#"{"id":"{{id}}","owner":"{{user}}"}"#)
        )
        try harness.mock.stub(.init(method: "GET", url: .pathTemplate("/users/{user}/items/{id}")), response)
        let answer = try harness.send("GET", "/users/alice/items/a%20b")
        #expect(answer.text == #"{"id":"a b","owner":"alice"}"#)
        #expect(answer.header("X-Item") == "item-a b")
        #expect(answer.header("Content-Type") == "application/json")
        #expect(try harness.send("GET", "/users/alice/items").status == 404)
    }

    @Test func exactURLIncludesTheQuery() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", url: .url("/search?q=swift")), .text("found"))
        #expect(try harness.send("GET", "/search?q=swift").text == "found")
        #expect(try harness.send("GET", "/search?q=lua").status == 404)
        #expect(try harness.send("GET", "/search").status == 404)
    }

    @Test func urlRegexSeesPathAndQuery() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", url: .urlMatching("/search\\?q=[a-z]+")), .text("found"))
        #expect(try harness.send("GET", "/search?q=swift").text == "found")
        #expect(try harness.send("GET", "/search?q=42").status == 404)
    }

    @Test func queryParameters() throws {
        let harness = try MockHarness()
        let pattern = RequestPattern(
            method: "GET", url: .path("/items"),
            queryParameters: [
                "page": .equalTo("2"), "sort": .contains("name"), "limit": try .matches("[0-9]+"), "debug": .absent,
            ]
        )
        try harness.mock.stub(pattern, .text("page 2"))
        #expect(try harness.send("GET", "/items?page=2&sort=by+name&limit=20").text == "page 2")
        #expect(try harness.send("GET", "/items?page=3&sort=name&limit=20").status == 404)
        #expect(try harness.send("GET", "/items?page=2&sort=date&limit=20").status == 404)
        #expect(try harness.send("GET", "/items?page=2&sort=name&limit=all").status == 404)
        #expect(try harness.send("GET", "/items?page=2&sort=name&limit=20&debug=1").status == 404)
    }

    @Test func headerNamesAreCaseInsensitive() throws {
        let harness = try MockHarness()
        let pattern = RequestPattern(
            method: "GET", url: .path("/me"),
            headers: [
                "authorization": try .matches("Bearer [a-z0-9]+"), "Accept": .contains("json"),
                "X-Locale": .equalToIgnoringCase("EN"),
            ]
        )
        try harness.mock.stub(pattern, .text("me"))
        let good = [
            (name: "Authorization", value: "Bearer t1"), (name: "ACCEPT", value: "application/json"),
            (name: "x-locale", value: "en"),
        ]
        #expect(try harness.send("GET", "/me", headers: good).text == "me")
        #expect(try harness.send("GET", "/me", headers: Array(good.dropFirst())).status == 404)
        let wrong = [(name: "Authorization", value: "Basic xyz")] + good.dropFirst()
        #expect(try harness.send("GET", "/me", headers: wrong).status == 404)
    }

    @Test(arguments: [
        (BodyPattern.equalTo("hello world"), "hello world", "hello world!"),
        (.contains("world"), "hello world", "hello there"),
        (try! .matches("hel+o .*"), "hello world", "help"),
        (try! .equalToJSON(#"{"user":"alice","age":3}"#), #"{ "age": 3.0, "user": "alice" }"#, #"{"user":"alice"}"#),
        (try! .containsJSON(#"{"user":"alice"}"#), #"{"user":"alice","remember":true}"#, #"{"user":"bob","x":1}"#),
        // WireMock's ignoreExtraElements ignores extra array items too (after the expected ones, in order).
        (try! .containsJSON(#"{"tags":[{"id":1}]}"#), #"{"tags":[{"id":1,"n":"a"},{"id":2}]}"#, #"{"tags":[{"id":2},{"id":1}]}"#),
    ])
    func bodyPatterns(pattern: BodyPattern, matching: String, notMatching: String) throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "POST", url: .path("/body"), bodyPatterns: [pattern]), .text("ok"))
        #expect(try harness.send("POST", "/body", body: matching).text == "ok")
        #expect(try harness.send("POST", "/body", body: notMatching).status == 404)
    }

    /// WireMock's precedence: among the stubs that match, the newest one answers (at equal priority), however
    /// specific the older ones are.
    @Test func newestMatchingStubWinsAtEqualPriority() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: nil, url: .pathMatching("/api/.*")), .text("catch-all"))
        try harness.mock.stub(.init(method: "GET", path: "/api/items"), .text("items"))
        let withQuery = RequestPattern(
            method: "GET", url: .path("/api/items"), queryParameters: ["page": .equalTo("2")]
        )
        try harness.mock.stub(withQuery, .text("page 2"))
        #expect(try harness.send("GET", "/api/other").text == "catch-all")
        #expect(try harness.send("GET", "/api/items").text == "items")
        #expect(try harness.send("GET", "/api/items?page=2").text == "page 2")
        try harness.mock.stub(.init(method: "GET", path: "/api/items"), .text("newer items"))
        #expect(try harness.send("GET", "/api/items").text == "newer items")
        try harness.mock.stub(.init(method: nil, url: .pathMatching("/api/.*")), .text("newest catch-all"))
        #expect(try harness.send("GET", "/api/items").text == "newest catch-all")
        #expect(try harness.send("GET", "/api/items?page=2").text == "newest catch-all")
    }

    @Test func lowerPriorityNumberBeatsNewer() throws {
        let harness = try MockHarness()
        try harness.mock.stub(Stub(request: RequestPattern(), response: .text("maintenance"), priority: 1))
        try harness.mock.stub(Stub(request: .init(method: "GET", path: "/x"), response: .text("specific")))
        #expect(try harness.send("GET", "/x").text == "maintenance")
    }

    @Test func aRequestBodyThatIsNotJSONSaysWhereAndWhy() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "POST", url: .path("/x"), bodyPatterns: [try .equalToJSON(#"{"a":1}"#)]), .text("ok"))
        let answer = try harness.send("POST", "/x", body: #"{"a": 1,}"#)
        #expect(answer.status == 404)
        #expect(answer.text.contains(#"got non-JSON "{"a": 1,}" (JSON error at line 1, column 9 (byte 8): expected a string key, found '}'))"#), "\(answer.text)")
    }

    @Test func badPatternsFailWhenStubbed() throws {
        let mock = try MockServer.start()
        defer { mock.stop() }
        #expect(errorText { try mock.stub(.init(method: "GET", url: .pathMatching("(")), .text("")) }
            == "invalid regular expression: (")
        #expect(errorText { _ = try BodyPattern.equalToJSON("{user") } == "the expected JSON body is not valid JSON (JSON error at line 1, column 2 (byte 1): expected a string key, found 'u'): {user")
        #expect(errorText { try mock.stub(.init(method: "GET", path: "/x"), .json("[1,")) }
            == "the JSON response body is not valid JSON (JSON error at line 1, column 4 (byte 3): expected a JSON value, "
                + "found the end of the text): [1,")
        #expect(errorText { try mock.stub(Stub(request: RequestPattern(), responses: [])) }
            == "a stub needs at least one response")
    }
}
