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
    static let resultDescriptor: Int32 = 3
    private var buffer: [UInt8] = []
    private var closed = false

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

    /// Writes one result line; a parent that is gone makes it a no-op (SIGPIPE is ignored by the runtime).
    func send(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.removeAll { $0 == UInt8(ascii: "\n") }
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(Self.resultDescriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
