#if canImport(Glibc)
import Glibc
#endif

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

    /// Writes `bytes` to `path` (created or truncated); nil on success, else the reason (`cannot write a/b
    /// (No space left on device)`).
    static func writeFile(_ path: String, _ bytes: [UInt8]) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return "cannot write \(path) (\(String(cString: strerror(errno))))" }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return "cannot write \(path) (\(String(cString: strerror(errno))))" }
            written += count
        }
        return nil
    }

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
}
