import ArgumentParser
import Foundation
import WebTarget

#if canImport(Glibc)
import Glibc
#endif

/// What `fscript [run]` was asked to do, as plain values, and doing it.
///
/// `RunCommand` fills it from ArgumentParser; `init?(simpleCommandLine:)` fills it without ArgumentParser for the
/// command lines that need none (`fscript -e CODE`, `fscript FILE.lua`), because ArgumentParser's reflection is
/// about half of the start-up time of such a run. Either way the same `run()` does the work.
struct RunArguments: Equatable {
    /// `-e` chunks, in order.
    var chunks: [String] = []
    /// `--target`.
    var target: String?
    /// `--app`.
    var app: String?
    /// The project file `app` came from, when it did not come from `--app`: errors about it name the file.
    var appOrigin: String?
    /// `--report`, in order.
    var reports: [String] = []
    /// The scripts and folders.
    var files: [String] = []
    /// What followed `--`: the scripts' own arguments.
    var arguments: [String] = []
    /// `--env`, added to the project file's.
    var environment: [String: String] = [:]
    /// The declared run settings (`RunSetting.all`): the flags' layer, then, after `apply`, every layer merged.
    var settings = RunSettingValues()
    /// `--dry-run`: check the Gherkin steps against the catalog; nothing runs and no target is contacted.
    var dryRun = false
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
    var targetSettings: TargetSettings {
        TargetSettings(settings, environment: environment)
    }

    /// Fills what the command line left open from the project file and the environment: a flag wins over the
    /// environment, which wins over the file. `environmentTarget` is `FSCRIPT_TARGET`, the target of a run whose
    /// command line and project file name none.
    mutating func apply(
        _ project: ProjectFile, environment variables: RunSettingValues = RunSettingValues(),
        environmentTarget: String? = nil
    ) {
        // --app on the command line means the embedded simulator, whatever target the file or FSCRIPT_TARGET
        // names, and back; FSCRIPT_TARGET wins over the file's target, pool and app, as --target does.
        let given = (target: target ?? (app == nil ? environmentTarget : nil), app: app)
        if pool.isEmpty && given.target == nil && given.app == nil && project.targets.count > 1 && !worker {
            pool = project.targets
        }
        target = given.target ?? (given.app == nil ? project.target ?? project.targets.first : nil)
        app = given.app ?? (given.target == nil ? project.app : nil)
        if given.app == nil && app != nil { appOrigin = project.path }
        if reports.isEmpty { reports = project.reports }
        environment = project.environment.merging(environment) { $1 }
        let flags = settings
        settings = project.settings.overlaid(by: variables).overlaid(by: settings)
        // The file's (or the environment's) web_proxy is for its web target: a run without one (a Frankly
        // --target or FSCRIPT_TARGET) ignores it, as it ignores the file's `web`. The flag is still checked.
        if flags[RunSetting.webProxy] == nil && !Self.hasWebTarget(target: target, web: settings.text(.web)) {
            settings[RunSetting.webProxy] = nil
        }
    }

