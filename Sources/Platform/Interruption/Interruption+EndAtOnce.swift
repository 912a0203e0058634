#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Phases where a signal has nothing left to wait for: writing reports, `merge-reports`. There a Ctrl-C or SIGTERM
/// ends the process at once (exit 130) from the signal handler, instead of waiting for the next check of Lua's hook
/// or a long C call (a 40 MB JSON text encoded in one call) to come back.
///
/// Files are written whole or not at all (a temporary file renamed over the real one), so ending at once leaves no
/// half-written report: the temporary files of writes under way are removed first (`removingOnEnd`), and the
/// real files stay as they were.
extension Interruption {
    /// How many `endingAtOnce` phases are open.
    static let endAtOnceDepth = Atomic<Int>(0)

    /// True while a phase ends the process at once on a signal.
    public static var endsAtOnce: Bool { endAtOnceDepth.load(ordering: .sequentiallyConsistent) > 0 }

    /// Opens (true) or closes (false) a phase in which a signal ends the process at once; phases nest.
    public static func setEndsAtOnce(_ on: Bool) {
        if on {
            endAtOnceDepth.add(1, ordering: .sequentiallyConsistent)
        } else {
            _ = endAtOnceDepth.subtract(1, ordering: .sequentiallyConsistent)
        }
    }

    /// Slots for the temporary files being written now: a path in each slot's buffer, live while its bit is set.
    private static let slotCount = 8
    private static let slotSize = Int(PATH_MAX) + 1
    private static let claimed = Atomic<Int>(0)
    private static let live = Atomic<Int>(0)
    nonisolated(unsafe) private static let slots = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)

    /// Creates this file's statics (see `prepare()`): a signal handler must never run a lazy initialiser.
    static func prepareEndAtOnce() {
        _ = endAtOnceDepth.load(ordering: .relaxed)
        _ = claimed.load(ordering: .relaxed)
        _ = live.load(ordering: .relaxed)
        _ = slots
    }

    /// Runs `body` with `path` (a temporary file) on the list `end()` removes; a path that does not fit, or more
    /// than eight writes at once, are run without it.
    public static func removingOnEnd<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
        let bytes = Array(path.utf8)
        guard bytes.count < slotSize, let slot = claimSlot() else { return try body() }
        let buffer = slots + slot * slotSize
        bytes.withUnsafeBufferPointer { source in
            source.withMemoryRebound(to: CChar.self) { buffer.update(from: $0.baseAddress!, count: bytes.count) }
        }
        buffer[bytes.count] = 0
        live.bitwiseOr(1 << slot, ordering: .sequentiallyConsistent)
        defer {
            live.bitwiseAnd(~(1 << slot), ordering: .sequentiallyConsistent)
            claimed.bitwiseAnd(~(1 << slot), ordering: .sequentiallyConsistent)
        }
        return try body()
    }

    private static func claimSlot() -> Int? {
        var current = claimed.load(ordering: .sequentiallyConsistent)
        while true {
            guard let free = (0..<slotCount).first(where: { current & (1 << $0) == 0 }) else { return nil }
            let (exchanged, original) = claimed.compareExchange(
                expected: current, desired: current | (1 << free), ordering: .sequentiallyConsistent)
            if exchanged { return free }
            current = original
        }
    }

    /// Ends the process now (exit 130), from a signal handler: removes the temporary files of writes under way and
    /// says so on standard error. Async-signal-safe: only `unlink`, `write` and `_exit`.
    public static func end() -> Never {
        let mask = live.load(ordering: .sequentiallyConsistent)
        for slot in 0..<slotCount where mask & (1 << slot) != 0 {
            unlink(slots + slot * slotSize)
        }
        let message: StaticString = "fscript: interrupted; files not yet written are left as they were\n"
        _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
        _exit(130)
    }
}
