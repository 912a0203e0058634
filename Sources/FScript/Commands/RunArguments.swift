import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif

/// What `fscript [run]` was asked to do, as plain values, and doing it.
///
/// `RunCommand` fills it from ArgumentParser; `init?(simpleCommandLine:)` fills it without ArgumentParser for the
/// command lines that need none (`fscript -e CODE`, `fscript FILE.lua`), because ArgumentParser's reflection is
/// about half of the start-up time of such a run. Either way the same `run()` does the work.
struct RunArguments: Equatable {
    /// `--timeout` when none is given, in seconds.
    static let defaultTimeout: Double = 60

    /// `-e` chunks, in order.
    var chunks: [String] = []
    /// `--tags`.
    var tags: String?
    /// `--target`.
    var target: String?
    /// `--app`.
    var app: String?
    /// `--report`, in order.
    var reports: [String] = []
    /// `--timeout` (nil: the project file's, else `defaultTimeout`).
    var timeout: Double?
    /// `--artifacts`.
    var artifacts: String?
    /// The scripts and folders.
    var files: [String] = []
    /// What followed `--`: the scripts' own arguments.
    var arguments: [String] = []
    /// False with `--no-reset`; nil: the project file's, else true.
    var reset: Bool?
    /// `--launch`.
    var launch: String?
    /// `--reset-exec`.
    var resetExec: String?
    /// `--env`, added to the project file's.
    var environment: [String: String] = [:]
    /// `--request-timeout`.
    var requestTimeout: Double?
    /// `--poll-interval`.
    var pollInterval: Double?
    /// `--advertise-host`.
    var advertiseHost: String?
    /// The project file's waits (no flags: `config.set{}` in a script, or the project file).
    var wait: Double?
    var validation: Double?
    /// `--dry-run`: check the Gherkin steps against the catalog; nothing runs and no target is contacted.
    var dryRun = false
    /// `--strict`: a Gherkin warning (a description line starting `The`: did you mean `Then`?) is an error.
    var strict = false
    /// Every `--target` when more than one was given (or the project file's `targets`): a pool, one worker each.
    var pool: [String] = []
    /// `--jobs`: worker processes (nil: one, no workers).
    var jobs: Int?
    /// `--shard i/n`.
    var shard: Shard?
    /// `--durations FILE`.
    var durations: String?
    /// `--worker`: this process is a worker of a parallel run (its parent started it).
    var worker = false
    /// `fscript record FILE.lua`: the REPL appends every command that ran to this script.
    var recording: String?

    /// The target settings these arguments give.
    var settings: TargetSettings {
        TargetSettings(
            launchCommand: launch, resetExec: resetExec, environment: environment, requestTimeout: requestTimeout ?? 10,
            pollInterval: pollInterval ?? Poller.defaultInterval)
    }

    /// Fills what the command line left open from the project file: a flag wins over the file.
    mutating func apply(_ project: ProjectFile) {
        // --app on the command line means the embedded simulator, whatever target the file names, and back.
        let given = (target: target, app: app)
        if pool.isEmpty && given.target == nil && given.app == nil && project.targets.count > 1 && !worker {
            pool = project.targets
        }
        target = given.target ?? (given.app == nil ? project.target ?? project.targets.first : nil)
        app = given.app ?? (given.target == nil ? project.app : nil)
        tags = tags ?? project.tags
        if reports.isEmpty { reports = project.reports }
        timeout = timeout ?? project.timeout
        artifacts = artifacts ?? project.artifacts
        reset = reset ?? project.reset
        launch = launch ?? project.launch
        resetExec = resetExec ?? project.resetExec
        environment = project.environment.merging(environment) { $1 }
        requestTimeout = requestTimeout ?? project.requestTimeout
        pollInterval = pollInterval ?? project.pollInterval
        advertiseHost = advertiseHost ?? project.advertiseHost
        wait = wait ?? project.wait
        validation = validation ?? project.validation
    }

    /// Runs the chunks, then the files through the runner; with neither, the REPL on a terminal or standard input.
    /// A status other than success is thrown as `ExitCode`.
    func run() throws {
        var run = self
        if !files.isEmpty, let path = ProjectFile.find(from: files) {
            do {
                run.apply(try ProjectFile.load(path))
            } catch {
                writeError("fscript: \(error)\n")
                throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
            }
        }
        try run.execute()
    }

    /// Whether this run is the parent of workers: `--jobs` above one, or a pool of targets.
    var isParallel: Bool { !worker && !files.isEmpty && !dryRun && ((jobs ?? 1) > 1 || pool.count > 1) }

