#if canImport(Glibc)
import Glibc
#endif

/// Keeps fscript's sockets out of the programs it, its scripts and its app files start.
///
/// SwiftNIO opens its listening and accepted sockets without close-on-exec, so `os.execute("sleep 8 &")` in a
/// script once handed the simulator's and the mock's ports to `sleep`, which held them after fscript exited and
/// left clients hanging. Whatever starts a program calls `markAll()` first: every descriptor above the standard
/// three is marked close-on-exec (the process itself is unaffected; only `exec` closes them).
public enum CloseOnExec {
    /// Marks every open descriptor above 2 close-on-exec; a few microseconds (it lists /proc/self/fd).
    public static func markAll() {
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
}
