import HTTPCore
import NIOCore

/// Answers a request that reached the web target's browser proxy: the routed mock's responder answers it, as if it
/// had come to the mock's own listener; with no mock routed, `502` says why, and so does a mock that stops before
/// its answer comes.
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
        guard let route = routes.current else {
            // Readable by the page (CORS), so its fetch shows the 502 rather than a bare network error.
            return .now(
                Self.readable(
                    .text(
                        "fscript's web proxy: no mock answers the browser's requests now (\(request.method) "
                            + "\(request.scheme)://\(request.header("Host") ?? "?")\(request.uri)); start one in "
                            + "the scenario with mock.start{browser_proxy = true} or \"the app uses a mock backend\"\n",
                        status: 502)))
        }
        switch route.responder.answer(to: request, on: eventLoop) {
        case .now(let response):
            return .now(response)
        case .later(let answer):
            // Until it comes, the route may end (its mock stops): then `stopped` answers instead.
            let awaited = routes.awaiting(answer, from: route.owner, on: eventLoop)
            return awaited.map(HTTPAnswer.later) ?? .now(Self.stopped)
        }
    }

    /// What a request still waiting for a mock's answer gets when that mock stops (its route ends) first.
    static let stopped = readable(
        .text(
            "fscript's web proxy: the mock that took this request stopped before it answered (a delayed stub, or "
                + "one held on purpose), so no answer comes from it\n", status: 502))

    /// `response` with `Access-Control-Allow-Origin: *`, so a page on another origin can read it.
    static func readable(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.append((name: "Access-Control-Allow-Origin", value: "*"))
        return response
    }
}
