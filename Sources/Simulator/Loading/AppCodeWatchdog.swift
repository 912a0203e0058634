#if canImport(Glibc)
import Glibc
#endif
import LuaKit
import Platform

/// A time limit on each call into the app's Lua code (a behaviour, an exec method, a fake backend, the app file).
///
/// The app's VM runs on the simulator's only thread, so an endless loop in a behaviour would freeze every
/// endpoint and leave each client to wait out its own time limit. Past the limit the running app code raises,
/// the request that ran it answers ERROR with the app file's line, and the simulator keeps serving. App code
/// that catches the error with `pcall` and loops on is stopped all the same: LuaKit's `LuaInterruptHook`
/// escalates, as it does for test scripts.
final class AppCodeWatchdog {
    /// Seconds one call may run unless the app says otherwise (`time_limit = …` in the app table): well under a
    /// client's 10 s request limit, so the client sees the simulator's error, not its own time-out.
    static let defaultLimit: Double = 5

    /// Seconds one call may run.
    var limit: Double = defaultLimit
    /// When the outermost running call started (monotonic seconds), nil between calls.
    private var started: Double?
    private lazy var hook = LuaInterruptHook(reason: { [unowned self] in self.stop() })

    /// Installs the check on `state`; coroutines the app creates later inherit it.
    func install(on state: LuaState) {
        hook.install(on: state)
    }

    /// Runs `body`, one call into app code, under the limit; nested calls share the outermost call's clock.
    @discardableResult
    func run<T>(_ body: () throws -> T) rethrows -> T {
        let outer = started
        if outer == nil { started = Self.now() }
        defer {
            started = outer
            if outer == nil { hook.reset() }
        }
        return try body()
    }

    private func stop() -> LuaInterruptHook.Stop? {
        // Ctrl-C or SIGTERM stops app code at once, so `fscript serve` ends within its grace period even while a
        // behaviour is stuck, rather than after the app's whole time limit.
        if Interruption.isPending {
            return .init(kind: "interrupt", message: "app code was stopped: fscript is stopping", persistent: true)
        }
        guard let started, Self.now() - started > limit else { return nil }
        return .init(
            kind: "timeout",
            message: "app code ran longer than \(CheckedNumber.format(limit)) s (an endless loop?) and was stopped; "
                + "raise time_limit in the app table if it really needs longer",
            persistent: true)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

}
