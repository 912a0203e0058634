import HTTPCore
import NIOCore

/// Answers a request that reached the web target's browser proxy: the routed mock's responder answers it, as if it
/// had come to the mock's own listener; with no mock routed, `502` says why.
///
/// Only a browser's proxy requests enter (absolute-form URLs, and what comes through a `CONNECT` tunnel): the
/// relay is the proxy Chromium was given, not a server of its own, so a request in origin form is answered `400`.
struct RelayResponder: HTTPResponder {
    let routes: RelayRoutes

    func respond(to request: HTTPRequest, on eventLoop: any EventLoop) -> EventLoopFuture<HTTPResponse> {
        answer(to: request, on: eventLoop).future(on: eventLoop)
    }

    func answer(to request: HTTPRequest, on eventLoop: any EventLoop) -> HTTPAnswer {
        guard request.viaProxy else {
            return .now(
                .text(
                    "this is fscript's web proxy (web_proxy): it takes a browser's proxy requests only, a whole URL "
                        + "or CONNECT\n", status: 400))
        }
        guard let responder = routes.current else {
            // Readable by the page (CORS), so its fetch shows the 502 rather than a bare network error.
            return .now(
                Self.readable(
                    .text(
                        "fscript's web proxy: no mock answers the browser's requests now (\(request.method) "
                            + "\(request.scheme)://\(request.header("Host") ?? "?")\(request.uri)); start one in "
                            + "the scenario with mock.start{browser_proxy = true} or \"the app uses a mock backend\"\n",
                        status: 502)))
        }
        return responder.answer(to: request, on: eventLoop)
    }

    /// `response` with `Access-Control-Allow-Origin: *`, so a page on another origin can read it.
    private static func readable(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.append((name: "Access-Control-Allow-Origin", value: "*"))
        return response
    }
}
