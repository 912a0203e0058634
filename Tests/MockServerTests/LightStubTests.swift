import Foundation
import Synchronization
import HTTPCore
import Testing

@testable import MockServer

/// Which stubs are light enough to be matched and answered on the event loop (`Stub.isLight`), which templates
/// read which members of `request` (`Template.requestFields`), and that answers made that way are the same.
@Suite struct LightStubTests {
    @Test(arguments: [
        ("/api/item/[0-9]+", true), ("/proxy/.*", true), ("/a/b", true), ("/a/\\d{3}", true), ("/x/(ab)+", true),
        ("/a/[+*?|(]+", true), ("/a/.*?", true), ("/a\\.json", true), ("/p/\\p{L}+", true),
        ("(a+)+b", false), ("/a/.*/b/.*", false), ("a|b", false), ("(a)\\1", false), ("(?i)/a", false),
        ("/a(?=b)", false), ("[a-z]*[0-9]*", false), ("/a/[[a-z]&&[^b]]+", false), ("\\Q.*\\E.*", false),
        ("x?y?", false),
    ])
    func aPatternIsLinearWithOneRepetitionAndNoBacktrackingConstructs(pattern: String, linear: Bool) throws {
        #expect(try CompiledRegex(pattern).isLinear == linear, "\(pattern)")
    }

    @Test func aTemplateIsLightWithoutHelpersOrBlocks() throws {
        #expect(try Template(parsing: "{\"id\": \"{{request.path.[2]}}\", \"host\": \"{{request.headers.Host}}\"}").isLight)
        #expect(try Template(parsing: "plain {{{request.body}}} {{'x'}}").isLight)
        #expect(try !Template(parsing: "{{upper request.path}}").isLight)
        #expect(try !Template(parsing: "{{#if request.body}}x{{/if}}").isLight)
    }

    @Test func aTemplateNamesTheRequestMembersItReads() throws {
        let reads = { (text: String) throws -> Set<String>? in try Template(parsing: text).requestFields }
        #expect(try reads("{{request.path.[2]}} {{request.query.page}} {{request.headers.Host}}") == ["path", "query", "headers"])
        #expect(try reads("{{#each request.query as |values name|}}{{name}}{{@index}}{{/each}}") == ["query"])
        #expect(try reads("{{upper (lower request.method)}} {{size parameters.list}}") == ["method"])
        #expect(try reads("no tags") == [])
        // Names are looked up in any case, as the renderer does.
        #expect(try reads("{{request.Method}} {{Request.body}}") == ["method", "body"])
        // What can reach any member: `request` itself, `this` and `../` (the root at the top), `@root`.
        #expect(try reads("{{#with request}}{{url}}{{/with}}") == nil)
        #expect(try reads("{{this.request.url}}") == nil)
        #expect(try reads("{{@root.request.url}}") == nil)
        #expect(try reads("{{#each request.query}}{{../request.url}}{{/each}}") == nil)
    }

    @Test func stubsWithBoundedMatchersAndAnswersAreLight() throws {
        let plain = Stub(request: .init(method: "GET", path: "/a"), responses: [.json("{}")])
        #expect(plain.isLight)
        var templated = ResponseDefinition(body: .text("{{request.query.page}}"))
        templated.templated = true
        try templated.compileTemplates()
        #expect(Stub(request: .init(method: "GET", url: try .pathMatching("/api/[0-9]+")), responses: [templated]).isLight)
        var helper = ResponseDefinition(body: .text("{{upper request.query.page}}"))
        helper.templated = true
        try helper.compileTemplates()
        #expect(!Stub(request: .init(method: "GET", path: "/a"), responses: [helper]).isLight)
        #expect(!Stub(request: .init(method: "GET", url: try .pathMatching("(a+)+b")), responses: [.json("{}")]).isLight)
        #expect(!Stub(request: .init(method: "GET", path: "/a"), responses: [.init(body: .file("a.json"))]).isLight)
        let body = RequestPattern(method: "POST", url: .path("/a"), bodyPatterns: [.contains("x")])
        #expect(!Stub(request: body, responses: [.json("{}")]).isLight)
        let header = RequestPattern(method: "GET", url: .path("/a"), headers: ["X": try .matches("(a|b)*")])
        #expect(!Stub(request: header, responses: [.json("{}")]).isLight)
    }

