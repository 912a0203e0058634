#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Standard output kept for a report written to it (`--report message:-`, `tap:-`) while tests run.
///
/// A test writes to descriptor 1 in many ways: Lua's `io.write` and `io.stdout`, a child of `os.execute`, a
/// library's own `printf`. Any of them in the middle of an NDJSON stream made it no stream. So while test code
/// runs, descriptor 1 is standard error (what tests write is output, and output beside a report on standard
/// output goes to standard error, as the console does), and the real standard output is kept on a descriptor of
/// its own until the run writes its reports (`restore`). The stdlib asks for it (`fscript.divert_stdout()`,
/// `fscript.restore_stdout()`) when a report goes to `-`.
enum ReportOutput {
    /// The real standard output while it is diverted, else -1.
    private static let saved = Mutex<Int32>(-1)

    /// Points descriptor 1 at standard error, keeping the real standard output aside; nil, or why it could not.
    static func divert() -> String? {
        saved.withLock { saved in
            guard saved < 0 else { return nil }
            fflush(nil)
            let copy = fcntl(1, F_DUPFD_CLOEXEC, 10)
            guard copy >= 0 else { return String(cString: strerror(errno)) }
            guard dup2(2, 1) >= 0 else {
                let reason = String(cString: strerror(errno))
                close(copy)
                return reason
            }
            saved = copy
            return nil
        }
    }

    /// Puts the real standard output back on descriptor 1 (what tests wrote and is still buffered goes to
    /// standard error first).
    static func restore() {
        saved.withLock { saved in
            guard saved >= 0 else { return }
            fflush(nil)
            while dup2(saved, 1) < 0 && errno == EINTR {}
            close(saved)
            saved = -1
        }
    }
}
