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
            A DIR runs every *.lua and *.feature file under it, sorted, except the --app file, \
            fscript.project.lua, files whose names start with _, and anything under folders named apps, support, \
            helpers or step_definitions (app files, helper modules, and the step definitions .feature files use, \
            which load before any test). With no script and no -e, fscript reads standard input: an \
            interactive REPL on a terminal, otherwise the whole input as one chunk. Exit status: 0 all passed, \
            1 a test failed, 2 usage error or a script that does not compile, 130 interrupted by Ctrl-C. \
            Arguments after -- reach every script as `...` and the global `arg`. \
            Every scenario starts from a freshly launched app unless --no-reset (or reset = false on the scenario, \
            or this_file{reset = false}). \
            A file fscript.project.lua found upward from the first script sets what a command line would: target, \
            app, launch, reset_exec, reset, env, timeout, wait, validation, request_timeout, poll_interval, tags, \
            reports, artifacts, advertise_host (paths relative to the file); flags win over it.
            """
    )

    @Option(name: .customShort("e"), help: ArgumentHelp("Run CODE as a Lua chunk before the scripts.", valueName: "code"))
    var chunks: [String] = []

    @Option(help: ArgumentHelp(
        "Run only scenarios whose tags match a cucumber tag expression (@smoke and not @slow) or a list (smoke,~slow: "
            + "a comma means or, ~ excludes). A filter that selects nothing is an error (exit 2).", valueName: "tags"))
    var tags: String?

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
            "Also write a report: junit:FILE, tap:FILE, json:FILE, cucumber:FILE (cucumber's JSON) or html:DIR "
                + "(DIR/index.html); repeatable. FILE - writes it to standard output and moves the console to "
                + "standard error.", valueName: "kind:file"))
    var reports: [String] = []

    @Option(help: ArgumentHelp("Seconds a whole test may take before it is stopped (default 60).", valueName: "seconds"))
    var timeout: Double?

    @Option(help: ArgumentHelp(
        "Folder for failure artifacts (view dump, screenshot); default fscript-artifacts.", valueName: "dir"))
    var artifacts: String?

    @Flag(help: "Let scenarios share the app instead of starting each from a freshly launched one.")
    var noReset = false

    @Option(
        help: ArgumentHelp(
            "A shell command that launches the app under test (a real app: xcrun simctl launch …), run before each "
                + "scenario with the launch environment exported; fscript then waits until the target answers.",
            valueName: "command"))
    var launch: String?

    @Option(help: ArgumentHelp("An app_exec method that resets a real app between scenarios.", valueName: "method"))
    var resetExec: String?

    @Option(
        help: ArgumentHelp(
            "The app's launch environment, KEY=VALUE (repeatable): the embedded simulator's, or the --launch "
                + "command's.", valueName: "key=value"))
    var env: [String] = []

    @Option(help: ArgumentHelp("Seconds one request to the target may take (default 10).", valueName: "seconds"))
    var requestTimeout: Double?

    @Option(
        help: ArgumentHelp(
            "Seconds between two checks of a wait on a target without fscript's change feed (default 0.01).",
            valueName: "seconds"))
    var pollInterval: Double?

    @Option(
        help: ArgumentHelp(
            "The address a device reaches this machine by: the host in the URL of a mock bound beyond loopback "
                + "(mock.start{host = \"0.0.0.0\"}).", valueName: "host"))
    var advertiseHost: String?

    @Flag(help: ArgumentHelp(
        "Check every step of the .feature files against the step catalog and print a snippet for each undefined "
            + "one; runs nothing. Exit 0: all defined, 1: some undefined, 2: a file does not parse."))
    var dryRun = false

    @Flag(help: ArgumentHelp(
        "Refuse .feature files with Gherkin warnings (a description line starting 'The' or 'An', read as text "
            + "though it looks like 'Then' or 'And'); without it they run and the warnings go to standard error."))
    var strict = false

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
        try Self.check("--timeout", timeout, atMost: 86_400)
        try Self.check("--request-timeout", requestTimeout, atMost: 3600)
        try Self.check("--poll-interval", pollInterval, atMost: 60)
        _ = try Self.environment(env)
    }

    /// Checks a number of seconds from the command line where it enters: above 0, at most `limit`, not NaN.
    private static func check(_ flag: String, _ seconds: Double?, atMost limit: Double) throws {
        guard let seconds else { return }
        guard seconds > 0, seconds <= limit else {
            throw ValidationError(
                "\(flag) must be a number of seconds above 0 and at most \(InterruptGuard.seconds(limit)), got \(seconds)")
        }
    }

    /// `--env KEY=VALUE` pairs as a dictionary; a pair without `=` or with an empty key is a usage error.
    /// `--jobs N` (1 to 64) or `auto` (the cores this machine has).
    static func jobs(_ text: String?) throws -> Int? {
        guard let text else { return nil }
        if text == "auto" { return max(1, min(64, ProcessInfo.processInfo.activeProcessorCount)) }
        guard let count = Int(text), (1...64).contains(count) else {
            throw ValidationError("--jobs takes a number of workers from 1 to 64, or auto, got '\(text)'")
        }
        return count
    }

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

    /// The parsed options as the plain values `RunArguments.run()` works from.
    var runArguments: RunArguments {
        RunArguments(
            chunks: chunks, tags: tags, target: target.first, app: app, reports: reports, timeout: timeout,
            artifacts: artifacts, files: files, arguments: arguments, reset: noReset ? false : nil, launch: launch,
            resetExec: resetExec, environment: (try? Self.environment(env)) ?? [:], requestTimeout: requestTimeout,
            pollInterval: pollInterval, advertiseHost: advertiseHost, dryRun: dryRun, strict: strict,
            pool: target.count > 1 ? target : [], jobs: (try? Self.jobs(jobs)) ?? nil,
            shard: shard.flatMap { try? Shard(parsing: $0) }, durations: durations, worker: worker)
    }

    func run() throws {
        try runArguments.run()
    }
}
