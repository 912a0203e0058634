import Frankly
import HTTPCore
import NIOCore

/// One Frankly endpoint: the methods and path it answers, and a handler that runs on the app loop.
///
/// A handler gets the request and the host (the app running now) and either answers or throws a `RouteError`
/// (an ERROR envelope). `prefix` routes also answer the paths below theirs (`/dump/view/UID`).
struct Route: Sendable {
    var methods: Set<String>
    var path: String
    var prefix = false
    /// True for routes that never change the app (reads); the router counts a change after every other route.
    /// `/map` says so itself, per operation.
    var observesOnly = false
    var handle: @Sendable (HTTPRequest, AppHost) throws -> HTTPResponse

    init(
        methods: Set<String>, path: String, prefix: Bool = false, observesOnly: Bool? = nil,
        handle: @escaping @Sendable (HTTPRequest, AppHost) throws -> HTTPResponse
    ) {
        self.methods = methods
        self.path = path
        self.prefix = prefix
        self.observesOnly = observesOnly ?? methods.isSubset(of: ["GET", "HEAD"])
        self.handle = handle
    }

    /// The path as a router template: a prefix route's path followed by `**`.
    var template: String { prefix ? (path == "/" ? "/**" : path + "/**") : path }

    /// The routes in one router, read as Frank servers read paths: trailing slashes ignored (`/map/` is `/map`).
    /// The first route listed for a method and path wins, as when the list was searched in order.
    static func router(_ routes: [Route]) -> Router<Route> {
        var router = Router<Route>(paths: .ignoringTrailingSlash)
        for route in routes { router.add(route.methods.sorted(), route.template, route) }
        return router
    }
}

/// The simulator's HTTP responder: finds the route for a request and runs it on the app's event loop, so the app
/// answers one request at a time in arrival order, as a real app's main thread does.
///
/// The simulator serves its connections on that same loop, so a request is answered where it is read, with no
/// hop to another thread and back; a server on other loops still gets the answer, through `submit`.
struct FranklyRouter: HTTPResponder {
    let routes: Router<Route>
    let host: NIOLoopBound<AppHost>
    let loop: any EventLoop
    /// False: answer as a plain Frank server, without fscript's extensions (no change count on answers).
    var extensions = true

    init(routes: [Route], host: NIOLoopBound<AppHost>, loop: any EventLoop, extensions: Bool = true) {
        self.routes = Route.router(routes)
        self.host = host
        self.loop = loop
        self.extensions = extensions
    }

    func respond(to request: HTTPRequest, on eventLoop: any EventLoop) -> EventLoopFuture<HTTPResponse> {
        let extensions = extensions
        if loop.inEventLoop, !extensions || !Self.mayWait(request) {
            return eventLoop.makeSucceededFuture(
                Self.answer(request, routes: routes, host: host.value, stamp: extensions))
        }
        let routes = routes
        let host = host
        return loop.flatSubmit {
            let app = host.value
            guard extensions else {
                return loop.makeSucceededFuture(Self.answer(request, routes: routes, host: app, stamp: false))
            }
            let wait: ChangeWait?
            do {
                wait = try ChangeWait(request)
            } catch let error as RouteError {
                return loop.makeSucceededFuture(Self.stamped(error.response, app))
            } catch {
                return loop.makeSucceededFuture(Self.stamped(RouteError("internal error", details: "\(error)").response, app))
            }
            guard let wait else {
                return loop.makeSucceededFuture(Self.answer(request, routes: routes, host: app, stamp: true))
            }
            return app.changes.wait(since: wait.since, milliseconds: wait.milliseconds, closed: request.connectionClosed)
                .map { Self.answer(request, routes: routes, host: host.value, stamp: true) }
        }.hop(to: eventLoop)
    }

    /// Only `GET /idle` with a query can be parked (see `ChangeWait`).
    private static func mayWait(_ request: HTTPRequest) -> Bool {
        !request.query.isEmpty && request.method == "GET"
            && normalise(request.path) == "/idle"
    }

    /// Trailing slashes are ignored (`/map/` is `/map`), as the routes read them; the query never reaches here.
    static func normalise(_ path: String) -> String {
        PathPolicy.ignoringTrailingSlash.normalise(path)
    }

    /// Runs the route for `request`. A path no route serves and a method its route lacks are both a 404, as Frank
    /// servers answer; handlers see the path without trailing slashes, and never the query.
    private static func answer(
        _ request: HTTPRequest, routes: Router<Route>, host: AppHost, stamp: Bool
    ) -> HTTPResponse {
        guard let match = routes.route(method: request.method, path: request.path).match else {
            return stamp ? stamped(.notFound(request.path), host) : .notFound(request.path)
        }
        let route = match.handler
        var normalised = request
        normalised.path = match.path
        let response: HTTPResponse
        do {
            response = try route.handle(normalised, host)
        } catch let error as RouteError {
            response = error.response
        } catch {
            response = RouteError("internal error", details: "\(error)").response
        }
        if !route.observesOnly { host.changes.bump() }
        return stamp ? stamped(response, host) : response
    }

    /// The answer with the change count it reflects, so a client that finds its condition false knows what
    /// count to wait past.
    private static func stamped(_ response: HTTPResponse, _ host: AppHost) -> HTTPResponse {
        var response = response
        response.headers.append((ChangeFeed.header, String(host.changes.count)))
        return response
    }
}

/// The app that runs now, behind the router; replaced on relaunch. Lives on the app loop.
final class AppHost {
    /// The app that runs now; a relaunch replaces it and counts as a change.
    var app: SimulatedApp {
        didSet {
            app.changes = changes
            changes.bump()
        }
    }
    /// Changes clients could see, across relaunches.
    let changes: ChangeFeed
    /// Called when a client sends GET /exit.
    var onExit: () -> Void = {}
    /// The environment the app was first launched with (`fscript serve --env`): what a reset goes back to.
    let launchEnvironment: [String: String]
    /// Loads a fresh app from an app file's bytes with an environment (`POST /launch`).
    let load: (_ source: [UInt8], _ chunkName: String, _ environment: [String: String]) throws -> SimulatedApp

    init(
        app: SimulatedApp, loop: any EventLoop,
        load: @escaping ([UInt8], String, [String: String]) throws -> SimulatedApp
    ) {
        self.app = app
        launchEnvironment = app.environment
        self.load = load
        changes = ChangeFeed(loop: loop)
        app.changes = changes
    }
}
