#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Platform

/// chromedriver (and through it headless Chromium) as a child of fscript's, ended on every path.
///
/// It starts on a free port (`--port=0`, the port read from its first lines), in a process group of its own (so
/// a terminal's Ctrl-C, or a `--jobs` parent's SIGINT to its worker's group, reaches fscript, which then ends the
/// browser), with a throwaway profile folder of its own. `stop()` ends the process group (chromedriver and the
/// browser it started), then removes the profile. When fscript dies without stopping it (SIGKILL, a crash, a
/// `--jobs` parent killing a worker that outlived its grace), a watchdog ends the group and removes the profile:
/// a small shell in a group of its own that waits on a pipe only fscript holds, and acts when the pipe closes,
/// which the kernel does however fscript ends.
public final class ChromeDriverProcess: @unchecked Sendable {
    /// chromedriver's address, e.g. `http://127.0.0.1:40123`.
    public let url: String
    /// Its process id, the leader of its process group.
    public let pid: pid_t
    /// The browser's profile folder, removed on stop.
    public let profile: String
    /// fscript's end of the watchdog's pipe (-1 when there is none); closing it ends the group.
    private let watchdogPipe: Int32
    private var stopped = false

    private init(url: String, pid: pid_t, profile: String, watchdogPipe: Int32) {
        self.url = url
        self.pid = pid
        self.profile = profile
        self.watchdogPipe = watchdogPipe
    }

    /// The chromedriver to run: `FSCRIPT_CHROMEDRIVER`, else the first `chromedriver` on `PATH`.
    public static func locate() -> String? {
        if let named = ProcessInfo.processInfo.environment["FSCRIPT_CHROMEDRIVER"], !named.isEmpty { return named }
        return which("chromedriver")
    }

    /// The browser binary: `FSCRIPT_CHROMIUM`, else `chromium`, `chromium-browser` or `google-chrome` on `PATH`.
    public static func locateBrowser() -> String? {
        if let named = ProcessInfo.processInfo.environment["FSCRIPT_CHROMIUM"], !named.isEmpty { return named }
        for name in ["chromium", "chromium-browser", "google-chrome", "chrome"] {
            if let found = which(name) { return found }
        }
        return nil
    }

    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Starts chromedriver and waits (at most `timeout` seconds, interruptibly) until it says which port it took.
    public static func start(timeout: Double = 30) throws -> ChromeDriverProcess {
        guard let executable = locate() else {
            throw WebTargetError(
                "chromedriver is not installed: scripts/install --web (or apt-get install chromium chromium-driver) "
                    + "installs it; FSCRIPT_CHROMEDRIVER=PATH names another")
        }
        var template = Array((NSTemporaryDirectory() + "/fscript-chromium-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw WebTargetError("cannot make a browser profile folder in \(NSTemporaryDirectory()): \(errnoText())")
        }
        let profile = String(cString: made)
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw WebTargetError("cannot make a pipe for chromedriver: \(errnoText())") }
        // Chromium's own temporary folders go inside the profile too, so removing it leaves nothing behind.
        let scratch = profile + "/tmp"
        mkdir(scratch, 0o700)
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(
                executable, arguments: [executable, "--port=0"], environment: ["TMPDIR": scratch],
                redirections: [
                    .file("/dev/null", flags: O_RDONLY, as: 0), .descriptor(fds[1], as: 1),
                    .file("/dev/null", flags: O_WRONLY, as: 2),
                ])
        } catch {
            close(fds[0])
            close(fds[1])
                throw WebTargetError("cannot start \(executable): \(error.reason)")
        }
        close(fds[1])
        defer { close(fds[0]) }
        let watchdog = startWatchdog(group: pid, profile: profile)
        let port: Int
        do {
            port = try readPort(from: fds[0], timeout: timeout, executable: executable)
        } catch {
            ChromeDriverProcess(url: "", pid: pid, profile: profile, watchdogPipe: watchdog).stop()
            throw error
        }
        return ChromeDriverProcess(
            url: "http://127.0.0.1:\(port)", pid: pid, profile: profile, watchdogPipe: watchdog)
    }

    /// Starts the shell that kills process group `group` and removes `profile` once fscript's end of its pipe
    /// closes; returns that end, or -1 when it could not start (then only `stop()` ends the group).
    private static func startWatchdog(group: pid_t, profile: String) -> Int32 {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return -1 }
        defer { close(fds[0]) }
        do {
            _ = try ChildProcess.spawn(
                "/bin/sh", arguments: ["sh", "-c", "read _; kill -9 -\"$1\"; rm -rf -- \"$2\"", "sh", String(group), profile],
                environment: [:],
                redirections: [
                    .descriptor(fds[0], as: 0), .file("/dev/null", flags: O_WRONLY, as: 1),
                    .file("/dev/null", flags: O_WRONLY, as: 2),
                ])
        } catch {
            close(fds[1])
            return -1
        }
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return fds[1]
    }

    /// Reads chromedriver's standard output until `…started successfully on port N.`.
    private static func readPort(from fd: Int32, timeout: Double, executable: String) throws -> Int {
        let deadline = Deadline.now() + .milliseconds(Int64(timeout * 1000))
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            guard try Interruption.wait(for: fd, events: Int16(POLLIN), until: deadline) else {
                throw WebTargetError("\(executable) did not say which port it listens on within \(Int(timeout)) s")
            }
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw WebTargetError("\(executable) exited before it listened: \(text.suffix(300))")
            }
            text += String(decoding: buffer[..<count], as: UTF8.self)
            guard text.count < 65536 else { throw WebTargetError("\(executable) printed too much before listening") }
            // "Starting ChromeDriver … on port 0" comes first; the port it took follows this.
            if let range = text.range(of: "started successfully on port ") {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if let port = Int(digits), port > 0, text[range.upperBound...].dropFirst(digits.count).first != nil {
                    return port
                }
            }
        }
    }

    /// Ends chromedriver and everything it started, then removes the profile; safe to call twice.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if pid > 0 {
            kill(-pid, SIGTERM)
            if !reap(within: 2) {
                kill(-pid, SIGKILL)
                _ = reap(within: 2)
            }
            // Chromium's processes are chromedriver's children in its group; any left over go with the group.
            // (A killed process writes nothing more; waiting for the group to empty would wait on zombies where
            // nothing reaps orphans.)
            kill(-pid, SIGKILL)
        }
        // Twice: a process killed a moment ago may still finish a file it was writing.
        if (try? FileManager.default.removeItem(atPath: profile)) == nil {
            try? FileManager.default.removeItem(atPath: profile)
        }
        // Last: closing the pipe sets the watchdog off, which must not race the removal above.
        if watchdogPipe >= 0 { close(watchdogPipe) }
    }

    /// Waits (paced, at most `seconds`) for chromedriver to exit; true when it did.
    private func reap(within seconds: Double) -> Bool {
        var status: Int32 = 0
        return Self.pace(within: seconds) {
            let result = waitpid(pid, &status, WNOHANG)
            return result == pid || (result < 0 && errno == ECHILD)
        }
    }

    /// Checks `done` every 10 ms for at most `seconds`; true once it holds. Not interruptible on purpose: it runs
    /// while fscript ends its children after Ctrl-C, and is bounded.
    private static func pace(within seconds: Double, _ done: () -> Bool) -> Bool {
        let deadline = Deadline.now() + .milliseconds(Int64(seconds * 1000))
        while Deadline.now() < deadline {
            if done() { return true }
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
        }
        return done()
    }

    deinit {
        stop()
    }
}

func errnoText() -> String { String(cString: strerror(errno)) }