    /// Runs with the settings as they are (flags and the project file merged).
    private func execute() throws {
        if isParallel { return try executeParallel() }
        let session = ScriptSession()
        session.advertiseHost = advertiseHost
        let interactive = files.isEmpty && chunks.isEmpty && isatty(0) != 0
        // Caught before the start-up ping, so Ctrl-C during it ends the run (exit 130) too.
        if !interactive { SignalTrap.catch() }
        var options = TargetOptions(target: target, app: app)
        let target: String?
        do {
            // A dry run contacts no target, so an unreachable one is no reason to stop it.
            target = dryRun ? self.target : try options.resolve()
        } catch let interrupt as HostInterrupt {
            writeError("fscript: \(interrupt.message)\n")
            throw ExitCode(ScriptSession.ExitStatus.interrupted.rawValue)
        }
        let module = FrankModule.register(in: session.state, target: target, appPath: app, settings: settings)
        if let unreachable = options.unreachable {
            if settings.launchCommand != nil && !files.isEmpty {
                // Not up yet is expected: the launch command starts it before the first scenario.
                if reset == false { try launchOnce(module) }
            } else {
                writeError("fscript: \(unreachable)\n")
                guard !files.isEmpty else { throw ExitCode(ScriptSession.ExitStatus.usage.rawValue) }
                module.preset.markDown(unreachable)
            }
        }
        session.installDSL()
        for chunk in chunks {
            let status = session.run(chunk: chunk)
            guard status == .success else { throw ExitCode(status.rawValue) }
        }
        let status: ScriptSession.ExitStatus
        if worker {
            status = session.runWorker(runOptions)
        } else if !files.isEmpty {
            status = session.runTests(runOptions)
        } else if !chunks.isEmpty {
            status = .success
        } else if interactive {
            status = REPL(
                session: session, target: Self.describeTarget(target, app: app, launch: launch), recording: recording
            ).run()
        } else {
            status = session.runStandardInput()
        }
        guard status == .success else { throw ExitCode(status.rawValue) }
    }

    /// What the stdlib runner is handed.
    private var runOptions: ScriptSession.RunOptions {
        let color = isatty(1) != 0 && getenv("NO_COLOR") == nil
        let described = pool.isEmpty
            ? Self.describeTarget(target, app: app, launch: launch)
            : "a pool of \(pool.count) targets (\(pool.joined(separator: ", ")))"
        return .init(
            files: files, tags: tags, reports: reports, timeout: timeout ?? Self.defaultTimeout,
            wait: wait, validation: validation, artifacts: artifacts, color: color, reset: reset ?? true,
            target: described, app: app, arguments: arguments, dryRun: dryRun, strict: strict, shard: shard,
            durations: durations, jobs: pool.isEmpty ? jobs : pool.count, pool: !pool.isEmpty)
    }

    /// The parent of a parallel run drives no target itself: it lists the units (with the target marked down, so
    /// loading a file cannot touch it), starts the workers and writes the reports.
    private func executeParallel() throws {
        SignalTrap.catch()
        if !pool.isEmpty, let jobs, jobs != pool.count {
            writeError("fscript: --jobs \(jobs) with a pool of \(pool.count) targets: a pool runs one worker per target\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        if !pool.isEmpty, app != nil {
            writeError("fscript: --app runs the embedded simulator, so it cannot be combined with a pool of targets\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        let session = ScriptSession()
        let module = FrankModule.register(in: session.state, target: nil, appPath: nil, settings: settings)
        module.preset.markDown("the parent of a parallel run drives no target; its workers do")
        let run = ParallelRun(
            session: session, options: runOptions, jobs: pool.isEmpty ? (jobs ?? 1) : pool.count, pool: pool,
            workerArguments: { _, target in workerArguments(target: target) })
        let status = run.run()
        guard status == .success else { throw ExitCode(status.rawValue) }
    }

    /// A worker's command line (after `--worker`): the same run, one target, no reports, no sharding.
    func workerArguments(target poolTarget: String?) -> [String] {
        var list: [String] = []
        for chunk in chunks { list += ["-e", chunk] }
        if let tags { list += ["--tags", tags] }
        if let chosen = poolTarget ?? target { list += ["--target", chosen] }
        if let app { list += ["--app", app] }
        if let timeout { list += ["--timeout", String(timeout)] }
        if let artifacts { list += ["--artifacts", artifacts] }
        if reset == false { list.append("--no-reset") }
        if strict { list.append("--strict") }
        if let launch { list += ["--launch", launch] }
        if let resetExec { list += ["--reset-exec", resetExec] }
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { list += ["--env", "\(name)=\(value)"] }
        if let requestTimeout { list += ["--request-timeout", String(requestTimeout)] }
        if let pollInterval { list += ["--poll-interval", String(pollInterval)] }
        if let advertiseHost { list += ["--advertise-host", advertiseHost] }
        list += files
        if !arguments.isEmpty { list += ["--"] + arguments }
        return list
    }

    /// The console's first line: `http://10.0.5.2:37265 (relaunched by --launch)`, or the embedded simulator
    /// and its app file, so a log says at once what a run was against.
    static func describeTarget(_ target: String?, app: String?, launch: String?) -> String {
        if let target { return launch == nil ? target : "\(target) (relaunched by --launch)" }
        return "the embedded simulator running " + (app.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "the demo app")
    }

    /// With `--no-reset`, the launch command runs once, before the first file.
    private func launchOnce(_ module: FrankModule) throws {
        do {
            _ = try module.lifecycle.reset(module.preset, embedded: nil)
        } catch {
            writeError("fscript: \(error)\n")
            throw ExitCode(
                (error is HostInterrupt ? ScriptSession.ExitStatus.interrupted : .usage).rawValue)
        }
    }
}
