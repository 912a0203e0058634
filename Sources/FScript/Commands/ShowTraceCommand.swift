import ArgumentParser
import LuaKit

/// `fscript show-trace FILE`: opens one scenario's trace (`trace.html`, written under the artifacts folder by
/// `--trace`) on its own, as Playwright's `show-trace` does.
///
/// A trace is one self-contained HTML file, so opening it needs no server: on a terminal the command checks the
/// file and opens it with `xdg-open` when there is one, else prints its path to open in any browser. Without a
/// terminal (CI) it only checks the file and prints where it is, so it never waits. The work is in
/// `stdlib/fscript/trace/show.lua`.
struct ShowTraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show-trace",
        abstract: "Open a trace written by --trace (ARTIFACTS/FILE/SCENARIO/trace.html).",
        discussion: """
            The trace is one HTML file with everything embedded: it opens offline in any browser. On a terminal \
            fscript opens it with xdg-open when there is one; otherwise (or without a terminal, as in CI) it \
            checks the file and prints its path. Exit status: 0 a valid trace, 2 a missing or invalid file.
            """
    )

    @Argument(help: ArgumentHelp("The trace file.", valueName: "trace.html"))
    var file: String

    func run() throws {
        let session = ScriptSession()
        do {
            let results = try session.state.function("main", inModule: "fscript.trace.show").call(.string(file))
            let code = results.first?.integerValue ?? Int64(ScriptSession.ExitStatus.usage.rawValue)
            if code != 0 { throw ExitCode(Int32(clamping: code)) }
        } catch let error as ExitCode {
            throw error
        } catch {
            writeError("fscript show-trace: \(error)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
    }
}
