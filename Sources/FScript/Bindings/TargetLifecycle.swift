import Frankly

/// How fscript launches and resets the app behind the preset `app`, whatever the target is.
///
/// - The embedded simulator relaunches in-process.
/// - With `--launch 'COMMAND'` (a real app), the command relaunches it, after which fscript waits until the
///   target answers a ping and a `/map` (as Frank's `wait_for_frank_to_come_up` does).
/// - A remote target with fscript's lifecycle extension (`fscript serve`) relaunches through `POST /launch`.
/// - A real app can also reset itself through an `app_exec` method (`--reset-exec METHOD`).
/// - Otherwise the app is not reset, and `reset()` says why so the runner can say it once.
final class TargetLifecycle {
    /// `--launch`, when given.
    var launchCommand: LaunchCommand?
    /// `--reset-exec`, when given.
    var resetExec: String?
    /// The run's launch environment for a launch command (`--env`, the project file); `frank.launch{env}` adds to it.
    var environment: [String: String] = [:]
    /// Seconds to wait for a launched app to answer.
    var answerLimit: Double = 60

    /// `frank.launch{env, screen}`: relaunches with `environment` (nil: the run's own), showing `screen` of the
    /// app file directly when given (the simulator and `fscript serve` only: a real app renders a screen through
    /// its own code, `screen{render = {app_exec = …}}`).
    func launch(
        _ app: AppObject, embedded: EmbeddedTarget?, appPath: String?, environment: [String: String]?,
        screen: String? = nil
    ) throws {
        app.connector.down = nil
        app.hasIdleEndpoint = nil
        if let embedded {
            try embedded.relaunch(appPath: appPath, environment: environment ?? embedded.launchEnvironment, screen: screen)
            return
        }
        if appPath != nil {
            throw FrankError("frank.launch: app = … chooses the embedded simulator's app file; the target is "
                + "\(app.displayURL) (--target), which runs its own app")
        }
        let client = try app.connector.client()
        if let launchCommand, screen == nil {
            var merged = self.environment
            for (name, value) in environment ?? [:] { merged[name] = value }
            try relaunch(app, with: launchCommand, environment: merged, client: client)
            return
        }
        guard try app.call("launch", { try $0.launch(environment: environment, screen: screen) }) else {
            if let screen {
                throw FrankError(
                    "frank.launch: cannot render the '\(screen)' screen on \(client.baseURL): it has no /launch (a real "
                        + "Frank server has none); say how the app shows it: screen{render = {app_exec = \"METHOD\"}}")
            }
            throw FrankError(
                "frank.launch: the target \(client.baseURL) cannot be launched from a script (it has no /launch, "
                    + "as a real Frank server has none); give fscript the command that launches it: "
                    + "--launch 'COMMAND' (the launch environment is exported to it)")
        }
    }

    /// Puts the app back to a fresh launch before a scenario; returns why it could not, or nil when it did.
    func reset(_ app: AppObject, embedded: EmbeddedTarget?) throws -> String? {
        if let embedded {
            app.hasIdleEndpoint = nil
            try embedded.reset()
            return nil
        }
        if let launchCommand {
            app.connector.down = nil
            let client = try app.connector.client()
            try relaunch(app, with: launchCommand, environment: environment, client: client)
            return nil
        }
        if app.connector.down != nil { return nil }
        let client = try app.connector.client()
        if try app.call("reset", { try $0.launch(environment: nil) }) { return nil }
        if let resetExec {
            _ = try app.call("reset") { try $0.appExec(resetExec) }
            return nil
        }
        return "the target \(client.baseURL) is not reset between scenarios: it has no /launch, and neither "
            + "--launch 'COMMAND' nor --reset-exec METHOD says how to reset it"
    }

    /// Runs the launch command and waits for the app. A command that fails, or an app that never answers, makes
    /// the target down for the rest of the run (an infrastructure error, exit 2), so later scenarios do not
    /// launch a broken setup again; Ctrl-C and the test deadline pass through as they are.
    private func relaunch(
        _ app: AppObject, with command: LaunchCommand, environment: [String: String], client: FranklyClient
    ) throws {
        do {
            try command.run(environment: environment, target: client.baseURL)
            try waitUntilAnswering(app, client: client)
        } catch let error as FrankError {
            app.connector.down = error.description
            throw error
        }
    }

    /// Waits until the relaunched app answers a ping and a `/map`, polling every 100 ms.
    private func waitUntilAnswering(_ app: AppObject, client: FranklyClient) throws {
        var last = "no answer yet"
        let answered = try Poller.poll(timeout: answerLimit, interval: 0.1) {
            do {
                try client.ping()
                _ = try client.map("view", method: "accessibilityLabel")
                return true
            } catch let error as FranklyClientError {
                last = error.cause
                return false
            }
        }
        guard answered else {
            throw FrankError(
                "--launch: the app at \(client.baseURL) did not answer within \(InterruptGuard.seconds(answerLimit)) s "
                    + "of the launch command (\(last))")
        }
    }
}