    /// Runs the chunks, then the files through the runner; with neither, the REPL on a terminal or standard input.
    /// A status other than success is thrown as `ExitCode`.
    func run() throws {
        var run = self
        do {
            let variables = try RunSettingValues.environment { getenv($0).map { String(cString: $0) } }
            // The REPL (no files, no chunks) reads the project file of the folder it starts in, as a run of it would.
            let replProject = chunks.isEmpty ? ProjectFile.inCurrentFolder() : nil
            let found = files.isEmpty ? replProject : ProjectFile.find(from: files)
            let project = try found.map { try ProjectFile.load($0) }
            if !worker {
                for path in ProjectFile.nested(in: files.filter(Self.isFolder), besides: found) {
                    let nested = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
                    let parent = (nested as NSString).deletingLastPathComponent
                    let folder = parent.isEmpty ? "." : parent
                    writeError(
                        "fscript: note: \(nested) is not read by this run, which "
                            + (found.map { "reads \($0)" } ?? "has no project file")
                            + ": a run reads one project file, found upward from its first path; run `fscript "
                            + "\(folder)/` for that suite's settings\n")
                }
            }
            run.apply(
                project ?? ProjectFile(path: ""), environment: variables,
                environmentTarget: TargetOptions.environmentTarget())
        } catch {
            writeError("fscript: \(error)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        try run.execute()
    }

    /// Whether `path` is a folder (a suite run expands it to its test files).
    private static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// Whether this run is the parent of workers: `--jobs` above one, or a pool of targets.
    var isParallel: Bool { !worker && !files.isEmpty && !dryRun && ((jobs ?? 1) > 1 || pool.count > 1) }

    /// Runs with the settings as they are (flags and the project file merged).
    private func execute() throws {
        if isParallel { return try seedingRandomOrder().executeParallel() }
        let session = ScriptSession()
        session.advertiseHost = settings.text(.advertiseHost)
        let interactive = files.isEmpty && chunks.isEmpty && isatty(0) != 0
        // Caught before the start-up ping, so Ctrl-C during it ends the run (exit 130) too.
        if !interactive { SignalTrap.catch() }
        var options = TargetOptions(target: target, app: app, appOrigin: appOrigin, environment: environment)
        let target: String?
        do {
            // A dry run contacts no target, so an unreachable one is no reason to stop it.
            target = dryRun ? self.target : try options.resolve()
        } catch let interrupt as HostInterrupt {
            writeError("fscript: \(interrupt.message)\n")
            throw ExitCode(ScriptSession.ExitStatus.interrupted.rawValue)
        }
        if let backend = settings.text(.webBackend), let problem = WebApp.originProblem(backend) {
            writeError("fscript: --web-backend (web_backend) \(problem)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        if let capabilities = settings.text(.capabilities) {
            // Checked where it enters, before any browser starts: a file that cannot be a session's capabilities.
            do {
                _ = try WebTargetHost.capabilities(from: capabilities)
            } catch {
                writeError("fscript: \(error)\n")
                throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
            }
        }
        if settings.flag(.webProxy), let problem = Self.webProxyProblem(target: target, web: settings.text(.web)) {
            writeError("fscript: --web-proxy (web_proxy) \(problem)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        let module = FrankModule.register(in: session.state, target: target, appPath: app, settings: targetSettings)
        session.drivesWeb = module.web != nil
        if let web = module.web, web.usesProxy { session.browserProxy = { try web.browserProxy() } }
        // A web target's browser is a child process: ended here on every way out of the run (reports written,
        // Ctrl-C, an error), not left to the watchdog that covers fscript dying.
        defer { module.web?.stop() }
        if let unreachable = options.unreachable {
            if settings.text(.launch) != nil && !files.isEmpty {
                // Not up yet is expected: the launch command starts it before the first scenario.
                if !settings.flag(.reset) { try launchOnce(module) }
            } else {
                writeError("fscript: \(unreachable)\n")
                guard !files.isEmpty else { throw ExitCode(ScriptSession.ExitStatus.usage.rawValue) }
                module.preset.markDown(unreachable)
            }
        }
        session.installDSL()
        for chunk in chunks {
            let status = session.run(chunk: chunk)
            // A web target that did not launch is the run's setup failing, as an unreachable --target is.
            if status == .failure, case .web = module.preset.connector.source, module.preset.connector.down != nil {
                throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
            }
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
                session: session, target: Self.describeTarget(target, app: app, launch: settings.text(.launch), web: settings.text(.web)), recording: recording,
                runCommand: InspectCommand.runCommand(target: target, app: app, web: settings.text(.web), record: recording)
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
            ? Self.describeTarget(target, app: app, launch: settings.text(.launch), web: settings.text(.web))
            : "a pool of \(pool.count) targets (\(pool.joined(separator: ", ")))"
        return .init(
            files: files, settings: settings, reports: reports, color: color, target: described, app: app,
            arguments: arguments, dryRun: dryRun, shard: shard, durations: durations,
            jobs: pool.isEmpty ? jobs : pool.count, pool: !pool.isEmpty)
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
        // A broken app file stops the run here, as a serial run's TargetOptions.resolve does, before any worker.
        if pool.isEmpty, target == nil, let app {
            try TargetOptions(target: nil, app: app, appOrigin: appOrigin, environment: environment).checkApp(app)
        }
        let session = ScriptSession()
        let module = FrankModule.register(in: session.state, target: nil, appPath: nil, settings: targetSettings)
        module.preset.markDown("the parent of a parallel run drives no target; its workers do")
        let run = ParallelRun(
            session: session, options: runOptions, jobs: pool.isEmpty ? (jobs ?? 1) : pool.count, pool: pool,
            workerArguments: { _, target in workerArguments(target: target) })
        let status = run.run()
        guard status == .success else { throw ExitCode(status.rawValue) }
    }

    /// These arguments with `--order random` given its seed: the parent of a parallel run picks one for the whole
    /// run, so every worker shuffles the same way and the parent prints it once.
    func seedingRandomOrder() -> Self {
        guard settings.text(.order) == "random" else { return self }
        var seeded = self
        seeded.settings[RunSetting.order] = .text("random:\(Int.random(in: 0..<1_000_000))")
        return seeded
    }

    /// A worker's command line (after `--worker`): the same run, one target, no reports, no sharding. Every
    /// declared setting comes from `settings`, so a worker cannot miss one its parent had.
    func workerArguments(target poolTarget: String?) -> [String] {
        var list: [String] = []
        for chunk in chunks { list += ["-e", chunk] }
        if let chosen = poolTarget ?? target { list += ["--target", chosen] }
        if let app { list += ["--app", app] }
        list += settings.arguments()
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { list += ["--env", "\(name)=\(value)"] }
        list += files
        if !arguments.isEmpty { list += ["--"] + arguments }
        return list
    }

    /// The console's first line: `http://10.0.5.2:37265 (relaunched by --launch)`, or the embedded simulator
    /// and its app file, so a log says at once what a run was against.
    static func describeTarget(_ target: String?, app: String?, launch: String?, web: String? = nil) -> String {
        if let target, target.hasPrefix(FrankModule.webDriverPrefix) {
            return "\(target) (WebDriver)" + (web.map { ", opening \($0)" } ?? "")
        }
        if let web, target == nil { return "\(web) in headless Chromium" }
        if let target { return launch == nil ? target : "\(target) (relaunched by --launch)" }
        return "the embedded simulator running " + (app.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "the demo app")
    }

    /// Whether the run drives a web target: `--target webdriver:URL`, or `--web` without a `--target`
    /// (`FrankModule.webTarget`).
    static func hasWebTarget(target: String?, web: String?) -> Bool {
        if let target { return target.hasPrefix(FrankModule.webDriverPrefix) }
        return web != nil
    }

    /// Why `web_proxy` cannot apply to this run, or nil when it can: it sets up the Chromium fscript starts
    /// (`--web` without `--target`). A `webdriver:` server's browser runs elsewhere and cannot reach this
    /// machine's 127.0.0.1, where the proxy listens; its own proxy goes in its capabilities.
    static func webProxyProblem(target: String?, web: String?) -> String? {
        if let target, target.hasPrefix(FrankModule.webDriverPrefix) {
            return "routes the Chromium fscript starts itself (--web without --target); a WebDriver server's "
                + "browser cannot reach fscript's proxy on 127.0.0.1: give its browser a proxy in --capabilities "
                + "(\"proxy\": {\"proxyType\": \"manual\", \"httpProxy\": …, \"sslProxy\": …}) pointing at an "
                + "`fscript mock --enable-browser-proxying` it can reach"
        }
        if let target {
            return "routes the Chromium of a web target, and --target \(target) is a Frankly app, which opens no "
                + "page (--web is ignored with it): leave out --web-proxy, or --target to run --web URL|DIR"
        }
        guard web != nil else {
            return "routes the Chromium of a web target: give --web URL|DIR too"
        }
        return nil
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
