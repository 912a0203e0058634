import Dispatch
import Foundation
import HTTPCore
import JSON
import NIOCore
import Synchronization
import Testing

@testable import Inspector

/// The finding "70 parked long polls starve the inspector's API (`/api/state` times out)": pages (or anyone on
/// the machine) park 70 waits for a change, and `/api/state` must still be answered while they wait.
///
/// Counted: the waits past the cap must answer at once (before any parked wait could end by itself, 10 s), and
/// the target's tree changes only after `/api/state` answered, so the waits still parked then answer with the
/// new change: between half the cap and the cap of them. Without the cap every wait parks and none answers at
/// once; on Dispatch's global queue, whose threads grow about one a second while they block, the waits past the
/// cap queue behind the parked ones.
@Suite struct InspectorLongPollTests {
    /// A Frankly target without a change feed whose window's label is `label` until the test changes it.
    final class FakeTarget: Sendable {
        final class Label: Sendable {
            let text = Mutex("first")
        }
        let label: Label
        let server: HTTPServer

        init() throws {
            let label = Label()
            self.label = label
            server = try HTTPServer.start(responder: ClosureResponder { request, loop in
                guard request.path == "/dump" else { return loop.makeSucceededFuture(.text("no\n", status: 404)) }
                let text = JSONValue.string(label.text.withLock { $0 }).jsonString
                let body = #"{"class": "UIWindow", "uid": "1", "accessibilityLabel": \#(text)}"#
                return loop.makeSucceededFuture(
                    HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(body.utf8)))
            })
        }
    }

    struct NoScripting: InspectorScripting {
        func run(_ code: String) -> String? { "no scripting in this test" }
        var sentences: StepSentences { StepSentences([:]) }
    }

    @Test func seventyParkedLongPollsLeaveTheStateAnswered() throws {
        let target = try FakeTarget()
        defer { target.server.stop() }
        let inspector = try Inspector.start(
            target: target.server.url, scripting: NoScripting(), recorder: ScriptRecorder(path: nil))
        defer { inspector.stop() }
        let client = HTTPClient(reuseConnections: false)
        defer { client.shutdown() }
        func change(_ answer: HTTPClientResponse) throws -> Int64 {
            Int64(try #require(try JSONValue(parsing: answer.body)["change"]?.intValue, "\(answer.bodyText)"))
        }
        let first = try change(
            try client.send(HTTPClientRequest(url: inspector.url + "api/state"), timeout: .seconds(60)))

        let cap = InspectorAPI.parkedWaitsAtMost
        let answered = DispatchSemaphore(value: 0)
        let polls = (0..<70).map { _ in
            let poll = client.execute(
                HTTPClientRequest(url: inspector.url + "api/state?after=\(first)"), timeout: .seconds(120))
            poll.whenComplete { _ in answered.signal() }
            return poll
        }
        // The waits past the cap answer at once, long before a parked one could end (`longestWait`, 10 s): when
        // waits take every thread, or threads come one a second, they answer only as parked waits end.
        let deadline = DispatchTime.now() + TargetWatcher.longestWait
        var atOnce = 0
        while atOnce < polls.count - cap, answered.wait(timeout: deadline) == .success { atOnce += 1 }
        #expect(atOnce == polls.count - cap, "only \(atOnce) long polls past the cap were answered at once")
        let state = try client.send(HTTPClientRequest(url: inspector.url + "api/state"), timeout: .seconds(120))
        #expect(state.status == 200)
        target.label.text.withLock { $0 = "second" }
        var sawTheChange = 0
        for poll in polls {
            let answer = try poll.wait()
            #expect(answer.status == 200, "\(answer.bodyText)")
            if try change(answer) > first { sawTheChange += 1 }
        }
        #expect((cap / 2...cap).contains(sawTheChange),
            "\(sawTheChange) long polls were still parked when /api/state answered (expected up to \(cap))")
    }
}
