import Foundation
import Frankly
import HTTPCore
import NIOCore
import NIOPosix
import Platform

/// The embedded Frankly target: an app described in Lua, run on its own thread and served over real HTTP.
///
/// `fscript` starts one in-process when no `--target` is given, `fscript serve` runs one alone, and
/// `frank.launch{app=, env=}` relaunches it with a fresh state. A Frank driver cannot tell it from an iOS app:
/// it answers the whole Frankly protocol, one request at a time, in arrival order.
///
/// ```swift
/// let simulator = try Simulator.start(environment: ["BACKEND_URL": backend.url])
/// defer { simulator.stop() }
/// print(simulator.url)  // http://127.0.0.1:52311
/// ```
public final class Simulator: Sendable {
    /// The HTTP server's address, e.g. `http://127.0.0.1:37265`.
    public var url: String { server.url }
    /// The port the server really listens on (never 0).
    public var port: Int { server.port }
    /// The address it listens on.
    public var host: String { server.host }

    private let server: HTTPServer
    private let group: MultiThreadedEventLoopGroup
    let loop: any EventLoop
    let appHost: NIOLoopBound<AppHost>
    private let httpClient: HTTPClient
    /// The app host's change count, readable without a hop to the loop.
    let changes: ChangeCount

    private init(
        server: HTTPServer, group: MultiThreadedEventLoopGroup, appHost: NIOLoopBound<AppHost>, changes: ChangeCount,
        httpClient: HTTPClient
    ) {
        self.server = server
        self.group = group
        self.loop = appHost.eventLoop
        self.appHost = appHost
        self.changes = changes
        self.httpClient = httpClient
    }

    /// Loads an app from Lua source (nil: the bundled demo app), launches it, and starts serving.
    ///
    /// - Parameters:
    ///   - appSource: the app file's bytes; nil for the demo app.
    ///   - chunkName: the name Lua error messages use for the file (`login.lua:12: …`).
    ///   - environment: the app's launch environment (`env.BACKEND_URL` in the app file).
    ///   - host: the address to bind; loopback unless a caller really wants otherwise.
    ///   - port: the port, 0 for a free one.
    ///   - onExit: called on the app thread when a client sends GET /exit (the server stops by itself).
    ///   - screen: shows that screen of the app file directly, in the same launch (one launch, not two).
    /// - Throws: `SimulatorError.load` with `file:line` when the app file does not load, or the bind error.
    public static func start(
        appSource: [UInt8]? = nil, chunkName: String = "demo.lua", environment: [String: String] = [:],
        host: String = "127.0.0.1", port: Int = 0, extensions: Bool = true, limits: ServerLimits = .standard,
        screen: String? = nil, onExit: (@Sendable () -> Void)? = nil
    ) throws -> Simulator {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        // The app's backend calls live on the app loop too: their answers need no hop to it, and none arrives
        // after `stop()` on a loop that has shut down.
        let httpClient = HTTPClient(group: loop)
        let source = appSource ?? PackageResources.demo_lua
        do {
            let (appHost, changes) = try loop.submit {
                let app = try AppLoader.load(
                    source: source, chunkName: chunkName, environment: environment, loop: loop, httpClient: httpClient)
                if let screen { try app.render(screen: screen) }
                let host = AppHost(app: app, loop: loop) { source, chunkName, environment in
                    try AppLoader.load(
                        source: source, chunkName: chunkName, environment: environment, loop: loop,
                        httpClient: httpClient)
                }
                return (NIOLoopBound(host, eventLoop: loop), host.changes.published)
            }.wait()
            let router = FranklyRouter(
                routes: extensions ? Self.routes : Self.franklyRoutes, host: appHost, loop: loop, extensions: extensions)
            // Connections live on the app loop too, so the router answers each request on the thread that read it.
            let server = try HTTPServer.start(host: host, port: port, responder: router, group: group, limits: limits)
            let simulator = Simulator(
                server: server, group: group, appHost: appHost, changes: changes, httpClient: httpClient)
            try loop.submit {
                appHost.value.onExit = { [weak simulator] in
                    // Stopping waits for the listener to close, which must not happen on the app thread.
                    if let simulator { DispatchQueue.global().async { simulator.server.stop() } }
                    onExit?()
                }
            }.wait()
            return simulator
        } catch {
            httpClient.shutdown()
            try? group.syncShutdownGracefully()
            throw error
        }
    }

