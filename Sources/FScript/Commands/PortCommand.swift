#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import LuaKit
import Platform

/// `fscript port frank FEATURES_DIR --out OUT_DIR`: turns a Frank project's Ruby step definitions into an fscript
/// suite. The work is Lua (`fscript.port.main`, which asks Ruby's own parser for the syntax tree); this command
/// only checks the arguments and maps the result to fscript's exit statuses.
struct PortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "port",
        abstract: "Convert a Frank (cucumber + Ruby) suite into an fscript suite.",
        discussion: """
            fscript port frank FEATURES_DIR --out OUT_DIR copies the .feature files untouched, writes a Lua file \
            for each Ruby file of step_definitions/ and support/, and PORT.md, which lists per file the step \
            definitions converted whole and the lines not ported (each kept as a comment and an error naming the \
            Ruby file and line, so a run fails there). Needs Ruby (Debian's ruby package) for its parser. Running \
            it again rewrites only the Lua files nobody edited since. Exit status: 0 written, 1 written but some \
            Ruby files do not parse (each named, the others ported), 2 bad arguments, no Ruby, or a file that \
            cannot be written, 130 Ctrl-C or SIGTERM (Ruby is stopped with it).
            """
    )

    @Argument(help: ArgumentHelp("The kind of suite to convert (only frank).", valueName: "frank"))
    var kind: String

    @Argument(help: ArgumentHelp("The Frank project's features folder.", valueName: "FEATURES_DIR"))
    var features: String

    @Option(help: ArgumentHelp("Where to write the fscript suite.", valueName: "OUT_DIR"))
    var out: String

    func validate() throws {
        guard kind == "frank" else {
            throw ValidationError("unknown suite kind '\(kind)': fscript ports 'frank' suites")
        }
    }

    func run() throws {
        SignalTrap.catch()
        let session = ScriptSession()
        PortRuby.register(in: session.state)
        do {
            let results = try session.state.function("run", inModule: "fscript.port.main")
                .call(.string(features), .string(out))
            let code = results.first?.integerValue ?? Int64(ScriptSession.ExitStatus.usage.rawValue)
            if code != 0 { throw ExitCode(Int32(clamping: code)) }
        } catch let error as ExitCode {
            throw error
        } catch LuaError.stopped(let stop, _, _) where stop.kind == "interrupt" {
            // Ruby is gone and the temporary files with it; what is left is the Lua state, which holds every
            // file's syntax tree (160 MB for a 20,000-step suite) and took 100-250 ms to free: end now instead.
            fflush(nil)
            Interruption.end()
        } catch {
            writeError("fscript port: \(error)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
    }
}
