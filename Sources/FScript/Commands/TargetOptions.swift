import ArgumentParser
import Frankly
import HTTPCore
import Platform
import Simulator

#if canImport(Glibc)
import Glibc
#endif

/// `--target URL` / `FSCRIPT_TARGET` and `--app FILE`, checked before any script runs.
///
/// A remote target is pinged before the scripts start. An unreachable one is an infrastructure error (exit 2)
/// that says what to do: a chunk or the REPL stops there, a test run still runs so that every scenario shows in
/// the reports as an error with the cause (`unreachable`). The embedded simulator is not started here: it
/// starts on the script's first use of `app`, so `fscript -e ''` stays instant.
struct TargetOptions {
    /// `--target`, if given.
    var target: String?
    /// `--app`, if given.
    var app: String?
    /// The project file that named `app` (`app = …` there), when it did not come from `--app`.
    var appOrigin: String?
    /// The run's launch environment (`--env`, the project file's `env`), which the app file's top level may read.
    var environment: [String: String] = [:]

    /// Why the target did not answer the start-up ping, worded for the user; set by `resolve()`.
    private(set) var unreachable: String?

    /// `FSCRIPT_TARGET` when set and not empty: the target of a run without `--target` or `--app`, which
    /// `RunArguments.apply` folds into `target` (so `resolve` reads `target` alone, and `--app` wins over it).
    static func environmentTarget() -> String? {
        getenv("FSCRIPT_TARGET").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The target URL to drive, or nil for the embedded simulator; throws `ExitCode(2)` after printing why for
    /// a usage error.
    mutating func resolve() throws -> String? {
        guard let url = target else {
            if let app { try checkApp(app) }
            return nil
        }
        if app != nil {
            writeError("fscript: --app runs the embedded simulator, so it cannot be combined with --target \(url)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        // A WebDriver server is not a Frankly one: its session starts on first use, and says then why it cannot.
        if url.hasPrefix(FrankModule.webDriverPrefix) {
            let rest = url.dropFirst(FrankModule.webDriverPrefix.count)
            guard rest.hasPrefix("http://") || rest.hasPrefix("https://") else {
                writeError("fscript: --target \(url): a WebDriver target is webdriver:http://HOST:PORT (a Grid, Appium "
                    + "or chromedriver URL)\n")
                throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
            }
            return url
        }
        do {
            // The shared pool keeps the connection for the script, which also suits servers that serve one at a time.
            try FranklyClient(baseURL: url, timeout: 5, http: TargetConnector.sharedHTTP).ping()
        } catch let error as FranklyClientError {
            if case .transport(_, let cause) = error {
                unreachable = FrankError.unreachable(url: url, cause: cause.description)
            }
            // Anything that answers HTTP is there; whether it speaks Frankly shows in the first call.
        }
        return url
    }

    /// Stops the run (exit 2) before its first scenario when the app file cannot be opened (naming `--app` or the
    /// project file that gave it) or does not load, with one line naming it by its path and line: `fscript: cannot
    /// load app: apps/food.lua:40: screens.menu[3].on_tuch: unknown key 'on_tuch'; did you mean 'on_touch'?`.
    /// Without it the first step failed on the simulator that would not start, with a traceback through the
    /// stdlib, and every scenario counted as failed. The parent of a parallel run calls it too, so no worker
    /// starts. Ctrl-C while the file's top level runs is exit 130.
    func checkApp(_ app: String) throws {
        if access(app, R_OK) != 0 {
            let reason = String(cString: strerror(errno))
            let check = appOrigin.map { "check app = … in the project file \($0) (relative to its folder)" }
            writeError("fscript: cannot open app file \(app) (\(reason)); \(check ?? "check --app")\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        do {
            try Simulator.check(appPath: app, environment: environment)
        } catch {
            if Interruption.isPending {
                writeError("fscript: interrupted\n")
                throw ExitCode(ScriptSession.ExitStatus.interrupted.rawValue)
            }
            writeError("fscript: \(error)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
    }
}
