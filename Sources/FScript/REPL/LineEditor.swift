import CEdit

#if canImport(Glibc)
import Glibc
#endif

/// The REPL's line editing and history, from libedit, which is opened here rather than linked: a linked libedit
/// maps it, libtinfo, libbsd and libmd at every start of fscript, and only the interactive prompt edits lines.
struct LineEditor {
    /// The shared object to open: the soname Debian's libedit2 installs.
    static let soname = "libedit.so.2"

    /// Why the REPL cannot edit lines: what is missing, and what to install.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    private let edit: cedit_functions

    /// Opens `library` and looks up the functions the REPL uses.
    init(library: String = LineEditor.soname) throws {
        var functions = cedit_functions()
        var error = [CChar](repeating: 0, count: 512)
        guard cedit_open(library, &functions, &error, error.count) == 0 else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw Unavailable(
                description: "the REPL needs libedit (\(reason)); install it with 'apt-get install libedit2'")
        }
        edit = functions
    }

    /// Starts history and loads the lines saved at `path` (a missing file is an empty history).
    func loadHistory(from path: String) {
        edit.using_history()
        _ = edit.read_history(path)
    }

    /// Adds a line to the history.
    func addHistory(_ line: String) {
        _ = edit.add_history(line)
    }

    /// Saves the history at `path`.
    func saveHistory(to path: String) {
        _ = edit.write_history(path)
    }

    /// Completes the word under the cursor with Tab: `complete(line, word)` gets the line up to the cursor and the
    /// word, and returns the candidates that would replace the word. False when this libedit has no hooks.
    @discardableResult
    func setCompleter(_ complete: @escaping (String, String) -> [String]) -> Bool {
        LineEditor.completer = complete
        return cedit_set_completer { line, word in
            guard let line, let word, let complete = LineEditor.completer else { return nil }
            let candidates = complete(String(cString: line), String(cString: word))
            guard !candidates.isEmpty else { return nil }
            // malloc, not Swift's allocator: the C side frees the array, and readline each string.
            let stride = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride
            guard let raw = malloc(stride * (candidates.count + 1)) else { return nil }
            let list = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: candidates.count + 1)
            for (index, candidate) in candidates.enumerated() { list[index] = strdup(candidate) }
            list[candidates.count] = nil
            return list
        } == 0
    }

    /// The REPL's completer; libedit calls back through a C function, which cannot capture it.
    nonisolated(unsafe) private static var completer: ((String, String) -> [String])?

    /// Reads one edited line after `prompt`; nil at end of input.
    func readLine(prompt: String) -> String? {
        fflush(nil)
        guard let line = edit.readline(prompt) else { return nil }
        defer { free(line) }
        return String(cString: line)
    }
}
