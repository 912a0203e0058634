#if canImport(Glibc)
import Glibc
#endif
import Platform
import Synchronization

/// The file chores the runner needs from the host: `mkdir -p`, listing the scripts of a folder, and writing a file
/// from another thread (the trace writer's).
///
/// Doing them in Swift instead of `os.execute("mkdir -p …")` or `find` keeps paths with quotes or spaces safe
/// and keeps fscript working where no shell is installed.
enum FileSystem {
    /// Why a directory could not be read.
    struct Problem: Error {
        let message: String
    }

    /// Creates `path` and its missing parents; nil on success, else the reason (`cannot create a/b (Permission
    /// denied)`). An existing directory is a success, an existing file is not.
    static func makeDirectories(_ path: String) -> String? {
        guard !path.isEmpty else { return "cannot create a directory with an empty name" }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                return "cannot create \(prefix) (\(String(cString: strerror(errno))))"
            }
            if !isDirectory(prefix) {
                return "cannot create \(path) (\(prefix) exists and is not a directory)"
            }
            prefix += "/"
        }
        return nil
    }

    /// Writes `bytes` to `path` whole or not at all; nil on success, else the reason (`cannot write a/b (No space
    /// left on device)`).
    ///
    /// The bytes go to a new file beside `path` (same folder, so same file system), which is renamed over `path`
    /// only once every byte is written and `close` succeeded: a full disk leaves the old file (or none), never a
    /// 0-byte or cut one, and the temporary file is removed. Reports, artifacts, traces and ported files all come
    /// here (`fscript.write_file` for the stdlib).
    ///
    /// A path that names a device, a FIFO or a descriptor (`/dev/stdout`) is written to as it is: it cannot be
    /// replaced, and must not be. A link to a file is followed, so the file it names is replaced and the link stays.
    static func writeFile(_ path: String, _ bytes: [UInt8]) -> String? {
        let failure = { (reason: Int32) in "cannot write \(path) (\(String(cString: strerror(reason))))" }
        // `/dev/stdout` and `/dev/fd/N` name a descriptor: written through, whatever file it is open on.
        if path.hasPrefix("/dev/") || path.hasPrefix("/proc/") { return writeStream(bytes, to: path).map(failure) }
        var link = stat()
        var info = stat()
        if lstat(path, &link) == 0, stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG where link.st_mode & S_IFMT == S_IFLNK:
                if let resolved = realpath(path, nil) {
                    defer { free(resolved) }
                    return writeFile(String(cString: resolved), bytes)
                }
            case S_IFREG:
                break
            case S_IFDIR:
                return failure(EISDIR)
            default:
                return writeStream(bytes, to: path).map(failure)
            }
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let serial = temporaryCounter.withLock { count in
            count += 1
            return count
        }
        let temporary = "\(folder).\(name).\(getpid())-\(serial).tmp"
        // A signal that ends the process meanwhile removes the temporary file (Interruption.end).
        return Interruption.removingOnEnd(temporary) {
            writeWhole(bytes, to: temporary, renamedTo: path).map(failure)
        }
    }

    /// Writes `bytes` to the new file `temporary` and renames it to `path`; the errno of what failed, or nil.
    private static func writeWhole(_ bytes: [UInt8], to temporary: String, renamedTo path: String) -> Int32? {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return errno }
        var problem = writeAll(bytes, to: descriptor) ?? 0
        // close reports what a delayed write found (NFS, quota); its error counts as the write's.
        if close(descriptor) != 0 && problem == 0 { problem = errno }
        if problem == 0 && rename(temporary, path) != 0 { problem = errno }
        if problem != 0 {
            unlink(temporary)
            return problem
        }
        return nil
    }

    /// Writes `bytes` to a device, FIFO or descriptor that exists (`/dev/stdout`); the errno of what failed, or nil.
    private static func writeStream(_ bytes: [UInt8], to path: String) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno }
        let problem = writeAll(bytes, to: descriptor)
        if close(descriptor) != 0 && problem == nil { return errno }
        return problem
    }

    /// Writes every byte to `descriptor`; the errno of what failed (ENOSPC for a write of nothing), or nil.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count < 0 ? errno : ENOSPC }
            written += count
        }
        return nil
    }

    /// Tells apart the temporary files of one process's concurrent writes (the trace writer's thread).
    private static let temporaryCounter = Mutex(0)

    /// Every test file (`*.lua`, `*.feature`, `*.feature.md`: Markdown with Gherkin) under `directory`, in
    /// subfolders too, sorted byte-wise so runs are reproducible.
    /// Symbolic links to directories are not followed, so a link cycle cannot loop.
    static func testFiles(under directory: String) -> Result<[String], Problem> {
        let root = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var files: [String] = []
        var pending = [root]
        while let folder = pending.popLast() {
            guard let stream = opendir(folder) else {
                return .failure(Problem(message: "cannot open \(folder) (\(String(cString: strerror(errno))))"))
            }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if name == "." || name == ".." { continue }
                let path = folder == "/" ? "/" + name : folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    pending.append(path)
                } else if name.hasSuffix(".lua") || name.hasSuffix(".feature") || name.hasSuffix(".feature.md"),
                    stat(path, &info) == 0,
                    (info.st_mode & S_IFMT) == S_IFREG
                {
                    files.append(path)
                }
            }
        }
        return .success(files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    /// True when `path` names a directory (following links).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Why a test file or folder named on the command line cannot be run, or nil: it must be readable, and a
    /// regular file or a folder. A FIFO or a device would block the run or read forever where Lua opens it.
    static func whyNotRunnable(_ path: String) -> String? {
        guard access(path, R_OK) == 0 else { return String(cString: strerror(errno)) }
        var info = stat()
        guard stat(path, &info) == 0 else { return String(cString: strerror(errno)) }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFDIR else { return "not a regular file or a folder" }
        return nil
    }
}
