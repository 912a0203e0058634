import NIOCore

/// Cross-origin answers for a server a browser page calls from another origin (WireMock's `--enable-stub-cors`):
/// a preflight (`OPTIONS` with `Access-Control-Request-Method`) is answered here with what it asks for, and every
/// other answer gets `Access-Control-Allow-Origin` for the caller's origin, so the page may read it.
///
/// A wrapper, as Hummingbird's CORS middleware wraps a router: the responder inside never sees a preflight.
public struct CORSResponder<Inner: HTTPResponder>: HTTPResponder {
    let inner: Inner

    public init(wrapping inner: Inner) {
        self.inner = inner
    }

    public func respond(to request: HTTPRequest, on eventLoop: any EventLoop) -> EventLoopFuture<HTTPResponse> {
        answer(to: request, on: eventLoop).future(on: eventLoop)
    }

    public func answer(to request: HTTPRequest, on eventLoop: any EventLoop) -> HTTPAnswer {
        let origin = request.header("Origin")
        if request.method == "OPTIONS", let asked = request.header("Access-Control-Request-Method") {
            var headers: [(name: String, value: String)] = [
                ("Access-Control-Allow-Origin", origin ?? "*"), ("Access-Control-Allow-Methods", asked),
                ("Access-Control-Max-Age", "600"), ("Vary", "Origin"),
            ]
            if let wanted = request.header("Access-Control-Request-Headers") {
                headers.append(("Access-Control-Allow-Headers", wanted))
            }
            if origin != nil { headers.append(("Access-Control-Allow-Credentials", "true")) }
            // Chromium asks before a public page may call a loopback server (Private Network Access).
            if request.header("Access-Control-Request-Private-Network") == "true" {
                headers.append(("Access-Control-Allow-Private-Network", "true"))
            }
            return .now(HTTPResponse(status: 204, headers: headers))
        }
        guard let origin else { return inner.answer(to: request, on: eventLoop) }
        switch inner.answer(to: request, on: eventLoop) {
        case .now(let response): return .now(Self.allowing(origin, response))
        case .later(let future): return .later(future.map { Self.allowing(origin, $0) })
        }
    }

    /// The answer with the headers that let `origin` read it (its own, when it set them, are kept).
    static func allowing(_ origin: String, _ response: HTTPResponse) -> HTTPResponse {
        guard !response.headers.contains(where: { $0.name.lowercased() == "access-control-allow-origin" }) else {
            return response
        }
        var response = response
        response.headers += [
            ("Access-Control-Allow-Origin", origin), ("Access-Control-Allow-Credentials", "true"),
            ("Access-Control-Expose-Headers", "*"), ("Vary", "Origin"),
        ]
        return response
    }
}