    /// Answered on the event loop, a light stub's answers are the same as on a worker thread: sequences go on in
    /// order, the template sees the request, and what nothing matches still gets its nearest miss.
    @Test func lightStubsAnswerAsBefore() throws {
        let harness = try MockHarness()
        var first = Stub(request: .init(method: "GET", path: "/seq"), responses: [.text("one"), .text("two")])
        first.priority = 1
        _ = try harness.mock.stub(first)
        var templated = ResponseDefinition(
            headers: [(name: "X-Id", value: "{{request.path.[2]}}")],
            body: .text(
                "{{request.path.[2]}} {{request.query.page}} {{request.headers.X-Test}} {{request.method}} {{request.Method}}"
            ))
        templated.templated = true
        _ = try harness.mock.stub(.init(method: "GET", url: try .pathMatching("/api/item/[0-9]+")), templated)
        #expect(try harness.send("GET", "/seq").bodyText == "one")
        #expect(try harness.send("GET", "/seq").bodyText == "two")
        #expect(try harness.send("GET", "/seq").bodyText == "two")
        let answer = try harness.send("GET", "/api/item/7?page=2", headers: [(name: "X-Test", value: "yes")])
        #expect(answer.bodyText == "7 2 yes GET GET")
        #expect(answer.header("X-Id") == "7")
        #expect(harness.mock.lightDecisionCount == 4, "the four answers above were made on the event loop")
        let miss = try harness.send("GET", "/api/item/x")
        #expect(miss.status == 404)
        #expect(miss.bodyText.contains("Closest stub"), "\(miss.bodyText)")
        let count = try harness.send("POST", "/__admin/requests/count", body: #"{"method": "GET", "urlPath": "/seq"}"#)
        #expect(count.bodyText.filter { $0 != " " && $0 != "\n" }.hasPrefix(#"{"count":3,"#), "\(count.bodyText)")
    }

    /// A test waiting for a request has its pattern checked as each request is recorded: one that may be slow (a
    /// backtracking regex, a body pattern) keeps requests off the event loop while it waits, as a heavy stub does;
    /// a plain one does not.
    @Test func aSlowWaitingPatternOrAHeavyStubKeepsRequestsOffTheEventLoop() throws {
        let harness = try MockHarness()
        let mock = harness.mock
        _ = try mock.stub(Stub(request: .init(method: "GET", path: "/a"), responses: [.text("a")]))
        #expect(try harness.send("GET", "/a").bodyText == "a")
        #expect(mock.lightDecisionCount == 1)
        // Waits with each pattern in turn (for a path of its own: requests journaled before count), sending /a
        // meanwhile: how many /a went on the loop.
        func whileWaiting(for pattern: RequestPattern, endedBy path: String) throws -> Int {
            let before = mock.lightDecisionCount
            let ended = DispatchSemaphore(value: 0)
            let waiter = Thread {
                _ = try? mock.waitForRequest(pattern, timeout: 30)
                ended.signal()
            }
            waiter.start()
            // Paced polling, bounded by a count (the journal tells no one when a waiter arrives): the waiter is in
            // place within a few milliseconds.
            for _ in 0..<300 where !mock.isWaited { Thread.sleep(forTimeInterval: 0.01) }
            #expect(mock.isWaited, "the waiter is in place")
            #expect(try harness.send("GET", "/a").bodyText == "a")
            let onLoop = mock.lightDecisionCount - before
            _ = try harness.send("POST", path, body: "x")  // ends the wait (a 404, journaled)
            #expect(ended.wait(timeout: .now() + 30) == .success, "the request ended the wait")
            return onLoop
        }
        let plain = RequestPattern(method: "POST", url: .path("/b"))
        #expect(try whileWaiting(for: plain, endedBy: "/b") == 1, "a plain pattern")
        let body = RequestPattern(method: "POST", url: .path("/c"), bodyPatterns: [.contains("x")])
        #expect(try whileWaiting(for: body, endedBy: "/c") == 0, "a body pattern")
        let regex = RequestPattern(method: "POST", url: try .pathMatching("(/d+)+"))
        #expect(try whileWaiting(for: regex, endedBy: "/dd") == 0, "a backtracking regex")
        _ = try mock.stub(
            Stub(request: .init(method: "POST", url: .path("/e"), bodyPatterns: [.contains("x")]), responses: [.text("e")]))
        let before = mock.lightDecisionCount
        #expect(try harness.send("GET", "/a").bodyText == "a")
        #expect(mock.lightDecisionCount == before, "answered off the loop while a heavy stub is in the store")
    }

    /// The same over HTTP: requests sent all at once, answered on the mock's event loops (`HTTPAnswer.now`) and its
    /// worker threads, still get each response of a sequence exactly once.
    @Test func concurrentRequestsTakeEachTurnOnce() throws {
        let harness = try MockHarness()
        let turns = 200
        _ = try harness.mock.stub(Stub(
            request: .init(method: "GET", url: try .pathMatching("/seq/[0-9]+")),
            responses: (0..<turns).map { .text("r\($0)") }))
        let sent = (0..<turns).map { harness.start("GET", "/seq/\($0)") }
        let bodies = try sent.map { try $0.wait().bodyText }
        #expect(bodies.count == turns && Set(bodies) == Set((0..<turns).map { "r\($0)" }), "every turn answered once")
        #expect(harness.mock.lightDecisionCount > 0)
    }

    /// Light decisions compare candidates outside the store's lock and take the stub's turn under it: decisions
    /// made at once on many threads (each mock's event loop and the worker threads, several mocks' loops) still
    /// give each response of a sequence exactly once, and only one of them sees a scenario's first state.
    @Test func concurrentLightDecisionsTakeEachTurnOnce() throws {
        let store = StubStore()
        /// Decides `count` requests for `path/N` on as many threads as there are cores; the bodies answered.
        func decideAtOnce(_ path: String, _ count: Int) -> [String] {
            let bodies = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: count) { index in
                let request = HTTPRequest(method: "GET", uri: "\(path)/\(index)", headers: [], body: [])
                guard case .matched(let chosen, _) = store.decideIfLight(request) ?? store.decide(request),
                    case .text(let text) = chosen.response.body
                else { return }
                bodies.withLock { $0.append(text) }
            }
            return bodies.withLock { $0 }
        }
        let turns = 200
        try store.add(Stub(
            request: .init(method: "GET", url: try .pathMatching("/seq/[0-9]+")),
            responses: (0..<turns).map { .text("r\($0)") }))
        let bodies = decideAtOnce("/seq", turns)
        #expect(bodies.count == turns && Set(bodies) == Set((0..<turns).map { "r\($0)" }), "every turn answered once")
        #expect(store.lightDecisionCount > 0)

        var first = Stub(request: .init(method: "GET", url: try .pathMatching("/once/[0-9]+")), responses: [.text("first")])
        first.priority = 1
        first.scenario = ScenarioStep("once", requiredState: ScenarioStep.started, newState: "done")
        try store.add(first)
        try store.add(Stub(request: .init(method: "GET", url: try .pathMatching("/once/[0-9]+")), responses: [.text("later")]))
        let answers = decideAtOnce("/once", 50)
        #expect(answers.filter { $0 == "first" }.count == 1, "\(answers)")
        #expect(answers.filter { $0 == "later" }.count == 49)
    }
}
