import ArgumentParser
import LuaKit

/// `fscript steps [--json] [FILE.lua|DIR …]`: prints the step catalog, one pattern and its `file:line` a line.
struct StepsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steps",
        abstract: "Print the step catalog: every step pattern and where it is defined.",
        discussion: """
            The scripts given are loaded first (without running their scenarios or steps), so the steps they \
            define are listed beside the built-in ones.
            """
    )

    @Flag(help: "Print a JSON array of {pattern, location} objects instead of text.")
    var json = false

    @Argument(help: ArgumentHelp("Scripts, or folders of them, whose own steps to list too.", valueName: "file.lua|dir"))
    var files: [String] = []

    func run() throws {
        let session = ScriptSession()
        var options = LuaTable()
        options["json"] = .boolean(json)
        options["files"] = .table(.init(array: files.map { .string($0) }))
        do {
            let results = try session.state.execute(
                "return require('fscript.runner').steps(...)", name: "=(fscript steps)", arguments: [.table(options)])
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
