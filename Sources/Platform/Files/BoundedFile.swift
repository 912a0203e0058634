#if canImport(Glibc)
import Glibc
#endif

/// Reads a file an input names (a capabilities file, a trace, a durations file, a report to merge, a mock's mapping
/// or body file) only when it is an ordinary file under its limit: never a device (`/dev/zero` reads forever), a
/// FIFO (waits for a writer forever) or a `/proc` or `/sys` entry (a "regular" file whose size says nothing of what
/// a read returns, and `/proc/self/environ` hands out the process's secrets). A symbolic link is followed, and what
/// it leads to is checked. The one implementation, for every target that reads such files.
public enum BoundedFile {
    /// Why a file was not read; `description` names the file and the input it was (`what`), and what to do.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What was wrong with it.
        public enum Kind: Sendable, Equatable {
            /// It does not exist (`ENOENT`).
            case missing
            /// It cannot be opened or read otherwise (permissions, a dangling link's target…).
            case unreadable(String)
            /// A device, FIFO, socket, directory, or a file of `/proc` or `/sys`.
            case notRegular
            /// Larger than the limit.
            case tooLarge(size: Int, limit: Int)
        }

        public let kind: Kind
        public let path: String
        /// The input the file is, as the error shows it (`--capabilities file`, `body file`).
        public let what: String

        public var description: String {
            switch kind {
            case .missing: return "cannot read the \(what) \(path): \(String(cString: strerror(ENOENT)))"
            case .unreadable(let reason): return "cannot read the \(what) \(path): \(reason)"
            case .notRegular: return "the \(what) \(path) is not a regular file; name a file"
            case .tooLarge(let size, let limit): return "the \(what) \(path) is \(size) bytes, over the limit of \(limit)"
            }
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them (a file that grows while it is read is cut
    /// at the size it had when opened). `what` names the input in the error.
    public static func read(_ path: String, limit: Int, what: String) throws(Failure) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; the checks below refuse it.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw Failure(
                kind: code == ENOENT ? .missing : .unreadable(String(cString: strerror(code))), path: path, what: what)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, !isKernelFileSystem(info) else {
            throw Failure(kind: .notRegular, path: path, what: what)
        }
        guard info.st_size <= limit else {
            throw Failure(kind: .tooLarge(size: Int(info.st_size), limit: limit), path: path, what: what)
        }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw Failure(kind: .unreadable(String(cString: strerror(errno))), path: path, what: what) }
            if count == 0 { break }
            offset += count
        }
        return offset == bytes.count ? bytes : Array(bytes[..<offset])
    }

    /// True for a file on the file system of `/proc` or `/sys`.
    private static func isKernelFileSystem(_ info: stat) -> Bool {
        ["/proc", "/sys"].contains { root in
            var mount = stat()
            return stat(root, &mount) == 0 && mount.st_dev == info.st_dev
        }
    }
}
