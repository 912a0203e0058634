import Foundation
import Frankly
import HTTPCore
import JSON
import Testing

@testable import Simulator

/// The change feed: `X-Fscript-Change` on every answer, and `GET /idle?changed_since=N&timeout_ms=T`.
@Suite("Change feed")
struct ChangeFeedTests {
    private func change(_ response: HTTPClientResponse) throws -> UInt64 {
        try #require(response.header("X-Fscript-Change").flatMap { UInt64($0) })
    }

    private func mapBody(_ query: String, _ method: String) -> String {
        JSONValue.object([
            "query": .string(query), "selector_engine": .string("shelley_compat"),
            "operation": .object(["method_name": .string(method), "arguments": .array([])]),
        ]).jsonString
    }

    @Test func readsDoNotCountAsChangesAndActionsDo() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let first = try change(app.send("GET", "/dump"))
        #expect(try change(app.send("GET", "/idle")) == first)
        #expect(try change(app.send("POST", "/map", body: mapBody("label", "FEX_isVisible"))) == first)
        let touched = try change(app.send("POST", "/map", body: mapBody("button marked:'Animate'", "touch")))
        #expect(touched > first)
    }

    /// Upper bounds here stand far from what is measured (a busy machine may be slow to answer) and below the limit
    /// a wrong answer would take: the client gives up after 10 s, the waits are allowed 60.
    @Test func aWaitIsAnsweredWhenTheAnimationEndsAndNotBefore() throws {
        let app = try LiveSimulator(source: fixtureApp)
        // Measured from before the touch: the animation cannot end sooner, however late the wait starts.
        let started = Date()
        let touched = try change(app.send("POST", "/map", body: mapBody("button marked:'Animate'", "touch")))
        let answer = try app.send("GET", "/idle?changed_since=\(touched)&timeout_ms=60000")
        let waited = Date().timeIntervalSince(started)
        #expect(waited > 2.95 && waited < 9, "the animation lasts 3 s; waited \(waited) s")
        #expect(try change(answer) > touched)
        #expect(try JSONValue(parsing: answer.body)["idle"] == .bool(true))
    }

    @Test func aCountAlreadyPassedAnswersAtOnceAndNoChangeAnswersAtTheLimit() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let now = try change(app.send("GET", "/idle"))
        var started = Date()
        _ = try app.send("GET", "/idle?changed_since=\(now - 1)&timeout_ms=60000")
        #expect(Date().timeIntervalSince(started) < 8, "answered at once, not at the 60 s limit")
        started = Date()
        let answer = try app.send("GET", "/idle?changed_since=\(now)&timeout_ms=200")
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.19 && waited < 8, "answered at the 0.2 s limit; waited \(waited) s")
        #expect(try change(answer) == now)
    }

    @Test(arguments: [
        ("changed_since=x", "invalid changed_since"), ("changed_since=1&timeout_ms=-1", "invalid timeout_ms"),
        ("changed_since=1&timeout_ms=99999999", "invalid timeout_ms"), ("changed_since=1&timeout_ms=nan", "invalid timeout_ms"),
    ])
    func malformedParametersAreNamed(query: String, reason: String) throws {
        let app = try LiveSimulator(source: fixtureApp)
        let answer = try JSONValue(parsing: app.send("GET", "/idle?" + query).body)
        #expect(answer["outcome"] == .string("ERROR"))
        #expect(answer["reason"] == .string(reason))
    }
}
