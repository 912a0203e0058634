import LuaKit
import Testing

@testable import FScript

/// Ctrl-C and the `--jobs` parent: its handling of a worker's line runs in Lua with Ctrl-C left pending for the
/// scheduler, which tells the workers; raised into that handling, the line and the Ctrl-C were both lost (a
/// scenario that ran came out lost, and the run went on to exit 2). The guard is given a Ctrl-C of its own, not
/// the process-wide one, which tests running beside it would see.
@Suite struct InterruptGuardTests {
    /// A Ctrl-C that only this test's guard sees.
    final class FakeSignal {
        var pending = false
    }

    /// A loop long enough for the interrupt hook to check many times (it checks every few thousand instructions).
    static let loop = "local n = 0 for i = 1, 300000 do n = n + 1 end return n"

    @Test func aDeferredCtrlCStaysPendingAndTheLuaCallFinishes() throws {
        let signal = FakeSignal()
        let guardian = InterruptGuard(signal: ({ signal.pending }, { signal.pending = false }))
        let state = LuaState()
        guardian.install(on: state)
        let chunk = try state.load(Self.loop, name: "=loop")
        signal.pending = true
        let results = try guardian.deferringInterrupts { try chunk.call() }
        #expect(results.first?.integerValue == 300_000)
        #expect(signal.pending, "the scheduler still sees the Ctrl-C")
        // Not deferred, the same Ctrl-C stops the call, and is taken.
        #expect(throws: (any Error).self) { try chunk.call() }
        #expect(!signal.pending)
    }
}
