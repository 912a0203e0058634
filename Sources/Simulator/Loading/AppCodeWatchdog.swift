#if canImport(Glibc)
import Glibc
#endif
import LuaKit

/// A time limit on each call into the app's Lua code (a behaviour, an exec method, a fake backend, the app file).
///
/// The app's VM runs on the simulator's only thread, so an endless loop in a behaviour would freeze every
/// endpoint and leave each client to wait out its own time limit. Past the limit the running app code raises,
/// the request that ran it answers ERROR with the app file's line, and the simulator keeps serving.
///
/// App code may catch the error with `pcall` and loop on. So from the second failed check the hook runs on
/// every instruction: the next one outside the `pcall` (the loop around it) raises too, and the error escapes.
final class AppCodeWatchdog {
    /// Seconds one call may run unless the app says otherwise (`time_limit = …` in the app table): well under a
    /// client's 10 s request limit, so the client sees the simulator's error, not its own time-out.
    static let defaultLimit: Double = 5

    /// Seconds one call may run.
    var limit: Double = defaultLimit
    /// When the outermost running call started (monotonic seconds), nil between calls.
    private var started: Double?
    /// Checks that failed during the running call; from the second the hook runs on every instruction.
    private var failedChecks = 0
    private weak var state: LuaState?

    /// VM instructions between two checks: a clock read every ~50 µs of a tight loop.
    private static let checkInterval = 10_000

    /// Installs the check on `state`; coroutines the app creates later inherit it.
    func install(on state: LuaState) {
        self.state = state
        setInterval(Self.checkInterval)
    }

    private func setInterval(_ instructions: Int) {
        state?.setInterrupt(every: instructions) { [weak self] in self?.check() }
    }

    /// Runs `body`, one call into app code, under the limit; nested calls share the outermost call's clock.
    @discardableResult
    func run<T>(_ body: () throws -> T) rethrows -> T {
        let outer = started
        if outer == nil { started = Self.now() }
        defer {
            started = outer
            if outer == nil && failedChecks > 0 {
                if failedChecks >= 2 { setInterval(Self.checkInterval) }
                failedChecks = 0
            }
        }
        return try body()
    }

    private func check() -> String? {
        guard let started, Self.now() - started > limit else { return nil }
        failedChecks += 1
        if failedChecks == 2 { setInterval(1) }
        return "app code ran longer than \(Self.seconds(limit)) s (an endless loop?) and was stopped; "
            + "raise time_limit in the app table if it really needs longer"
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
