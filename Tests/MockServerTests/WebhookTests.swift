import Dispatch
import Foundation
import HTTPCore
import JSON
import Synchronization
import Testing

@testable import MockServer

/// Webhooks (`serveEventListeners` and WireMock 2's `postServeActions`): sent after the answer, templated from the
/// original request, to a second mock on loopback that the test waits on (a condition, not a sleep).
@Suite struct WebhookTests {
    /// A stub whose webhook calls `receiver` after `delay` ms, templated from the request it answered.
    private func mapping(to receiver: String, delay: Int, listeners key: String = "serveEventListeners") -> String {
        #"""
        {"request": {"method": "POST", "urlPath": "/orders"},
         "response": {"status": 202, "body": "accepted"},
         "\#(key)": [{"name": "webhook", "parameters": {
             "method": "PUT",
             "url": "\#(receiver)/callbacks/{{jsonPath originalRequest.body '$.id'}}",
             "headers": {"Content-Type": "application/json", "X-Trace": "{{originalRequest.headers.X-Trace}}"},
             "body": "{\"order\": {{jsonPath originalRequest.body '$.id'}}, \"from\": \"{{originalRequest.path}}\"}",
             "delay": {"type": "fixed", "milliseconds": \#(delay)}}}]}
        """#
    }

    /// Lines the mock says, and a signal for each, so a test waits for one without sleeping.
    private final class Lines: Sendable {
        let said = Mutex<[String]>([])
        let signal = DispatchSemaphore(value: 0)
        func add(_ line: String) {
            said.withLock { $0.append(line) }
            signal.signal()
        }
        /// Waits until a line contains `text`, for at most `budget` lines or 10 s.
        func wait(for text: String, budget: Int = 20) -> String? {
            for _ in 0..<budget {
                if let line = said.withLock({ $0.first { $0.contains(text) } }) { return line }
                if signal.wait(timeout: .now() + 10) == .timedOut { break }
            }
            return said.withLock { $0.first { $0.contains(text) } }
        }
    }

    @Test(arguments: ["serveEventListeners", "postServeActions"])
    func aWebhookReachesASecondMockAfterItsDelayTemplatedFromTheRequest(key: String) throws {
        let receiver = try MockHarness()
        try receiver.mock.stub(RequestPattern(method: "PUT"), .text("thanks"))
        let sender = try MockHarness()
        let added = try sender.send("POST", "/__admin/mappings", body: mapping(to: receiver.mock.url, delay: 300,
                                                                                listeners: key))
        #expect(added.status == 201, "\(String(decoding: added.body, as: UTF8.self))")
        let lines = Lines()
        sender.mock.onLog { lines.add($0) }

        let before = Date()
        let answer = try sender.send("POST", "/orders", headers: [("X-Trace", "t-9")], body: #"{"id": 42}"#)
        #expect(answer.status == 202)
        let hook = try receiver.mock.waitForRequest(RequestPattern(method: "PUT"), timeout: 10)
        #expect(hook.path == "/callbacks/42")
        #expect(hook.bodyText == #"{"order": 42, "from": "/orders"}"#)
        #expect(hook.headers.contains { $0.name == "X-Trace" && $0.value == "t-9" })
        #expect(hook.headers.contains { $0.name == "Content-Type" && $0.value == "application/json" })
        // Not before its delay: the timer, not the answer, sends it.
        #expect(hook.receivedAt.timeIntervalSince(before) >= 0.29)
        let said = lines.wait(for: "returned status")
        #expect(said == "Webhook PUT request to \(receiver.mock.url)/callbacks/42 returned status 200")
        #expect(sender.mock.webhookEvents == [said])
    }

    @Test func aFailingWebhookIsSaidAndTheStubStillAnswers() throws {
        let sender = try MockHarness()
        // A port nothing listens on: a mock started and stopped.
        let gone = try MockServer.start()
        let url = gone.url
        gone.stop()
        let lines = Lines()
        sender.mock.onLog { lines.add($0) }
        _ = try sender.send("POST", "/__admin/mappings", body: mapping(to: url, delay: 0))
        let answer = try sender.send("POST", "/orders", body: #"{"id": 7}"#)
        #expect(answer.status == 202)
        let said = try #require(lines.wait(for: "Failed"))
        #expect(said.hasPrefix("Failed to fire webhook PUT \(url)/callbacks/7: "))
    }

    @Test func anUnknownListenerLoadsAndIsSaidAtEachServeAsWireMockDoes() throws {
        let sender = try MockHarness()
        let lines = Lines()
        sender.mock.onLog { lines.add($0) }
        let added = try sender.send("POST", "/__admin/mappings", body: #"""
            {"request": {"urlPath": "/x"}, "serveEventListeners": [{"name": "audit-log", "parameters": {"a": 1}}]}
            """#)
        #expect(added.status == 201)
        #expect(try sender.send("GET", "/x").status == 200)
        #expect(lines.wait(for: "audit-log") == #"No per-stub listener was found named "audit-log""#)
    }

    @Test(arguments: [
        (#"{"name": "webhook", "parameters": {"url": "file:///etc/passwd"}}"#,
         "serveEventListeners[0].parameters.url: 'file:///etc/passwd': a webhook calls an http:// or https:// URL"),
        (#"{"name": "webhook", "parameters": {"url": "http://h", "delay": {"type": "fixed", "milliseconds": 600001}}}"#,
         "serveEventListeners[0].parameters.delay.milliseconds: expected a number of milliseconds from 0 to 600000, "
            + "got 600001"),
        (#"{"name": "webhook", "parameters": {"url": "http://h", "delay": {"type": "sometimes"}}}"#,
         "serveEventListeners[0].parameters.delay.type: 'sometimes': expected fixed, uniform or lognormal"),
        (#"{"name": "webhook", "parameters": {"url": "http://h", "body": "{{#if}}"}}"#,
         "serveEventListeners[0].parameters.body: "),
        (#"{"name": "webhook", "parameters": {"url": "http://h", "delays": {}}}"#,
         "serveEventListeners[0].parameters.delays: "),
        (#"{"name": "webhook", "requestPhases": ["LATER"], "parameters": {"url": "http://h"}}"#,
         "serveEventListeners[0].requestPhases[0]: \"LATER\": expected one of BEFORE_MATCH, AFTER_MATCH, "
            + "BEFORE_RESPONSE_SENT, AFTER_COMPLETE"),
    ])
    func webhookMistakesNameTheirJSONPath(listener: String, message: String) throws {
        let document = try JSONValue(parsing: Array(#"{"request": {"urlPath": "/x"}, "serveEventListeners": [\#(listener)]}"#.utf8))
        let text = errorText { _ = try WireMockMapping.stubs(in: document, filesDirectory: "/tmp") }
        #expect(text.hasPrefix(message), "\(text)")
    }

    @Test func aStoppedMockSendsNoWebhookStillWaitingForItsDelay() throws {
        let receiver = try MockHarness()
        let sender = try MockHarness()
        let lines = Lines()
        sender.mock.onLog { lines.add($0) }
        _ = try sender.send("POST", "/__admin/mappings", body: mapping(to: receiver.mock.url, delay: 600_000))
        #expect(try sender.send("POST", "/orders", body: #"{"id": 5}"#).status == 202)
        sender.mock.stop()
        let said = lines.wait(for: "not sent")
        // Said whether the stop came before the timer was set or after.
        #expect(said?.hasPrefix("Webhook PUT \(receiver.mock.url)/callbacks/5 not sent: the mock stopped") == true,
                "\(said ?? "nothing said")")
        #expect(receiver.mock.requests.isEmpty)
    }
}
