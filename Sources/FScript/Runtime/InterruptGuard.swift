#if canImport(Glibc)
import Glibc
#endif
import LuaKit

/// The test deadline and Ctrl-C, answered to LuaKit's interrupt hook and to Swift functions that block.
///
/// The runner arms the deadline around each test body (`fscript.set_deadline(seconds)`) and disarms it after
/// (`fscript.set_deadline(nil)`). While armed, a passed deadline or a pending Ctrl-C makes *every* check fail,
/// so a user's `pcall` around a hung loop cannot swallow the error: the next hook call raises it again until the
/// runner disarms. Disarming acknowledges Ctrl-C (the runner has the failure in hand by then). Unarmed (`-e`,
/// the REPL, the runner's own bookkeeping), Ctrl-C raises once, so the code around it can still finish up.
final class InterruptGuard {
    /// The error text for Ctrl-C; the stdlib's `util.is_interrupt` recognises it, with or without a position.
    static let interruptedMessage = "interrupted"

    /// VM instructions between two checks: about 50 µs of a tight loop, so a hang stops at once while the cost of
    /// a check (one clock read) stays invisible.
    static let checkInterval = 10_000

    private var deadline: Double?
    private var limit: Double = 0
    /// The state the hook is installed on, to tighten its interval once it starts raising. Held through its
    /// `Lifetime`: a weak reference would put every retain of the state on Swift's slow refcounting path.
    private var lifetime: LuaState.Lifetime?
    private var state: LuaState? { lifetime?.state }
    /// Failed checks since the deadline was armed; from the second the hook runs on every instruction.
    private var failedChecks = 0
    /// What the chunk names of fscript's own Lua library contain (`@…/stdlib/fscript/runner.lua`).
    static let libraryMarker = "stdlib/fscript/"

    /// Monotonic seconds, the clock `fscript.clock()` also reads.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Installs the hook on `state`; coroutines made afterwards inherit it.
    func install(on state: LuaState) {
        lifetime = state.lifetime
        setInterval(Self.checkInterval)
    }

    private func setInterval(_ instructions: Int) {
        state?.setInterrupt(every: instructions) { [unowned self] in self.check() }
    }

    /// Arms the deadline `seconds` from now, or disarms it (and acknowledges Ctrl-C) with nil.
    func arm(seconds: Double?) {
        guard let seconds else {
            deadline = nil
            SignalTrap.acknowledge()
            if failedChecks >= 2 { setInterval(Self.checkInterval) }
            failedChecks = 0
            return
        }
        limit = seconds
        deadline = Self.now() + seconds
        if failedChecks >= 2 { setInterval(Self.checkInterval) }
        failedChecks = 0
    }

    /// What the hook raises now, or nil to let the script run on.
    ///
    /// A hung loop around `pcall` catches the first error. So when an armed check fails a second time (the
    /// error was swallowed), the hook switches to every instruction and raises at the first one that runs
    /// outside fscript's own Lua library: right after the user's `pcall` returns. The library (the runner's
    /// message handler, its disarm) is spared so that it can record the failure.
    func check() -> String? {
        let message: String
        if SignalTrap.isPending {
            if deadline == nil {
                SignalTrap.acknowledge()
                return Self.interruptedMessage
            }
            message = Self.interruptedMessage
        } else if let deadline, Self.now() >= deadline {
            message = "test timed out after \(Self.seconds(limit)) s"
        } else {
            return nil
        }
        failedChecks += 1
        if failedChecks == 2 { setInterval(1) }
        if failedChecks >= 2, let source = state?.runningSource(), source.contains(Self.libraryMarker) {
            return nil
        }
        return message
    }

    /// For Swift functions that wait (a poll loop, a blocking call in slices): throws what the hook would raise.
    func throwIfStopped() throws {
        if let message = check() { throw HostInterrupt(message: message) }
    }

    /// Seconds as Lua's `%g` prints them: `60`, `0.2`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// The deadline or Ctrl-C, thrown by a Swift function that was waiting; LuaKit prefixes the caller's line.
struct HostInterrupt: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
