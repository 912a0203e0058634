#if canImport(Glibc)
import Glibc
#endif
import LuaKit

/// The interactive prompt: libedit line editing (`LineEditor`), history in `~/.fscript_history`, and `lua.c`'s
/// rules.
///
/// A line is first tried as an expression (`return <line>`) so `1 + 1` prints `2`, then as a statement. Input
/// that ends too early (a syntax error at `<eof>`) continues on the next line with the `>> ` prompt. Errors
/// print with their traceback and the session goes on; Ctrl-D ends it with status 0.
struct REPL {
    let session: ScriptSession
    let historyPath: String
    /// What `app` drives, for the banner.
    let target: String
    /// `fscript record FILE.lua`: every command that ran without error is appended to this script.
    let recording: String?
    /// How to run the recording on the target it was recorded on (`fscript --web dist/ flow.lua`), for its header.
    let runCommand: String

    init(session: ScriptSession, target: String, recording: String? = nil, runCommand: String = "fscript FILE.lua") {
        self.session = session
        self.target = target
        self.recording = recording
        self.runCommand = runCommand
        let home = getenv("HOME").map { String(cString: $0) } ?? "."
        historyPath = home + "/.fscript_history"
    }

    /// Reads, evaluates and prints until end of input.
    func run() -> ScriptSession.ExitStatus {
        let editor: LineEditor
        let printer: LuaRef
        do {
            editor = try LineEditor()
            printer = try makePrinter()
        } catch {
            writeError("fscript: \(error)\n")
            return .usage
        }
        editor.loadHistory(from: historyPath)
        // The stdlib's REPL additions (help, the banner); without the stdlib, a plain prompt.
        if (try? session.state.function("install", inModule: "fscript.repl").call()) != nil,
            let banner = try? session.state.function("banner", inModule: "fscript.repl").call(.string(target)),
            let text = banner.first?.stringValue
        {
            print(text)
        }
        installCompletion(on: editor)
        // Ctrl-C stops a running chunk (the hook and every wait raise a stop) and returns to the prompt; at the
        // prompt it drops the line being typed. Ctrl-D (or os.exit) ends the REPL.
        SignalTrap.catch()
        defer { SignalTrap.restoreDefault() }
        guard startRecording() else { return .usage }
        while let chunk = readChunk(editor) {
            editor.addHistory(chunk.source)
            editor.saveHistory(to: historyPath)
            SignalTrap.acknowledge()
            do {
                try printer.call(.function(chunk.function))
                if let recording, Self.isRecorded(chunk.source, expression: chunk.isExpression) {
                    _ = Self.append(chunk.source + "\n", to: recording)
                }
            } catch {
                writeError("\(error)\n")
            }
            SignalTrap.acknowledge()
        }
        print()
        return .success
    }

    /// The function that runs a chunk and prints its results. Printing inside Lua keeps results on the stack: a
    /// table prints as itself, not as a copy. Results go through fscript.pretty (tables as literals, dumps as
    /// trees, queries as what they match); without the stdlib, plain print.
    private func makePrinter() throws -> LuaRef {
        let made = try session.state.load(
            """
            local ok, repl = pcall(require, "fscript.repl")
            local show = ok and repl.print or print
            return function(f) local r = table.pack(f()); if r.n > 0 then show(table.unpack(r, 1, r.n)) end end
            """, name: "=repl"
        ).call().first
        if case .function(let function)? = made { return function }
        return try session.state.load("local f = ...; print(f())", name: "=repl")
    }

    /// Tab completes globals, fields and methods, and inside a selector string filter names, classes and labels
    /// on screen (fscript.repl.complete); a failure there only costs the completion.
    private func installCompletion(on editor: LineEditor) {
        let complete = try? session.state.function("complete", inModule: "fscript.repl")
        editor.setCompleter { line, word in
            guard let results = try? complete?.call(.string(line), .string(word)), case .table(let list)? = results.first
            else { return [] }
            return list.array.compactMap(\.stringValue)
        }
    }

    /// With `fscript record FILE`, starts the recording's file; false (said why) when it cannot be written.
    private func startRecording() -> Bool {
        guard let recording else { return true }
        guard Self.append("-- Recorded with fscript record: the REPL commands that ran. Run: \(runCommand)\n", to: recording)
        else {
            writeError("fscript record: cannot write \(recording)\n")
            return false
        }
        print("recording into \(recording): each command that runs without error is added (=expr lines are not)")
        return true
    }

    /// Whether a command belongs in a recording: it does something (a call or a statement), not only shows a value
    /// (`=expr`, or an expression without a call such as `x` or `1 + 1`).
    static func isRecorded(_ source: String, expression: Bool) -> Bool {
        if source.hasPrefix("=") || source.trimmingSpaces.isEmpty { return false }
        return !expression || containsCall(source)
    }

    /// Whether Lua source has call syntax: a name (or `)`/`]`) followed by `(`, a string or a table, as in
    /// `f(x)`, `When 'I touch …'` and `app:wait_for_idle{…}`.
    static func containsCall(_ source: String) -> Bool {
        var previous: Character?
        for character in source {
            if character == " " || character == "\t" { continue }
            if let before = previous, before.isLetter || before.isNumber || before == "_" || before == ")" || before == "]",
                "('\"{[".contains(character)
            {
                return true
            }
            previous = character
        }
        return false
    }

    private static func append(_ text: String, to path: String) -> Bool {
        guard let handle = fopen(path, "a") else { return false }
        defer { fclose(handle) }
        return fputs(text, handle) >= 0
    }

    /// Reads lines until they compile, or prints a syntax error; nil at end of input.
    private func readChunk(_ editor: LineEditor) -> (source: String, function: LuaRef, isExpression: Bool)? {
        while true {
            guard var source = editor.readLine(prompt: "> ") else {
                // libedit ends the line it was reading when Ctrl-C arrives: a new prompt, not the end.
                if SignalTrap.isPending {
                    SignalTrap.acknowledge()
                    print()
                    continue
                }
                return nil
            }
            if source.trimmingSpaces.isEmpty { continue }
            let expression = source.hasPrefix("=") ? String(source.dropFirst()) : source
            if let function = try? session.state.load("return " + expression, name: "=stdin") {
                return (source, function, true)
            }
            while true {
                do {
                    let code = source.hasPrefix("=") ? "return " + source.dropFirst() : source
                    return (source, try session.state.load(code, name: "=stdin"), source.hasPrefix("="))
                } catch LuaError.syntax(_, incomplete: true) {
                    guard let more = editor.readLine(prompt: ">> ") else {
                        guard SignalTrap.isPending else { return nil }
                        SignalTrap.acknowledge()
                        print()
                        break
                    }
                    source += "\n" + more
                } catch {
                    editor.addHistory(source)
                    writeError("\(error)\n")
                    break
                }
            }
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return self[first...last]
    }
}
