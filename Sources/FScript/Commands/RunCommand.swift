import ArgumentParser
import Foundation

/// `fscript [run] [-e CODE] [FILE.lua|DIR …]`: runs test scripts through the runner, chunks, piped input, or the
/// REPL.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run Lua test scripts and .feature files (the default command); with no script, open the REPL.",
        discussion: """
            Each FILE runs as a test file: its scenarios run one by one (a file without scenarios is one test). \
            A DIR runs every *.lua, *.feature and *.feature.md (Markdown with Gherkin) file under it, sorted, \
            except the --app file, \
            fscript.project.lua, files whose names start with _, and anything under folders named apps, support, \
            helpers or step_definitions (app files, helper modules, and the step definitions .feature files use, \
            which load before any test). With no script and no -e, fscript reads standard input: an \
            interactive REPL on a terminal, otherwise the whole input as one chunk. Exit status: 0 all passed, \
            1 a test failed, 2 usage error or a script that does not compile, 130 interrupted by Ctrl-C. \
            Arguments after -- reach every script as `...` and the global `arg`. \
            Every scenario starts from a freshly launched app unless --no-reset (or reset = false on the scenario, \
            or this_file{reset = false}). \
            A file fscript.project.lua found upward from the first script sets what a command line would: target, \
            targets, app, env, reports, and each run setting by its project key (paths relative to the file); \
            environment variables win over it, and flags over both.
            """
    )

    @Option(name: .customShort("e"), help: ArgumentHelp("Run CODE as a Lua chunk before the scripts.", valueName: "code"))
    var chunks: [String] = []

    @Option(
        help: ArgumentHelp(
            "The Frankly server scripts drive, e.g. http://10.0.0.5:37265 (default: $FSCRIPT_TARGET, else the "
                + "embedded simulator). Given several times: a pool, one worker per target, scenarios spread over them.",
            valueName: "url"))
    var target: [String] = []

    @Option(
        help: ArgumentHelp(
            "Run scenarios in N worker processes at once, each with its own Lua state, embedded simulator and mocks "
                + "(auto: one per core). Reports are the same as a serial run's.", valueName: "n|auto"))
    var jobs: String?

    @Option(
        help: ArgumentHelp(
            "Run only the i-th of n disjoint parts of the suite (CI machines in parallel), e.g. 2/3; merge their JSON "
                + "reports with fscript merge-reports.", valueName: "i/n"))
    var shard: String?

    @Option(
        help: ArgumentHelp(
            "An earlier run's JSON report: balances --shard parts by time and hands the longest scenarios out first.",
            valueName: "file.json"))
    var durations: String?

    @Flag(help: .hidden)
    var worker = false

    @Option(
        help: ArgumentHelp(
            "The app file the embedded simulator runs (default: the bundled demo app).", valueName: "file.lua"))
    var app: String?

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "Also write a report: junit:FILE, tap:FILE, json:FILE, cucumber:FILE (cucumber's JSON), message:FILE "
                + "(Cucumber Messages, NDJSON) or html:DIR (DIR/index.html); repeatable. FILE - writes it to standard output and moves the console to "
                + "standard error.", valueName: "kind:file"))
    var reports: [String] = []

    @Option(
        help: ArgumentHelp(
            "The app's launch environment, KEY=VALUE (repeatable): the embedded simulator's, or the --launch "
                + "command's.", valueName: "key=value"))
    var env: [String] = []

    @Flag(help: ArgumentHelp(
        "Check every step of the .feature files against the step catalog and print a snippet for each undefined "
            + "one; runs nothing. Exit 0: all defined, 1: some undefined, 2: a file does not parse."))
    var dryRun = false

    @Argument(help: ArgumentHelp("Test scripts and .feature files, or folders of them.", valueName: "file|dir"))
    var files: [String] = []

    /// What followed `--` on the command line; `FScriptCommand.run(arguments:)` rewrites each one into
    /// `--script-arg=VALUE` because ArgumentParser allows no second positional array after `files`.
    @Option(
        name: .customLong("script-arg"),
        help: ArgumentHelp("An argument for the scripts (write them after --).", visibility: .hidden))
    var arguments: [String] = []

    /// Rewrites `FILE -- a b` into `FILE --script-arg=a --script-arg=b` for the run command (the default).
    static func passingScriptArguments(_ arguments: [String]) -> [String] {
        let others = FScriptCommand.configuration.subcommands.compactMap { $0.configuration.commandName }.filter { $0 != "run" }
        guard let first = arguments.first, !others.contains(first),
            let terminator = arguments.firstIndex(of: "--")
        else { return arguments }
        return Array(arguments[..<terminator]) + arguments[(terminator + 1)...].map { "--script-arg=" + $0 }
    }

    func validate() throws {
        _ = try Self.jobs(jobs)
        if let shard {
            do { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.description) }
        }
        if dryRun && (jobs != nil || target.count > 1) {
            throw ValidationError("--dry-run runs nothing, so it takes neither --jobs nor a pool of targets")
        }
        _ = try Self.environment(env)
    }

    /// `--jobs N` (1 to 64) or `auto` (the cores this machine has).
    static func jobs(_ text: String?) throws -> Int? {
        guard let text else { return nil }
        if text == "auto" { return max(1, min(64, ProcessInfo.processInfo.activeProcessorCount)) }
        guard let count = Int(text), (1...64).contains(count) else {
            throw ValidationError("--jobs takes a number of workers from 1 to 64, or auto, got '\(text)'")
        }
        return count
    }

    /// `--env KEY=VALUE` pairs as a dictionary; a pair without `=` or with an empty key is a usage error.
    static func environment(_ pairs: [String]) throws -> [String: String] {
        var environment: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError("--env takes KEY=VALUE, got '\(pair)'")
            }
            environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return environment
    }

    /// The parsed options as the plain values `RunArguments.run()` works from; `settings` is the layer of the
    /// declared settings' flags, which `RunSettingFlags` took out of the command line before ArgumentParser.
    func runArguments(settings: RunSettingValues = RunSettingValues()) -> RunArguments {
        RunArguments(
            chunks: chunks, target: target.first, app: app, reports: reports, files: files, arguments: arguments,
            environment: (try? Self.environment(env)) ?? [:], settings: settings, dryRun: dryRun,
            pool: target.count > 1 ? target : [], jobs: (try? Self.jobs(jobs)) ?? nil,
            shard: shard.flatMap { try? Shard(parsing: $0) }, durations: durations, worker: worker)
    }

    /// Runs without settings flags; `FScriptCommand.run(arguments:)` calls `runArguments(settings:)` instead.
    func run() throws {
        try runArguments().run()
    }
}
