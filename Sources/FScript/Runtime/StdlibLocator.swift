#if canImport(Glibc)
import Glibc
#endif

/// Finds the `stdlib/` folder of Lua modules that `require "fscript.x"` loads.
///
/// The search order lets each kind of install work without configuration: `$FSCRIPT_STDLIB` for a developer
/// override, `<exe>/../share/fscript/stdlib` for an installed binary, `<exe>/stdlib` beside a copied binary,
/// and finally the source tree this file was compiled from, so `swift build` then `.build/debug/fscript`
/// works in a checkout.
enum StdlibLocator {
    /// The candidates in search order; the first existing directory wins.
    static func candidates(environment: String? = getenv("FSCRIPT_STDLIB").map { String(cString: $0) })
        -> [String]
    {
        var result: [String] = []
        if let environment, !environment.isEmpty {
            result.append(environment)
        }
        if let executableDirectory = executableDirectory() {
            result.append(executableDirectory + "/../share/fscript/stdlib")
            result.append(executableDirectory + "/stdlib")
        }
        result.append(sourceTreeStdlib())
        return result
    }

    /// The stdlib directory to put on `package.path`, or nil when none exists.
    ///
    /// The path is resolved here, once, because every stdlib file name in a message or a traceback is built from
    /// it: an installed binary's `<exe>/../share/fscript/stdlib` would otherwise show as
    /// `~/.local/bin/../share/fscript/stdlib/fscript/ui.lua` in every error.
    static func locate() -> String? {
        candidates().first(where: isDirectory).map(resolved)
    }

    /// `path` with `.`, `..` and symbolic links resolved (`realpath`), or `path` itself when that fails.
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// `<repo>/stdlib`, from this file's compile-time path `<repo>/Sources/FScript/Runtime/StdlibLocator.swift`.
    ///
    /// It cuts the last four components off by hand: `split` and `joined` cost 0.4M instructions at every start
    /// (their generic code looks up conformances at run time), a tenth of what `fscript -e ''` runs.
    static func sourceTreeStdlib(file: String = #filePath) -> String {
        var root = Substring(file)
        for _ in 0..<4 {
            root = root[..<(root.lastIndex(of: "/") ?? root.startIndex)]
        }
        return root + "/stdlib"
    }

    private static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
