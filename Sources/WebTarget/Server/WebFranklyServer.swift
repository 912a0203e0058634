import Dispatch
import Frankly
import HTTPCore
import JSON
import NIOCore
import NIOPosix

/// A Frankly server in front of a web page: what `fscript --web`, `--target webdriver:` and `fscript serve --web`
/// drive, so Frank's own Ruby driver, the inspector and fscript's bindings reach a browser the way they reach an
/// app, through one protocol.
///
/// Requests are answered one at a time, in arrival order, on a queue of the server's own: each may wait on
/// WebDriver, and none may hold an event loop while it does.
public final class WebFranklyServer: Sendable {
    /// The server's URL, e.g. `http://127.0.0.1:41234`.
    public var url: String { server.url }
    public var port: Int { server.port }
    private let server: HTTPServer
    private let owner: WebAppOwner

    private init(server: HTTPServer, owner: WebAppOwner) {
        self.server = server
        self.owner = owner
    }

    /// Serves `app` on `host:port` (0: a free port). `onExit` runs when a client sends `GET /exit`.
    public static func start(
        app: WebApp, host: String = "127.0.0.1", port: Int = 0, limits: ServerLimits = .standard,
        onExit: (@Sendable () -> Void)? = nil
    ) throws -> WebFranklyServer {
        let owner = WebAppOwner(app: app, onExit: onExit)
        let server = try HTTPServer.start(
            host: host, port: port, responder: WebFranklyResponder(owner: owner), limits: limits)
        return WebFranklyServer(server: server, owner: owner)
    }

    /// Runs `body` with the app, on the server's queue (between requests).
    public func withApp<T: Sendable>(_ body: @Sendable (WebApp) throws -> T) throws -> T {
        try owner.queue.sync { try body(owner.app) }
    }

    /// Stops serving; the app's session is the caller's to end.
    public func stop() {
        server.stop()
    }

    /// Blocks until the server stops.
    public func wait() throws {
        try server.wait()
    }
}

/// The app and the one queue it is used on.
final class WebAppOwner: @unchecked Sendable {
    let app: WebApp
    let queue = DispatchQueue(label: "fscript.web-target")
    let onExit: (@Sendable () -> Void)?

    init(app: WebApp, onExit: (@Sendable () -> Void)?) {
        self.app = app
        self.onExit = onExit
    }
}

/// Routes a request to `WebRoutes` on the app's queue and answers it; a failure is Frankly's ERROR envelope.
struct WebFranklyResponder: HTTPResponder {
    let owner: WebAppOwner
    let routes = WebRoutes.router

    func respond(to request: HTTPRequest, on eventLoop: any EventLoop) -> EventLoopFuture<HTTPResponse> {
        let promise = eventLoop.makePromise(of: HTTPResponse.self)
        let owner = owner
        let routes = routes
        owner.queue.async {
            guard let match = routes.route(method: request.method, path: request.path).match else {
                promise.succeed(WebRoutes.notFound(request.path))
                return
            }
            let response: HTTPResponse
            do {
                response = try match.handler(request, match.path, owner)
            } catch let error as FranklyError {
                response = WebRoutes.error(error.reason, error.details)
            } catch let error as PageLoadError {
                response = WebRoutes.error(PageLoadError.reason, error.description)
            } catch let error as WebDriverError {
                response = WebRoutes.error(error.sessionIsGone ? "web target lost" : "webdriver error", error.description)
            } catch {
                response = WebRoutes.error("internal error", "\(error)")
            }
            promise.succeed(response)
        }
        return promise.futureResult
    }
}
