import Foundation
import HTTPCore
import Testing

@testable import MockServer

/// The journal lets an entry share the previous one's target, headers and outcome when they are equal
/// (`RepeatSharing`); every entry must still give back exactly what its own request sent and how it was answered.
@Suite struct JournalSharingTests {
    @Test func eachEntryKeepsItsOwnTargetAndHeadersBesideRepeats() throws {
        let harness = try MockHarness()
        let sent: [(uri: String, headers: [(name: String, value: String)])] = [
            ("/a?x=1", [("X-N", "1")]),
            ("/a?x=1", [("X-N", "1")]),
            ("/a?x=1", [("X-N", "2")]),
            ("/b", [("X-N", "2")]),
            ("/a?x=1", [("x-n", "2")]),
            ("/a?x=2", [("x-n", "2"), ("X-More", "m")]),
        ]
        for request in sent { try harness.send("GET", request.uri, headers: request.headers) }
        let kept = harness.mock.requests
        #expect(kept.map(\.summary) == sent.map { "GET \($0.uri)" })
        #expect(kept.map(\.query) == ["x=1", "x=1", "x=1", "", "x=1", "x=2"])
        let keptHeaders = kept.map { entry in
            entry.headers.filter { $0.name.lowercased().hasPrefix("x-") }.map { "\($0.name): \($0.value)" }
        }
        #expect(keptHeaders == sent.map { $0.headers.map { "\($0.name): \($0.value)" } })
    }

    @Test func eachEntryKeepsTheStubAndStatusThatAnsweredIt() throws {
        let harness = try MockHarness()
        let ok = try harness.mock.stub(.init(method: "GET", path: "/ok"), .text("ok"))
        let created = try harness.mock.stub(.init(method: "GET", path: "/created"), .text("made", status: 201))
        for path in ["/ok", "/ok", "/created", "/missing", "/missing", "/ok"] { try harness.send("GET", path) }
        let kept = harness.mock.requests
        #expect(kept.map(\.matchedStub) == [ok, ok, created, nil, nil, ok])
        #expect(kept.map(\.responseStatus) == [200, 200, 201, 404, 404, 200])
        #expect(kept.map(\.matchedStubSummary) == ["GET /ok", "GET /ok", "GET /created", nil, nil, "GET /ok"])
        #expect(kept.map { $0.nearMiss != nil } == [false, false, false, true, true, false])
    }
}
