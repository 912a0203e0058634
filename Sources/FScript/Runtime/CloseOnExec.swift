#if canImport(Glibc)
import Glibc
#endif
import LuaKit

/// Keeps fscript's sockets out of the programs its scripts start.
///
/// SwiftNIO opens its listening and accepted sockets without close-on-exec, so `os.execute("sleep 8 &")` in a
/// script once handed the simulator's and the mock's ports to `sleep`, which held them after fscript exited and
/// left clients hanging. Before a script starts a program (`os.execute`, `io.popen`), every descriptor above the
/// standard three is marked close-on-exec; `--launch` commands get the same through `posix_spawn`.
enum CloseOnExec {
    /// Marks every open descriptor above 2 close-on-exec (a few microseconds: it lists /proc/self/fd).
    static func markAll() {
        guard let directory = opendir("/proc/self/fd") else { return }
        defer { closedir(directory) }
        let own = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let fd = Int32(name), fd > 2, fd != own else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// Wraps `os.execute` and `io.popen` in `state` so each marks the descriptors first.
    static func guardSpawns(in state: LuaState) {
        state.register(global: "__fscript_close_on_exec") { _ in
            markAll()
            return .none
        }
        _ = try? state.execute(
            """
            local mark = __fscript_close_on_exec
            __fscript_close_on_exec = nil
            local execute, popen = os.execute, io.popen
            os.execute = function(...) mark() return execute(...) end
            io.popen = function(...) mark() return popen(...) end
            """, name: "=(fscript)")
    }
}
