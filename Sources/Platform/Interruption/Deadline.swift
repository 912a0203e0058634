#if canImport(Glibc)
import Glibc
#endif

/// An instant on the monotonic clock that a wait must not sleep past.
///
/// `Interruption` lives below the HTTP layer and needs no event loop, so it has its own deadline rather than
/// NIO's; both read `CLOCK_MONOTONIC`, so the two agree where a caller holds both. Durations are Swift's own
/// `Duration`, so a caller writes `.now() + .milliseconds(200)` as it did with `NIODeadline`.
public struct Deadline: Comparable, Hashable, Sendable {
    /// Nanoseconds since an arbitrary start (the boot, on Linux); only differences mean anything.
    public let uptimeNanoseconds: UInt64

    /// The deadline `uptimeNanoseconds` names.
    public init(uptimeNanoseconds: UInt64) {
        self.uptimeNanoseconds = uptimeNanoseconds
    }

    /// The present instant.
    public static func now() -> Deadline {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Deadline(uptimeNanoseconds: UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec))
    }

    /// A deadline no wait reaches: "no limit" for a wait that takes one.
    public static let distantFuture = Deadline(uptimeNanoseconds: UInt64(Int64.max))

    public static func < (lhs: Deadline, rhs: Deadline) -> Bool { lhs.uptimeNanoseconds < rhs.uptimeNanoseconds }

    /// `deadline` moved by `duration`, clamped to the clock's range rather than trapping on overflow.
    public static func + (deadline: Deadline, duration: Duration) -> Deadline {
        let nanoseconds = duration.nanosecondsClamped
        if nanoseconds < 0 {
            let back = UInt64(nanoseconds.magnitude)
            let start = deadline.uptimeNanoseconds
            return Deadline(uptimeNanoseconds: start > back ? start - back : 0)
        }
        let (sum, overflow) = deadline.uptimeNanoseconds.addingReportingOverflow(UInt64(nanoseconds))
        return overflow || sum > distantFuture.uptimeNanoseconds ? distantFuture : Deadline(uptimeNanoseconds: sum)
    }

    /// The time from `rhs` to `lhs`, negative when `lhs` comes first.
    public static func - (lhs: Deadline, rhs: Deadline) -> Duration {
        lhs >= rhs
            ? .nanoseconds(Int64(clamping: lhs.uptimeNanoseconds - rhs.uptimeNanoseconds))
            : .nanoseconds(-Int64(clamping: rhs.uptimeNanoseconds - lhs.uptimeNanoseconds))
    }
}

extension Duration {
    /// The whole duration in nanoseconds, saturated at `Int64`'s range (about 292 years).
    public var nanosecondsClamped: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (sum, overflowSum) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflowSum ? (seconds < 0 ? .min : .max) : sum
    }
}
