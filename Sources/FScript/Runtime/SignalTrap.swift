#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Ctrl-C (SIGINT, and SIGTERM for `fscript mock`) turned into a flag the Lua hook reads and a byte a blocked
/// thread can wait for.
///
/// A signal handler may only do async-signal-safe work, so it stores into an atomic and writes one byte to a
/// pipe: the Lua interrupt hook (`InterruptGuard`) reads the flag on the script thread, and `waitForSignal()`
/// blocks on the pipe without polling. Both statics are created in `catch(_:)`, before the handler can run, so
/// the handler never triggers a lazy initialiser.
enum SignalTrap {
    /// True from a caught signal until the script thread acknowledges it (`acknowledge()`).
    static let pending = Atomic<Bool>(false)

    /// The self-pipe: the handler writes to `write`, `waitForSignal()` reads `read`.
    static let wakePipe: (read: Int32, write: Int32) = {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return (-1, -1) }
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }()

    /// Catches `signals` from now on instead of letting them end the process.
    ///
    /// They are unblocked too: a parent that spawns fscript from a thread with signals blocked (Foundation's
    /// `Process` in a test runner, some CI agents) hands its mask down, and a blocked Ctrl-C would never arrive.
    /// Threads started later (the event loops) inherit the unblocked mask from this, the main thread.
    static func `catch`(_ signals: [Int32] = [SIGINT]) {
        _ = pending.load(ordering: .relaxed)
        _ = wakePipe
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in signals { sigaddset(&mask, number) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        for number in signals {
            _ = signal(number) { _ in
                SignalTrap.pending.store(true, ordering: .sequentiallyConsistent)
                var byte: UInt8 = 1
                _ = write(SignalTrap.wakePipe.write, &byte, 1)
            }
        }
    }

    /// Gives `signals` their default action back (Ctrl-C at the REPL prompt ends fscript, as in `lua`).
    static func restoreDefault(_ signals: [Int32] = [SIGINT]) {
        for number in signals {
            _ = signal(number, SIG_DFL)
        }
    }

    /// True when a caught signal has not been acknowledged yet.
    static var isPending: Bool { pending.load(ordering: .sequentiallyConsistent) }

    /// Forgets a caught signal: the code that reacted to it has seen it.
    static func acknowledge() {
        pending.store(false, ordering: .sequentiallyConsistent)
    }

    /// Blocks the calling thread until a caught signal arrives (one may already be pending).
    static func waitForSignal() {
        var byte: UInt8 = 0
        while !isPending {
            if read(wakePipe.read, &byte, 1) < 0 && errno != EINTR { return }
        }
    }
}
