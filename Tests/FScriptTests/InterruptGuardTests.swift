import Platform
import Testing

@testable import FScript

/// Ctrl-C and the `--jobs` parent: its handling of a worker's line runs in Lua with Ctrl-C left pending for the
/// scheduler, which tells the workers; raised into that handling, the line and the Ctrl-C were both lost (a
/// scenario that ran came out lost, and the run went on to exit 2).
@Suite struct InterruptGuardTests {
    /// A loop long enough for the interrupt hook to check many times (it checks every few thousand instructions).
    static let loop = "local n = 0 for i = 1, 300000 do n = n + 1 end return n"

    @Test func aDeferredCtrlCStaysPendingAndTheLuaCallFinishes() throws {
        let session = ScriptSession()
        let chunk = try session.state.load(Self.loop, name: "=loop")
        Interruption.raise()
        defer { Interruption.acknowledge() }
        let results = try session.interrupts.deferringInterrupts { try chunk.call() }
        #expect(results.first?.integerValue == 300_000)
        #expect(Interruption.isPending, "the scheduler still sees the Ctrl-C")
        // Not deferred, the same Ctrl-C stops the call.
        #expect(throws: (any Error).self) { try chunk.call() }
    }
}
