import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// The root `fscript` command: it only dispatches, `run` (the default) does the work.
///
/// New commands (`serve`, `mock`, `steps`) are one file each and one entry in `subcommands`.
public struct FScriptCommand: AsyncParsableCommand {
    /// Names the tool, its version and its commands for `--help` and `--version`.
    public static let configuration = CommandConfiguration(
        commandName: "fscript",
        abstract: "A scriptable test shell for apps that embed a Frankly server.",
        discussion: """
            Examples:
              fscript login_flow.lua             run a test against the embedded simulator
              fscript tests/ --tags smoke,~slow  *.lua and *.feature: smoke, not slow
              fscript --target URL flow.lua      drive a real app (or set FSCRIPT_TARGET)
              fscript -e 'print(app:version())'  run a chunk
              fscript                            the interactive REPL
            'fscript help run' lists the options of the default command.
            """,
        version: BuiltinModule.version,
        subcommands: [
            RunCommand.self, ServeCommand.self, MockCommand.self, StepsCommand.self, InitCommand.self,
            MergeReportsCommand.self, InspectCommand.self, RecordCommand.self, PortCommand.self, ShowTraceCommand.self,
            ReferenceCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// Required by ArgumentParser; the root command has no options of its own.
    public init() {}

    /// Parses `arguments` (without the program name), runs the chosen command and returns the exit status.
    /// A plain `fscript -e CODE` or `fscript FILE.lua` skips ArgumentParser (see `RunArguments`).
    ///
    /// ArgumentParser's own `main()` exits 64 on usage errors; fscript promises 2, so the mapping is done here.
    /// It runs on the main actor because the script's Lua state lives on the main thread (DESIGN.md).
    @MainActor
    public static func run(arguments: [String]) async -> Int32 {
        do {
            if let simple = RunArguments(simpleCommandLine: arguments) {
                try simple.run()
                return 0
            }
            var (command, settings) = try parse(arguments)
            if let run = command as? RunCommand {
                try run.runArguments(settings: settings).run()
            } else if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            if let exit = error as? ExitCode {
                return exit.rawValue
            }
            if let setting = error as? RunSettingError {
                writeError(fullMessage(for: ValidationError(setting.description)) + "\n")
                return ScriptSession.ExitStatus.usage.rawValue
            }
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                print(RunSettingFlags.addingSettings(toHelp: message))
                return 0
            }
            if !message.isEmpty {
                writeError(RunSettingFlags.addingSuggestion(to: message) + "\n")
            }
            return code == .validationFailure ? ScriptSession.ExitStatus.usage.rawValue : code.rawValue
        }
    }

    /// The command `arguments` ask for, and the run settings' flags, which are taken out of them first when they
    /// go to the run command (see `RunSettingFlags`).
    static func parse(_ arguments: [String]) throws -> (command: ParsableCommand, settings: RunSettingValues) {
        let others = configuration.subcommands.compactMap { $0.configuration.commandName }.filter { $0 != "run" }
        guard let first = arguments.first, others.contains(first) || first == "help" else {
            let (settings, rest) = try RunSettingFlags.extract(arguments)
            return (try parseAsRoot(RunCommand.passingScriptArguments(rest)), settings)
        }
        return (try parseAsRoot(arguments), RunSettingValues())
    }
}
