import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// `fscript [run] [-e CODE] [FILE.lua [ARGS…]]`: runs a script, chunks, piped input, or the REPL.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a Lua test script (the default command); with no script, open the REPL.",
        discussion: """
            With no script and no -e, fscript reads standard input: an interactive REPL on a terminal, \
            otherwise the whole input as one chunk. Exit status: 0 success, 1 the script raised an error, \
            2 usage error or a script that does not compile.
            """
    )

    @Option(name: .customShort("e"), help: ArgumentHelp("Run CODE as a Lua chunk before the script.", valueName: "code"))
    var chunks: [String] = []

    @Option(
        help: ArgumentHelp(
            "The Frankly server scripts drive, e.g. http://10.0.0.5:37265 (default: $FSCRIPT_TARGET, else the "
                + "embedded simulator).", valueName: "url"))
    var target: String?

    @Option(
        help: ArgumentHelp(
            "The app file the embedded simulator runs (default: the bundled demo app).", valueName: "file.lua"))
    var app: String?

    @Argument(help: ArgumentHelp("The Lua script to run.", valueName: "file.lua"))
    var script: String?

    @Argument(
        parsing: .captureForPassthrough,
        help: ArgumentHelp("Arguments for the script, as `arg[1]…` and `...`.", valueName: "args"))
    var arguments: [String] = []

    func run() throws {
        let session = ScriptSession()
        let target = try TargetOptions(target: target, app: app).resolve()
        FrankModule.register(in: session.state, target: target, appPath: app)
        for chunk in chunks {
            let status = session.run(chunk: chunk)
            guard status == .success else { throw ExitCode(status.rawValue) }
        }
        let status: ScriptSession.ExitStatus
        if let script {
            status = session.run(file: script, arguments: arguments)
        } else if !chunks.isEmpty {
            status = .success
        } else if isatty(0) != 0 {
            status = REPL(session: session).run()
        } else {
            status = session.runStandardInput()
        }
        guard status == .success else { throw ExitCode(status.rawValue) }
    }
}
