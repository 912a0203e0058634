import Foundation

#if canImport(Glibc)
import Glibc
import Platform
#endif

/// A shell command fscript runs and waits for (`--launch`, a script's `os.execute`): `/bin/sh -c`, in a process
/// group of its own, waited for so that Ctrl-C, SIGTERM and the test deadline end the wait at once.
///
/// C's `system()`, behind Lua's own `os.execute`, ignores SIGINT while it waits, so Ctrl-C during
/// `os.execute("sleep 20")` was lost and the run passed; SIGTERM waited for the child. Here a stop reaches the
/// command's whole group (SIGINT, then SIGKILL after a moment) and the stop goes on up as it would from any wait.
struct ShellCommand {
    /// How a command ended.
    enum Outcome: Equatable {
        case exited(Int32)
        case signalled(Int32)
        /// It outlived the limit and was killed.
        case timedOut
    }

    /// The command line, as written.
    let command: String
    /// fscript's environment plus these.
    var environment: [String: String] = [:]
    /// Standard input from /dev/null and standard output onto standard error (`--launch`), or fscript's own.
    var quiet = false
    /// Seconds it may run, or nil for no limit but the test's.
    var limit: Double?

    /// Seconds a stopped command's group gets after SIGINT before SIGKILL: a launched app may clean up; a child
    /// that cannot notice SIGINT for seconds (Ruby's parser, for `fscript port`) gets 0 and is killed at once.
    var grace = 1.0

    /// Runs the command and waits; throws the stop (Ctrl-C, the deadline) after stopping the command.
    func run() throws -> Outcome {
        let redirections: [ChildProcess.Redirection] =
            quiet ? [.file("/dev/null", flags: O_RDONLY, as: 0), .descriptor(2, as: 1)] : []
        let pid = try ChildProcess.spawn(
            "/bin/sh", arguments: ["/bin/sh", "-c", command], environment: environment, redirections: redirections)
        // A thread that only waits for the child and then writes a byte: the script thread waits on that pipe.
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            kill(-pid, SIGKILL)
            throw ChildProcessError(reason: "cannot make a pipe (\(String(cString: strerror(errno))))")
        }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let status = WaitStatusBox()
        Thread {
            var code: Int32 = 0
            while waitpid(pid, &code, 0) < 0 && errno == EINTR {}
            status.value = code
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }.start()
        // Closed only once the waiter has written: a write to a pipe without a reader would raise SIGPIPE.
        defer {
            close(readEnd)
            close(writeEnd)
        }
        let deadline = limit.map { Deadline.now() + .seconds(min($0, CheckedNumber.maximumSeconds)) } ?? .distantFuture
        let finished: Bool
        do {
            finished = try Interruption.wait(for: readEnd, events: Int16(POLLIN), until: deadline)
        } catch {
            Self.stop(group: pid, waitingOn: readEnd, grace: grace)
            throw error
        }
        guard finished else {
            Self.stop(group: pid, waitingOn: readEnd, grace: grace)
            return .timedOut
        }
        let code = status.value
        return code & 0x7f == 0 ? .exited((code >> 8) & 0xff) : .signalled(code & 0x7f)
    }

    /// SIGINT to the command's group, as a terminal's Ctrl-C would have sent it, then SIGKILL if it is still there
    /// after the grace; waits (briefly) for the waiter thread to see it go.
    private static func stop(group pid: pid_t, waitingOn readEnd: Int32, grace: Double) {
        var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        if grace > 0 {
            kill(-pid, SIGINT)
            if poll(&entry, 1, Int32(grace * 1000)) <= 0 { kill(-pid, SIGKILL) }
        } else {
            kill(-pid, SIGKILL)
        }
        _ = poll(&entry, 1, 2000)
    }
}

/// The child's wait status, written by the waiter thread before it signals the pipe and read after.
private final class WaitStatusBox: @unchecked Sendable {
    var value: Int32 = 0
}