    /// Loads the app file at `path` and starts serving it; see `start(appSource:…)`.
    public static func start(
        appPath: String, environment: [String: String] = [:], host: String = "127.0.0.1", port: Int = 0,
        extensions: Bool = true, limits: ServerLimits = .standard, screen: String? = nil,
        onExit: (@Sendable () -> Void)? = nil
    ) throws -> Simulator {
        return try start(
            appSource: try source(ofAppFile: appPath), chunkName: (appPath as NSString).lastPathComponent, environment: environment,
            host: host, port: port, extensions: extensions, limits: limits, screen: screen, onExit: onExit)
    }

    /// An app file's bytes, read only when it is a regular file of at most `appFileLimit` bytes (`~` expanded):
    /// the one read of an app file, for `start`, `relaunch` and `check`.
    static func source(ofAppFile appPath: String) throws -> [UInt8] {
        do {
            return try BoundedFile.read((appPath as NSString).expandingTildeInPath, limit: appFileLimit, what: "app file")
        } catch {
            throw SimulatorError.load("\(error)")
        }
    }

    /// The largest app file read: far beyond any app description, short of what would exhaust memory.
    static let appFileLimit = 16 << 20

    /// Quits the running app and launches a fresh one on the same URL: new views, no focus, no alerts, no
    /// pending timers or requests. `appSource` nil keeps the current app file; `environment` nil keeps the current
    /// environment; `screen` shows that screen of the app file directly. On a load error or an unknown screen the
    /// old app keeps running and the error is thrown.
    public func relaunch(
        appSource: [UInt8]? = nil, chunkName: String? = nil, environment: [String: String]? = nil, screen: String? = nil
    ) throws {
        let httpClient = httpClient
        let appHost = appHost
        let loop = loop
        try loop.submit {
            let current = appHost.value.app
            let app = try AppLoader.load(
                source: appSource ?? current.source, chunkName: chunkName ?? current.chunkName,
                environment: environment ?? current.environment, loop: loop, httpClient: httpClient)
            if let screen { try app.render(screen: screen) }
            current.hasExited = true
            appHost.value.app = app
        }.wait()
    }

    /// The bundled demo app's source, for a relaunch that goes back to it.
    public static var demoAppSource: [UInt8] { PackageResources.demo_lua }

    /// Relaunches with the app file at `path`; see `relaunch(appSource:…)`.
    public func relaunch(appPath: String, environment: [String: String]? = nil, screen: String? = nil) throws {
        try relaunch(
            appSource: try Self.source(ofAppFile: appPath), chunkName: (appPath as NSString).lastPathComponent, environment: environment,
            screen: screen)
    }

    /// Stops serving and ends the app thread; safe to call twice.
    public func stop() {
        let appHost = appHost
        loop.execute { appHost.value.changes.releaseAll() }
        server.stop()
        httpClient.shutdown()
        group.shutdownGracefully { _ in }
    }

    /// Blocks until the server stops (GET /exit, or `stop()` from another thread).
    public func wait() throws {
        try server.wait()
    }

    /// fscript's own endpoints, which a real Frank server does not have.
    static let extensionPaths: Set<String> = ["/idle", "/launch", "/memory_warning"]

    /// Only what a real Frank server answers: none of fscript's extensions, no change count
    /// (`serve --no-extensions`).
    static var franklyRoutes: [Route] {
        routes.filter { !extensionPaths.contains($0.path) }
    }

    static var routes: [Route] {
        [MapRoute.route, KeyboardRoute.route, IdleRoute.route, ScreenshotRoute.route]
            + DumpRoutes.all + DeviceRoutes.all + OrientationRoutes.all + LifecycleRoutes.all
    }
}

/// One thing that keeps the simulated app from being idle, as `/idle` lists it.
public struct SimulatorActivity: Sendable, Equatable {
    /// `animation` or `network`.
    public var kind: String
    /// What it is: `UIActivityIndicatorView 'Loading'`, `POST /api/login`.
    public var what: String
    /// For a timed animation, the milliseconds it has left.
    public var remainingMilliseconds: Int?
}

/// The simulator could not start or relaunch.
public enum SimulatorError: Error, CustomStringConvertible, Sendable {
    /// The app file does not load: a Lua syntax or runtime error (`demo.lua:12: …`) or an invalid description.
    case load(String)

    /// The message, with the app file's `file:line` where Lua gave one.
    public var description: String {
        switch self {
        case .load(let message): return "cannot load app: \(message)"
        }
    }
}
