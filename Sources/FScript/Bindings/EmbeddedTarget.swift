import Frankly
import HTTPCore
import Simulator

/// The simulator fscript runs in-process when no `--target` is given: the bundled demo app or `--app FILE`.
///
/// It starts on first use (the first request of the preset `app`), on a free loopback port, so scripts that
/// never drive an app pay nothing. `frank.launch{app=, env=}` relaunches it with a fresh app state and a new
/// launch environment, the way a UI test launches its app with arguments; the URL stays the same.
final class EmbeddedTarget {
    /// The app file, or nil for the bundled demo app.
    private(set) var appPath: String?
    /// The launch environment of the next start.
    private(set) var environment: [String: String]
    /// The run's launch environment (`--env`, the project file): what a reset goes back to.
    let launchEnvironment: [String: String]
    private var simulator: Simulator?
    /// The app file the run started with: a reset goes back to it too.
    private let launchAppPath: String?

    init(appPath: String?, environment: [String: String] = [:]) {
        self.appPath = appPath
        self.environment = environment
        launchEnvironment = environment
        launchAppPath = appPath
    }

    /// A fresh app of the run's app file with `environment` (the run's, and what the scenario added), before a
    /// scenario; `screen` shows that screen of it directly. Nothing to do while the simulator has not started: it will start fresh. Measured in `scripts/bench
    /// waits` (relaunch).
    func reset(environment newEnvironment: [String: String], screen: String? = nil) throws {
        guard let simulator else {
            appPath = launchAppPath
            environment = newEnvironment
            if screen != nil { _ = try start(screen: screen) }
            return
        }
        guard launchAppPath == nil, appPath != nil else {
            try relaunch(appPath: launchAppPath, environment: newEnvironment, screen: screen)
            return
        }
        // A scenario switched to another app file (frank.launch{app = …}); the run started with the demo app.
        appPath = nil
        environment = newEnvironment
        do {
            try simulator.relaunch(
                appSource: Simulator.demoAppSource, chunkName: "demo.lua", environment: environment, screen: screen)
        } catch {
            throw FrankError("frank.reset: \(error)")
        }
    }

    /// The URL once the simulator runs, else nil.
    var url: String? { simulator?.url }
    /// The client for the preset `app`, with connections of its own that end with this simulator.
    private(set) var http: HTTPClient?

    /// Starts the simulator if needed and returns its URL; `screen` shows that screen of the app file in the
    /// same launch.
    func start(screen: String? = nil) throws -> String {
        if let simulator { return simulator.url }
        let started: Simulator
        do {
            if let appPath {
                started = try Simulator.start(
                    appPath: appPath, environment: environment, host: "127.0.0.1", port: 0, screen: screen)
            } else {
                started = try Simulator.start(environment: environment, host: "127.0.0.1", port: 0, screen: screen)
            }
        } catch {
            throw FrankError("cannot start the embedded simulator: \(error)")
        }
        simulator = started
        http = HTTPClient()
        return started.url
    }

    /// Quits the app and launches it afresh with `environment`; `appPath` nil keeps the current app file;
    /// `screen` shows that screen of the app file directly.
    func relaunch(appPath newPath: String?, environment newEnvironment: [String: String], screen: String? = nil) throws {
        if let newPath { appPath = newPath }
        environment = newEnvironment
        guard let simulator else {
            // The first launch of the run shows the screen itself: a start and then a relaunch were two launches.
            _ = try start(screen: screen)
            return
        }
        do {
            if let appPath {
                try simulator.relaunch(appPath: appPath, environment: environment, screen: screen)
            } else {
                try simulator.relaunch(environment: environment, screen: screen)
            }
        } catch {
            throw FrankError("frank.launch: \(error)")
        }
    }

    /// The running simulator's key window tree, read in-process (nil before it starts): for the trace, which reads
    /// it after every step that changed the screen.
    func keyWindowTree() throws -> DumpNode? {
        try simulator?.keyWindowTree()
    }

    /// The screen frames of the views `selector` matches in the running simulator, read in-process (nil before it
    /// starts).
    func accessibilityFrames(matching selector: String) throws -> [Frankly.Rect]? {
        try simulator?.accessibilityFrames(matching: selector)
    }

    /// The running simulator's change count, read in-process (nil before it starts).
    var changeCount: UInt64? { simulator?.changeCount }

    /// Stops the simulator if it runs.
    func stop() {
        http?.shutdown()
        http = nil
        simulator?.stop()
        simulator = nil
    }

    deinit {
        stop()
    }
}
