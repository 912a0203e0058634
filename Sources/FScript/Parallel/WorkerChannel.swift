#if canImport(Glibc)
import Glibc
#endif
import LuaKit
import Platform

/// The worker's end of a parallel run: units arrive on standard input, one per line; each unit's result leaves
/// as one JSON line on descriptor 3. Registered as `require("fscript.worker")` (`next()`, `send(text)`) in a
/// process started with `--worker`.
///
/// The wait for the next unit goes through `Interruption`, so Ctrl-C ends it at once; the parent closing the
/// pipe (no more work, or the parent is gone) ends it too, and the worker exits.
final class WorkerChannel {
    /// Where the parent reads results: descriptor 3 when the worker starts.
    static let resultDescriptor: Int32 = 3
    /// Where this worker writes them: descriptor 3 moved out of the tests' way (see `init`).
    private let results: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    /// Moves the result pipe from descriptor 3 to one of its own, closed on exec, and puts /dev/null on 3: a test
    /// writing to descriptor 3 (`io.open("/dev/fd/3")`, `os.execute("… >&3")`) or a child it starts cannot write
    /// into the results, where a partial line made the parent lose the unit's result.
    init() {
        let moved = fcntl(Self.resultDescriptor, F_DUPFD_CLOEXEC, 100)
        guard moved >= 0 else {
            results = Self.resultDescriptor
            return
        }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if null >= 0 {
            dup2(null, Self.resultDescriptor)
            close(null)
        } else {
            close(Self.resultDescriptor)
        }
        results = moved
    }

    /// Registers `fscript.worker` in `state`.
    func register(in state: LuaState) {
        state.register(
            module: "fscript.worker",
            functions: [
                "next": { [self] args in
                    guard let line = nextLine() else { return .none }
                    return args.result(line)
                },
                "send": { [self] args in
                    send(try args.string(1))
                    return .none
                },
            ],
            global: "_FSCRIPT_WORKER")
    }

    /// The next unit, or nil when the parent closed the pipe or Ctrl-C arrived.
    func nextLine() -> String? {
        while !closed {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            do {
                guard try Interruption.wait(for: 0, events: Int16(POLLIN), until: .distantFuture) else { continue }
            } catch {
                return nil
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(0, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 {
                closed = true
                return nil
            }
            buffer += chunk[..<count]
        }
        return nil
    }

    /// Writes one result line; a parent that is gone makes it a no-op (SIGPIPE is ignored by the runtime). The line
    /// starts with a newline too: whatever reached the pipe before it without one (a partial line) is a line of
    /// its own, which the parent reports and ignores, and the result stays whole (the parent skips empty lines).
    func send(_ text: String) {
        var bytes = [UInt8(ascii: "\n")] + Array(text.utf8)
        bytes[1...].removeAll { $0 == UInt8(ascii: "\n") }
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(results, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
