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

    /// The launch environment the current scenario added (`frank.launch{env}`, the mock backend's `BACKEND_URL`),
    /// on top of the run's: every relaunch in the scenario keeps it, and the next scenario's reset clears it.
    private(set) var scenarioEnvironment: [String: String] = [:]
    /// The fresh launch that waits for the app's first use (see `defer(_:)`), if any.
    private(set) var pending: PendingLaunch?
    /// Why a remote target cannot be reset, once a reset found out: later resets say so at once.
    private var notResettable: String?

    /// A launch put off until a script first talks to the app.
    enum PendingLaunch {
        /// A fresh app as the run launched it (its app file), with the scenario's environment.
        case reset
        /// A relaunch of the current app file with the scenario's environment.
        case launch
    }

    /// Forgets what the scenario added to the launch environment (`frank.launch{keep_env = false}`).
    func clearScenarioEnvironment() {
        scenarioEnvironment = [:]
    }

    /// `base` with the scenario's environment on top.
    private func withScenario(_ base: [String: String]) -> [String: String] {
        base.merging(scenarioEnvironment) { $1 }
    }

    /// `frank.launch{env, screen}`: relaunches with the run's environment, the scenario's and `changes`, showing
    /// `screen` of the app file directly when given (the simulator and `fscript serve` only: a real app renders a
    /// screen through its own code, `screen{render = {app_exec = …}}`). With `lazy`, the relaunch waits for the
    /// app's first use, so what a scenario declares first (its mock backend and stubs) is in place when the fresh
    /// app sends its launch-time requests.
    func launch(
        _ app: AppObject, embedded: EmbeddedTarget?, appPath: String?, environment changes: [String: String],
        screen: String? = nil, lazy: Bool = false
    ) throws {
        scenarioEnvironment.merge(changes) { $1 }
        if lazy && appPath == nil && screen == nil {
            if pending == nil { self.defer(.launch, app: app, embedded: embedded) }
            return
        }
        // Before the app's first use this launch *is* the scenario's fresh launch, never a second one: a reset
        // still waiting becomes this launch (the run's app file, with the scenario's environment and `screen`).
        let resetWaiting = pending == .reset
        pending = nil
        app.beforeFirstUse = nil
        if resetWaiting && appPath == nil, let embedded {
            app.connector.down = nil
            app.hasIdleEndpoint = nil
            try embedded.reset(environment: withScenario(embedded.launchEnvironment), screen: screen)
            return
        }
        try launchNow(app, embedded: embedded, appPath: appPath, screen: screen)
    }

    private func launchNow(_ app: AppObject, embedded: EmbeddedTarget?, appPath: String?, screen: String?) throws {
        app.connector.down = nil
        app.hasIdleEndpoint = nil
        if let embedded {
            try embedded.relaunch(
                appPath: appPath, environment: withScenario(embedded.launchEnvironment), screen: screen)
            return
        }
        if appPath != nil {
            throw FrankError("frank.launch: app = … chooses the embedded simulator's app file; the target is "
                + "\(app.displayURL) (--target), which runs its own app")
        }
        let client = try app.connector.client()
        if let launchCommand, screen == nil {
            try relaunch(app, with: launchCommand, environment: withScenario(environment), client: client)
            return
        }
        guard try app.call("launch", { try $0.launch(environment: remoteEnvironment, screen: screen) }) else {
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

    /// What `POST /launch` is sent: nil (the server's own environment) unless the run or the scenario adds names,
    /// which the server puts over its own.
    private var remoteEnvironment: [String: String]? {
        let merged = withScenario(environment)
        return merged.isEmpty ? nil : merged
    }

    /// Puts the app back to a fresh launch as the run launched it; returns why it could not, or nil when it did.
    /// `keepEnvironment` keeps the scenario's launch environment (Frank's "I launch the app" in a scenario that
    /// set up a mock backend); without it the scenario's additions are forgotten (the runner, before a scenario).
    /// With `lazy` the launch waits for the app's first use.
    func reset(_ app: AppObject, embedded: EmbeddedTarget?, keepEnvironment: Bool = false, lazy: Bool = false) throws
        -> String?
    {
        if !keepEnvironment { scenarioEnvironment = [:] }
        if lazy {
            if embedded == nil && launchCommand == nil {
                if app.connector.down != nil { return nil }
                if let notResettable { return notResettable }
            }
            self.defer(.reset, app: app, embedded: embedded)
            return nil
        }
        pending = nil
        app.beforeFirstUse = nil
        return try resetNow(app, embedded: embedded)
    }

    /// Whether a fresh launch waits for the app's first use (`frank.launch_pending()`).
    var isPending: Bool { pending != nil }

    private func `defer`(_ launch: PendingLaunch, app: AppObject, embedded: EmbeddedTarget?) {
        pending = launch
        app.beforeFirstUse = { [unowned self, unowned app] in try self.firePending(app, embedded: embedded) }
    }

    /// Runs the launch that waited; a target that turns out not to be resettable is noted for later resets.
    private func firePending(_ app: AppObject, embedded: EmbeddedTarget?) throws {
        guard let launch = pending else { return }
        pending = nil
        app.beforeFirstUse = nil
        switch launch {
        case .reset: notResettable = try resetNow(app, embedded: embedded)
        case .launch: try launchNow(app, embedded: embedded, appPath: nil, screen: nil)
        }
    }

    private func resetNow(_ app: AppObject, embedded: EmbeddedTarget?) throws -> String? {
        if let embedded {
            app.hasIdleEndpoint = nil
            try embedded.reset(environment: withScenario(embedded.launchEnvironment))
            return nil
        }
        if let launchCommand {
            app.connector.down = nil
            let client = try app.connector.client()
            try relaunch(app, with: launchCommand, environment: withScenario(environment), client: client)
            return nil
        }
        if app.connector.down != nil { return nil }
        // A web target starting for this reset leaves its page to the launch below, so the page loads once.
        if case .web(let target) = app.connector.source, target.url == nil { target.opensPage = false }
        let client = try app.connector.client()
        if try app.call("reset", { try $0.launch(environment: remoteEnvironment) }) { return nil }
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
                _ = try client.map("view", method: OperationCatalog.accessibilityLabel.selector)
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
