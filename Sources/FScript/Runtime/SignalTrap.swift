#if canImport(Glibc)
import Glibc
#endif
import Platform

/// Ctrl-C (SIGINT, and SIGTERM) turned into Platform's `Interruption`: a flag the Lua hook reads and a byte that
/// wakes every blocked wait at once.
enum SignalTrap {
    /// Catches `signals` from now on instead of letting them end the process; a second one that arrives before
    /// the first was acknowledged ends it at once (exit 130).
    ///
    /// They are unblocked too: a parent that spawns fscript from a thread with signals blocked (Foundation's
    /// `Process` in a test runner, some CI agents) hands its mask down, and a blocked Ctrl-C would never arrive.
    /// Threads started later (the event loops) inherit the unblocked mask from this, the main thread.
    static func `catch`(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        Interruption.prepare()
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in signals { sigaddset(&mask, number) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        for number in signals {
            _ = signal(number) { _ in
                // A second Ctrl-C before fscript reacted to the first (stuck in one long C call, say) ends it at
                // once, as the user asked twice, and so does the first while reports are written (nothing is left
                // to finish there: see Interruption.endsAtOnce); every call is async-signal-safe.
                if Interruption.isPending || Interruption.endsAtOnce { Interruption.end() }
                Interruption.raise()
            }
        }
    }

    /// Gives `signals` their default action back.
    static func restoreDefault(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        for number in signals {
            _ = signal(number, SIG_DFL)
        }
    }

    /// True when a caught signal has not been acknowledged yet.
    static var isPending: Bool { Interruption.isPending }

    /// Forgets a caught signal: the code that reacted to it has seen it.
    static func acknowledge() { Interruption.acknowledge() }

    /// Blocks the calling thread until a caught signal arrives (one may already be pending).
    static func waitForSignal() { Interruption.waitForSignal() }
}
