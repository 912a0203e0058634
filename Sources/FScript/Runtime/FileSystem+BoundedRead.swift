#if canImport(Glibc)
import Glibc
#endif

extension FileSystem {
    /// The bytes of the regular file at `path`, at most `limit` of them: a file an input names (a capabilities
    /// file, a trace, a durations file, a report to merge, an attachment a report names) is read only when it is
    /// an ordinary file under its limit, never a device, a FIFO or a `/proc` or `/sys` entry that would block,
    /// never end or hand out the process's own secrets (`/proc/self/environ`). `what` names the input in the
    /// error (`--capabilities file`). The stdlib reaches it as `fscript.read_file(path, limit)`.
    static func readBounded(_ path: String, limit: Int, what: String) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; the checks below refuse it.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw FrankError("cannot read the \(what) \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, !isKernelFileSystem(info) else {
            throw FrankError("the \(what) \(path) is not a regular file; name a file")
        }
        guard info.st_size <= limit else {
            throw FrankError("the \(what) \(path) is \(info.st_size) bytes, over the limit of \(limit)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            offset += count
        }
        return Array(bytes[..<offset])
    }

    /// True for a file on the file system of `/proc` or `/sys`: "regular" files whose size says nothing of what
    /// a read returns.
    private static func isKernelFileSystem(_ info: stat) -> Bool {
        ["/proc", "/sys"].contains { root in
            var mount = stat()
            return stat(root, &mount) == 0 && mount.st_dev == info.st_dev
        }
    }
}
