#if canImport(Glibc)
import Glibc
#endif

/// The one polling loop behind every wait: check, and check again until the condition holds or time runs out.
///
/// There is no fixed sleep. A check that makes a round trip to the target is paced by that round trip, so the
/// next one follows at once and a wait returns as soon as the condition holds. A check that returned in under
/// `minimumInterval` (pure Lua, no I/O) waits out the rest of that interval, at most until the deadline, so a
/// busy loop does not spin a core; the interval is well under the 10 ms a wait may take to notice a change.
enum Poller {
    /// Seconds on a monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `check` until it returns true (then returns true) or `timeout` seconds passed after a failed check
    /// (then false). `check` runs at least once, even with a zero timeout; its errors propagate.
    static func poll(timeout: Double, minimumInterval: Double = 0, _ check: () throws -> Bool) rethrows -> Bool {
        let deadline = now() + timeout
        while true {
            let started = now()
            if try check() { return true }
            let finished = now()
            if finished >= deadline { return false }
            let resume = min(started + minimumInterval, deadline)
            if resume > finished { pause(seconds: resume - finished) }
        }
    }

    /// Blocks the calling (script) thread for a moment inside a poll loop.
    private static func pause(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    /// `2`, `0.5`: seconds as a message shows them.
    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
    }
}
