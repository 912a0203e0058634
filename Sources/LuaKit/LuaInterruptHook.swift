import LuaShim

/// Stops running Lua code from outside: a test deadline, Ctrl-C, an app behaviour past its time limit.
///
/// It is the one escalation every host uses (the script runner, the REPL, the simulator's app code). The hook
/// asks `reason()` every `checkInterval` VM instructions (a clock read every ~50 µs of a tight loop). A reason
/// that is `persistent` stays true until the host calls `reset()`, and Lua code may catch the first error with
/// `pcall` and loop on: so from the second failed check the hook runs on *every* instruction and raises at the
/// first one outside the code that `spares` names (the host's own library, which must be able to record the
/// failure): right after the user's `pcall` returns, or inside an `xpcall` message handler that loops.
public final class LuaInterruptHook {
    /// Why to stop now.
    public struct Stop {
        /// What the hook raises: a typed stop (`interrupt`: `interrupted`; `timeout`: `test timed out after 2 s`).
        public var stop: LuaStop
        /// True when the cause holds until `reset()` (a deadline); false for a one-shot request that the reason
        /// function already acknowledged (Ctrl-C at the REPL), which must not escalate.
        public var persistent: Bool

        public init(kind: String, message: String, persistent: Bool) {
            stop = LuaStop(kind: kind, message: message)
            self.persistent = persistent
        }

        /// The text of the stop.
        public var message: String { stop.message }
    }

    /// VM instructions between two checks: about 50 µs of a tight loop, so a hang stops at once while the cost
    /// of a check stays invisible.
    public static let checkInterval = 10_000

    private let reason: () -> Stop?
    private let spared: String?
    /// Held through its `Lifetime`: a weak reference would put every retain of the state on Swift's slow
    /// refcounting path.
    private var lifetime: LuaState.Lifetime?
    private var failedChecks = 0

    /// - Parameters:
    ///   - reason: asked at every check; nil lets the code run on.
    ///   - spared: what the chunk sources of code that may still run while a persistent stop escalates contain
    ///     (`stdlib/fscript/` for `@…/stdlib/fscript/runner.lua`); nil spares nothing.
    public init(reason: @escaping () -> Stop?, spared: String? = nil) {
        self.reason = reason
        self.spared = spared
    }

    /// Installs the hook on `state` (coroutines made afterwards inherit it), and guards `xpcall`'s message
    /// handlers: an `xpcall` handler runs with hooks off, so for an interrupt's error only spared handlers run.
    public func install(on state: LuaState) {
        lifetime = state.lifetime
        setInterval(Self.checkInterval)
        ls_guardxpcall(state.L, spared)
    }

    /// Ends an escalation: the host has the failure in hand, so checks go back to their normal interval.
    public func reset() {
        if failedChecks >= 2 { setInterval(Self.checkInterval) }
        failedChecks = 0
    }

    private func setInterval(_ instructions: Int) {
        lifetime?.state?.setInterrupt(every: instructions) { [unowned self] in self.check() }
    }

    /// What the hook raises now, or nil to let the code run on.
    func check() -> LuaStop? {
        guard let stop = reason() else { return nil }
        guard stop.persistent else { return stop.stop }
        failedChecks += 1
        if failedChecks == 2 { setInterval(1) }
        // The hook runs in a Lua function (level 0); a C function that polls (a pattern match) has its Lua
        // caller at level 1.
        if failedChecks >= 2, let spared, let state = lifetime?.state,
            let source = state.runningSource() ?? state.runningSource(level: 1), source.contains(spared)
        {
            return nil
        }
        return stop.stop
    }
}
