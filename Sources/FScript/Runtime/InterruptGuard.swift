#if canImport(Glibc)
import Glibc
#endif
import LuaKit
import Platform

/// The test deadline and Ctrl-C, for the script thread: raised into running Lua code by LuaKit's interrupt hook,
/// and thrown out of every blocking wait (a request, a paced poll, a mock wait) through Platform's `Interruption`.
///
/// The runner arms the deadline around each test body (`fscript.set_deadline(seconds)`) and disarms it after
/// (`fscript.set_deadline(nil)`). While armed, a passed deadline or a pending Ctrl-C makes *every* check fail,
/// so a user's `pcall` around a hung loop cannot swallow the error (`LuaInterruptHook` escalates). Disarming
/// acknowledges Ctrl-C (the runner has the failure in hand by then). Unarmed (`-e`, the REPL, the runner's own
/// bookkeeping), Ctrl-C raises once, so the code around it can still finish up.
final class InterruptGuard {
    /// The error text for Ctrl-C; scripts tell it by its kind (`interrupt`), never by this text.
    static let interruptedMessage = "interrupted"

    /// What the chunk names of fscript's own Lua library contain (`@…/stdlib/fscript/runner.lua`).
    static let libraryMarker = "stdlib/fscript/"

    private var deadline: Deadline?
    private var limit: Double = 0
    /// Set while `deferringInterrupts` runs its body: Ctrl-C stays pending for the Swift code around it.
    private var defersInterrupts = false
    /// Whether Ctrl-C is pending, and taking it: Platform's `Interruption` (process-wide), or a test's own.
    private let signal: (isPending: () -> Bool, acknowledge: () -> Void)

    init(signal: (isPending: () -> Bool, acknowledge: () -> Void) = ({ Interruption.isPending }, Interruption.acknowledge)) {
        self.signal = signal
    }
    private lazy var hook = LuaInterruptHook(
        reason: { [unowned self] in self.stop() }, spared: Self.libraryMarker)

    /// Monotonic seconds, the clock `fscript.clock()` also reads.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Installs the hook on `state` and the stop check on the calling (script) thread.
    func install(on state: LuaState) {
        hook.install(on: state)
        Interruption.prepare()
        // Weak: the check outlives this guard on its thread when a session ends before the thread does.
        Interruption.current = Interruption.StopCheck(
            reason: { [weak self] in self?.stop().map { HostInterrupt(stop: $0.stop) } },
            nextDeadline: { [weak self] in self?.deadline })
    }

    /// Arms the deadline `seconds` from now, or disarms it (and acknowledges Ctrl-C) with nil.
    func arm(seconds: Double?) {
        hook.reset()
        guard let seconds else {
            deadline = nil
            signal.acknowledge()
            return
        }
        limit = seconds
        deadline = .now() + .seconds(seconds)  // Deadline + Duration clamps past its range
    }

    /// Runs `body` (Lua calls) with Ctrl-C left pending instead of raised into it, for the Swift code around it
    /// to act on once it returns: the `--jobs` parent's handling of a worker's line is short, and cut in half it
    /// lost that line (a scenario the worker ran, reported lost) and the Ctrl-C with it (the run went on, exit 2).
    func deferringInterrupts<T>(_ body: () throws -> T) rethrows -> T {
        defersInterrupts = true
        defer { defersInterrupts = false }
        return try body()
    }

    /// True while a test deadline is armed.
    var isArmed: Bool { deadline != nil }

    /// While armed: the stop that holds now (Ctrl-C pending, deadline passed), else nil.
    var pendingStop: LuaStop? {
        guard deadline != nil, let stop = stop() else { return nil }
        return stop.stop
    }

    /// Why running code must stop now, or nil. Unarmed, Ctrl-C is acknowledged here and stops once.
    private func stop() -> LuaInterruptHook.Stop? {
        if signal.isPending() && !defersInterrupts {
            guard deadline != nil else {
                signal.acknowledge()
                return .init(kind: "interrupt", message: Self.interruptedMessage, persistent: false)
            }
            return .init(kind: "interrupt", message: Self.interruptedMessage, persistent: true)
        }
        if let deadline, Deadline.now() >= deadline {
            return .init(kind: "timeout", message: "test timed out after \(Self.seconds(limit)) s", persistent: true)
        }
        return nil
    }

    /// For Swift functions that wait: throws what the hook would raise.
    func throwIfStopped() throws {
        try Interruption.throwIfStopped()
    }

    /// Seconds as Lua's `%g` prints them: `60`, `0.2`.
    static func seconds(_ value: Double) -> String { CheckedNumber.format(value) }
}

/// The deadline or Ctrl-C, thrown by a Swift function that was waiting; it reaches Lua as a stop (a typed error
/// with the caller's line), never as text a script could imitate.
struct HostInterrupt: LuaStopError, CustomStringConvertible {
    let stop: LuaStop
    var message: String { stop.message }
    var description: String { stop.message }
}
