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
    var handle: @Sendable (HTTPRequest, AppHost) throws -> HTTPResponse

    /// True when the route serves this method and normalised path.
    func matches(method: String, path requestPath: String) -> Bool {
        guard methods.contains(method) else { return false }
        return prefix ? requestPath == path || requestPath.hasPrefix(path + "/") : requestPath == path
    }
}

/// The simulator's HTTP responder: finds the route for a request and runs it on the app's event loop, so the app
/// answers one request at a time in arrival order, as a real app's main thread does.
///
/// The simulator serves its connections on that same loop, so a request is answered where it is read, with no
/// hop to another thread and back; a server on other loops still gets the answer, through `submit`.
struct FranklyRouter: HTTPResponder {
    var routes: [Route]
    let host: NIOLoopBound<AppHost>
    let loop: any EventLoop

    func respond(to request: HTTPRequest, on eventLoop: any EventLoop) -> EventLoopFuture<HTTPResponse> {
        if loop.inEventLoop {
            return eventLoop.makeSucceededFuture(Self.answer(request, routes: routes, host: host.value))
        }
        let routes = routes
        let host = host
        return loop.submit {
            Self.answer(request, routes: routes, host: host.value)
        }.hop(to: eventLoop)
    }

    /// Trailing slashes are ignored (`/map/` is `/map`); the query string never reaches here.
    static func normalise(_ path: String) -> String {
        var path = path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path.isEmpty ? "/" : path
    }

    private static func answer(_ request: HTTPRequest, routes: [Route], host: AppHost) -> HTTPResponse {
        let path = normalise(request.path)
        guard let route = routes.first(where: { $0.matches(method: request.method, path: path) }) else {
            return .notFound(request.path)
        }
        var normalised = request
        normalised.path = path
        do {
            return try route.handle(normalised, host)
        } catch let error as RouteError {
            return error.response
        } catch {
            return RouteError("internal error", details: "\(error)").response
        }
    }
}

/// The app that runs now, behind the router; replaced on relaunch. Lives on the app loop.
final class AppHost {
    var app: SimulatedApp
    /// Called when a client sends GET /exit.
    var onExit: () -> Void = {}

    init(app: SimulatedApp) {
        self.app = app
    }
}
