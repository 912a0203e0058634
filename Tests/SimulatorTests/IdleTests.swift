import Foundation
import Frankly
import Testing

@testable import Simulator

@Suite("GET /idle")
struct IdleTests {
    @Test func idleWhenNothingRuns() throws {
        let app = try LiveSimulator(source: fixtureApp)
        let idle = try app.getJSON("/idle")
        #expect(idle["idle"] == .bool(true))
        #expect(idle["busy"] == .array([]))
    }

    @Test func anAnimationIsBusyUntilItsDeadline() throws {
        let app = try LiveSimulator(source: fixtureApp)
        try app.touch("button marked:'Animate'")
        let idle = try app.getJSON("/idle")
        #expect(idle["idle"] == .bool(false))
        guard case .array(let busy)? = idle["busy"], let first = busy.first else { Issue.record("not busy"); return }
        #expect(first["kind"] == .string("animation"))
        #expect(first["what"] == .string("status fade"))
        let remaining = try #require(first["remaining_ms"]?.doubleValue)
        #expect(remaining > 0 && remaining <= 3000)
        #expect(try app.results("label marked:'idle'", "isAnimating") == [.bool(true)])
        #expect(try app.wait { try app.getJSON("/idle")["idle"] == .bool(true) })
        #expect(try app.wait { try app.texts("label marked:'animated'") == ["animated"] })
        #expect(try app.simulator.busy().isEmpty)
    }

    @Test func aRequestIsBusyUntilItsAnswer() throws {
        let app = try LiveSimulator(source: fixtureApp)
        try app.touch("button marked:'Slow'")
        let idle = try app.getJSON("/idle")
        #expect(idle["busy"] == .array([.object(["kind": .string("network"), "what": .string("POST /api/slow")])]))
        #expect(try app.simulator.busy() == [SimulatorActivity(kind: "network", what: "POST /api/slow")])
        #expect(try app.wait { try app.texts("label marked:'status'") == ["status 204"] })
        #expect(try app.getJSON("/idle")["idle"] == .bool(true))
    }
}
