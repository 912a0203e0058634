#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Platform

/// One worker of a parallel run: a child `fscript --worker …` with its own Lua state, its own embedded simulator
/// (or its own target of the pool) and its own mocks, so scenarios on different workers cannot see each other.
///
/// Units go down its standard input, a line each; results come up descriptor 3. It runs in a process group of its
/// own, so a terminal's Ctrl-C reaches the parent only and the parent decides (it forwards SIGINT).
final class WorkerProcess {
    let label: String
    let pid: pid_t
    /// The parent's ends: where units are written, where results are read.
    private(set) var input: Int32
    let results: Int32
    private var buffer: [UInt8] = []
    /// How much of `buffer` is known to hold no newline: a long line is scanned once, not at every read.
    private var scanned = 0
    /// The unit it is running, nil when idle.
    var current: String?
    /// The file of its last unit: a worker keeps a file loaded, so more of the same file go to it first.
    var lastFile: String?
    /// Set once its results pipe reached end of file.
    private(set) var finished = false
    /// Set when the parent killed it for outliving its unit's time limit.
    var stuck = false

    /// Starts `executable` with `arguments` (after `--worker`) and `environment` added to fscript's own.
    init(label: String, executable: String, arguments: [String], environment: [String: String]) throws {
        self.label = label
        var toWorker: [Int32] = [-1, -1]
        var fromWorker: [Int32] = [-1, -1]
        guard pipe(&toWorker) == 0, pipe(&fromWorker) == 0 else {
            throw WorkerError("cannot make a pipe for a worker (\(String(cString: strerror(errno))))")
        }
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(
                executable, arguments: [executable, "--worker"] + arguments, environment: environment,
                redirections: [
                    .descriptor(toWorker[0], as: 0), .file("/dev/null", flags: O_WRONLY, as: 1),
                    .descriptor(fromWorker[1], as: WorkerChannel.resultDescriptor),
                ])
        } catch {
            for fd in toWorker + fromWorker { close(fd) }
            throw WorkerError("cannot start a worker \(executable) (\(error.reason))")
        }
        close(toWorker[0])
        close(fromWorker[1])
        self.pid = pid
        input = toWorker[1]
        results = fromWorker[0]
        _ = fcntl(input, F_SETFD, FD_CLOEXEC)
        _ = fcntl(results, F_SETFD, FD_CLOEXEC)
        _ = fcntl(results, F_SETFL, fcntl(results, F_GETFL) | O_NONBLOCK)
    }

    /// Hands it a unit.
    func send(_ unit: String) {
        current = unit
        var bytes = Array((unit + "\n").utf8)
        var offset = 0
        while offset < bytes.count, input >= 0 {
            let written = bytes.withUnsafeMutableBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// No more work: the worker reads end of file and exits.
    func closeInput() {
        guard input >= 0 else { return }
        close(input)
        input = -1
    }

    /// The complete lines that arrived; sets `finished` at end of file.
    func readLines() -> [String] {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(results, &chunk, chunk.count)
            if count > 0 {
                buffer += chunk[..<count]
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count == 0 { finished = true }
            break
        }
        var lines: [String] = []
        var start = 0
        while let newline = buffer[max(start, scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
            // Empty lines are the framing of the worker's results (see WorkerChannel.send).
            if newline > start { lines.append(String(decoding: buffer[start..<newline], as: UTF8.self)) }
            start = newline + 1
        }
        buffer.removeSubrange(..<start)
        scanned = buffer.count
        return lines
    }

    /// Sends a signal to the worker's process group (it and whatever it launched).
    func signal(_ number: Int32) {
        kill(-pid, number)
    }

    /// Waits for the worker to exit (it has closed its results pipe) and returns how it ended.
    func reap() -> String {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(results)
        closeInput()
        if status & 0x7f == 0 { return "exited with status \((status >> 8) & 0xff)" }
        return "was killed by signal \(status & 0x7f)"
    }
}

/// A worker that could not be started or talked to.
struct WorkerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
