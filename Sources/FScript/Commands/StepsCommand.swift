import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import LuaKit

/// `fscript steps [--json] [FILE.lua|DIR|WORD …]`: prints the step catalog: each pattern with its `file:line`,
/// what it does and an example; a word that names no file narrows the list to the steps that mention it.
struct StepsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steps",
        abstract: "Print the step catalog: every step pattern and where it is defined.",
        discussion: """
            The scripts given are loaded first (without running their scenarios or steps), so the steps they \
            define are listed beside the built-in ones.
            """
    )

    @Flag(help: "Print a JSON array of {pattern, location, description, example} objects instead of text.")
    var json = false

    @Argument(
        help: ArgumentHelp(
            "Scripts, or folders of them, whose own steps to list too; a word that names no file is a search "
                + "(fscript steps switch).", valueName: "file.lua|dir|word"))
    var files: [String] = []

    func run() throws {
        let session = ScriptSession()
        var options = LuaTable()
        options["json"] = .boolean(json)
        let paths = files.filter { access($0, F_OK) == 0 }
        let words = files.filter { access($0, F_OK) != 0 }
        options["files"] = .table(.init(array: paths.map { .string($0) }))
        if !words.isEmpty { options["search"] = .string(words.joined(separator: " ")) }
        do {
            let results = try session.state.function("steps", inModule: "fscript.runner").call(.table(options))
            guard let text = results.first?.stringValue else {
                writeError("fscript: the runner returned no step catalog\n")
                throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
            }
            print(text, terminator: "")
        } catch let error as ExitCode {
            throw error
        } catch {
            writeError("fscript: cannot list the steps: \(error)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
    }
}
