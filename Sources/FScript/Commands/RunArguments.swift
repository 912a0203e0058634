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
    /// `--timeout`.
    var timeout: Double = defaultTimeout
    /// `--artifacts`.
    var artifacts: String?
    /// The scripts and folders.
    var files: [String] = []
    /// What followed `--`: the scripts' own arguments.
    var arguments: [String] = []
    /// False with `--no-reset`.
    var reset = true
    /// `--launch`, `--reset-exec`, `--env`, `--request-timeout`, `--poll-interval`.
    var settings = TargetSettings()

    /// Runs the chunks, then the files through the runner; with neither, the REPL on a terminal or standard input.
    /// A status other than success is thrown as `ExitCode`.
    func run() throws {
        let session = ScriptSession()
        let interactive = files.isEmpty && chunks.isEmpty && isatty(0) != 0
        // Caught before the start-up ping, so Ctrl-C during it ends the run (exit 130) too.
        if !interactive { SignalTrap.catch() }
        var options = TargetOptions(target: target, app: app)
        let target: String?
        do {
            target = try options.resolve()
        } catch let interrupt as HostInterrupt {
            writeError("fscript: \(interrupt.message)\n")
            throw ExitCode(ScriptSession.ExitStatus.interrupted.rawValue)
        }
        let module = FrankModule.register(in: session.state, target: target, appPath: app, settings: settings)
        if let unreachable = options.unreachable {
            if settings.launchCommand != nil && !files.isEmpty {
                // Not up yet is expected: the launch command starts it before the first scenario.
                if !reset { try launchOnce(module) }
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
        if !files.isEmpty {
            let color = isatty(1) != 0 && getenv("NO_COLOR") == nil
            status = session.runTests(
                .init(
                    files: files, tags: tags, reports: reports, timeout: timeout, artifacts: artifacts, color: color,
                    reset: reset, arguments: arguments))
        } else if !chunks.isEmpty {
            status = .success
        } else if interactive {
            status = REPL(session: session).run()
        } else {
            status = session.runStandardInput()
        }
        guard status == .success else { throw ExitCode(status.rawValue) }
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
