import Foundation

#if canImport(Glibc)
import Glibc
#endif
import Platform

/// `--launch 'COMMAND'`: the shell command that (re)starts a real app, because something other than fscript
/// launches apps on devices (`xcrun simctl launch …`, a device-farm CLI, a script of the team's).
///
/// It runs through `/bin/sh -c` with the launch environment exported (`BACKEND_URL` and whatever
/// `frank.launch{env}` set) plus `FSCRIPT_TARGET`, standard input from /dev/null and its output on fscript's
/// standard error (so it never mixes with a report written to standard output), in a process group of its own.
/// fscript waits for the shell to exit (a command that leaves a server running in the background is fine); a
/// non-zero exit, the time limit, Ctrl-C or the test deadline end the wait, and the group is killed.
struct LaunchCommand {
    /// The command line, as the user wrote it.
    let command: String
    /// Seconds the command may run.
    var limit: Double = 60

    /// Runs the command and waits for it; throws a `FrankError` that names the command when it fails.
    func run(environment: [String: String], target: String) throws {
        var merged = environment
        merged["FSCRIPT_TARGET"] = target
        let pid = try spawn(environment: merged)
        // A thread that only waits for the child and then writes a byte: the script thread waits on that pipe,
        // so Ctrl-C and the test deadline still end the wait at once.
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw FrankError("--launch: cannot make a pipe (\(String(cString: strerror(errno))))") }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        let status = Atomic32Box()
        let waiter = Thread {
            var code: Int32 = 0
            while waitpid(pid, &code, 0) < 0 && errno == EINTR {}
            status.value = code
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
        waiter.start()
        // Closed only once the waiter has written: a write to a pipe without a reader would raise SIGPIPE.
        defer {
            close(readEnd)
            close(writeEnd)
        }
        /// Kills the command's process group and gives the waiter a moment to see it go.
        func stopCommand() {
            kill(-pid, SIGKILL)
            var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 2000)
        }
        let deadline = Deadline.now() + .nanoseconds(Int64(limit * 1e9))
        let finished: Bool
        do {
            finished = try Interruption.wait(for: readEnd, events: Int16(POLLIN), until: deadline)
        } catch {
            stopCommand()
            throw error
        }
        guard finished else {
            stopCommand()
            throw FrankError("--launch: '\(command)' did not finish within \(InterruptGuard.seconds(limit)) s")
        }
        let code = status.value
        let exited = code & 0x7f == 0
        guard exited, (code >> 8) & 0xff == 0 else {
            let how = exited ? "exited with status \((code >> 8) & 0xff)" : "was killed by signal \(code & 0x7f)"
            throw FrankError("--launch: '\(command)' \(how); the app was not launched")
        }
    }

    private func spawn(environment: [String: String]) throws -> pid_t {
        do {
            return try ChildProcess.spawn(
                "/bin/sh", arguments: ["/bin/sh", "-c", command], environment: environment,
                redirections: [.file("/dev/null", flags: O_RDONLY, as: 0), .descriptor(2, as: 1)])
        } catch {
            throw FrankError("--launch: cannot run /bin/sh (\(error.reason))")
        }
    }
}

/// The child's wait status, written by the waiter thread before it signals the pipe and read after.
private final class Atomic32Box: @unchecked Sendable {
    var value: Int32 = 0
}
