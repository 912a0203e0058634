#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// What stops a blocking wait before its own limit: Ctrl-C (or SIGTERM) for the whole process, and a stop check
/// that the thread doing the wait installed (a test's deadline).
///
/// This is the one mechanism every wait in fscript goes through: the client's socket waits, the pauses of a
/// paced poll, a mock's `wait_for_request`. A signal handler may only do async-signal-safe work, so `raise()`
/// stores into an atomic and writes one byte to a pipe; a waiting thread sleeps in `poll` on its own descriptor
/// *and* that pipe, so it wakes the moment the signal lands instead of at its next time slice. A deadline needs
/// no wake-up: the wait's `poll` simply ends no later than the deadline the thread's `StopCheck` names.
///
/// The byte stays in the pipe until `acknowledge()`, so every thread waiting at that moment wakes.
public enum Interruption {
    /// True from a caught signal until someone acknowledges it.
    static let pending = Atomic<Bool>(false)

    /// The self-pipe: `raise()` writes to `write`; waits poll `read`.
    public static let wakePipe: (read: Int32, write: Int32) = {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return (-1, -1) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }()

    /// Creates the statics, so that a signal handler calling `raise()` never runs a lazy initialiser.
    public static func prepare() {
        _ = pending.load(ordering: .relaxed)
        _ = wakePipe
        prepareEndAtOnce()
    }

    /// Marks an interrupt and wakes every waiting thread. Async-signal-safe once `prepare()` ran.
    public static func raise() {
        pending.store(true, ordering: .sequentiallyConsistent)
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
    }

    /// True when an interrupt has not been acknowledged yet.
    public static var isPending: Bool { pending.load(ordering: .sequentiallyConsistent) }

    /// Forgets the interrupt (the code that reacted to it has seen it) and empties the pipe.
    public static func acknowledge() {
        pending.store(false, ordering: .sequentiallyConsistent)
        drain()
    }

    private static func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakePipe.read, &buffer, buffer.count) > 0 {}
    }

    /// Blocks the calling thread until an interrupt arrives (one may already be pending); no polling.
    public static func waitForSignal() {
        while !isPending {
            var entry = pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, -1) < 0 && errno != EINTR { return }
        }
    }

    // MARK: The calling thread's stop check

    /// Why waits on one thread must stop early, installed by the code that owns that thread (the script thread).
    ///
    /// `reason()` is asked whenever a wait wakes; `nextDeadline()` is the latest instant a wait may sleep to
    /// before asking again (a test's deadline), nil for no limit of its own.
    public final class StopCheck {
        let reason: () -> (any Error)?
        let nextDeadline: () -> Deadline?

        public init(reason: @escaping () -> (any Error)?, nextDeadline: @escaping () -> Deadline?) {
            self.reason = reason
            self.nextDeadline = nextDeadline
        }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<StopCheck>.fromOpaque(pointer).release() }
        }
        return key
    }()

    /// The stop check of the calling thread; waits on other threads are not affected by it.
    public static var current: StopCheck? {
        get {
            guard let pointer = pthread_getspecific(key) else { return nil }
            return Unmanaged<StopCheck>.fromOpaque(pointer).takeUnretainedValue()
        }
        set {
            if let old = pthread_getspecific(key) { Unmanaged<StopCheck>.fromOpaque(old).release() }
            pthread_setspecific(key, newValue.map { Unmanaged.passRetained($0).toOpaque() })
        }
    }

    /// Throws what the calling thread's stop check says, if anything.
    public static func throwIfStopped() throws {
        if let reason = current?.reason() { throw reason }
    }

    /// Waits until `descriptor` is ready for `events` (true), `deadline` passes (false), or the thread's stop
    /// check says stop (throws its reason). A descriptor of -1 makes it a plain interruptible sleep.
    public static func wait(for descriptor: Int32, events: Int16, until deadline: Deadline) throws -> Bool {
        let stop = current
        while true {
            if let stop, let reason = stop.reason() { throw reason }
            let now = Deadline.now()
            guard now < deadline else { return false }
            var wake = deadline
            if let stop, let limit = stop.nextDeadline(), limit < wake { wake = max(limit, now) }
            // Rounded up, so a wait never ends a little before its deadline and spins through a zero timeout.
            let nanoseconds = (wake - now).nanosecondsClamped
            let milliseconds = Int32(clamping: nanoseconds / 1_000_000 + (nanoseconds % 1_000_000 > 0 ? 1 : 0))
            var entries = [
                pollfd(fd: descriptor, events: events, revents: 0),
                pollfd(fd: stop == nil ? -1 : wakePipe.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&entries, 2, milliseconds)
            if ready < 0 {
                guard errno == EINTR else { return true }  // let the caller's own call report the failure
                continue
            }
            if entries[0].revents != 0 { return true }
            if entries[1].revents != 0 && !isPending {
                // A byte left from an interrupt that was acknowledged meanwhile: empty the pipe, or poll spins.
                drain()
            }
        }
    }

    /// Sleeps until `deadline` unless the thread's stop check says stop first (throws its reason).
    public static func sleep(until deadline: Deadline) throws {
        _ = try wait(for: -1, events: 0, until: deadline)
    }
}
