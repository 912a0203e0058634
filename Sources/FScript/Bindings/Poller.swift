#if canImport(Glibc)
import Glibc
#endif
import Platform

/// The one loop behind every wait: check, and check again until the condition holds or time runs out.
///
/// Between two checks it never spins and never sleeps a fixed time. When the target has fscript's change feed
/// (the simulator, embedded or `fscript serve`), `waitForChange` blocks until the target reports a change since
/// the last check, or the deadline: a wait that never succeeds costs one parked request, and one that does
/// notices the change at once. Otherwise (a real Frank server, a condition that made no round trip) checks
/// start at a steady pace, `interval` apart from start to start, and never back to back. Every pause is an
/// `Interruption` wait, so Ctrl-C and a test's deadline end it at once.
enum Poller {
    /// The pace when the target offers no change feed: one check every 10 ms, start to start.
    static let defaultInterval = 0.01
    /// The least time between the end of one check and the start of the next, so a slow target gets a breath.
    static let minimumGap = 0.001

    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `check` until it returns true (then returns true) or `timeout` seconds passed after a failed check
    /// (then false). `check` runs at least once, even with a zero timeout; its errors propagate.
    ///
    /// - Parameter waitForChange: given the seconds left, blocks until the target changed since the last check
    ///   and returns true; returns false at once when it cannot (no feed, or the check made no round trip), and
    ///   the loop paces instead.
    static func poll(
        timeout: Double, interval: Double = defaultInterval, waitForChange: ((Double) throws -> Bool)? = nil,
        _ check: () throws -> Bool
    ) throws -> Bool {
        let deadline = now() + timeout
        while true {
            let started = now()
            if try check() { return true }
            let finished = now()
            if finished >= deadline { return false }
            if let waitForChange, try waitForChange(deadline - finished) { continue }
            let resume = min(max(started + interval, finished + minimumGap), deadline)
            try Interruption.sleep(until: .now() + .nanoseconds(Int64((resume - finished) * 1e9)))
        }
    }

    /// `2`, `0.5`: seconds as a message shows them.
}
