import NIOCore

/// Answers requests. A server wraps exactly one responder; routing and stub matching are responders too, so
/// they compose the way Hummingbird's do.
///
/// `respond` may complete its future on any event loop; the server hops back to the connection's loop.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest, on eventLoop: any EventLoop) -> EventLoopFuture<HTTPResponse>

    /// The answer, as a value when the responder has it on the spot (called on `eventLoop`). The server asks
    /// this; the default waits for `respond`. A mock answers most requests at once, and a future made only to be
    /// read at once (made, completed, called back, freed) was a twentieth of a small answer's cost.
    func answer(to request: HTTPRequest, on eventLoop: any EventLoop) -> HTTPAnswer
}

extension HTTPResponder {
    public func answer(to request: HTTPRequest, on eventLoop: any EventLoop) -> HTTPAnswer {
        .later(respond(to: request, on: eventLoop))
    }
}

/// A responder's answer: ready now, or when a future completes.
public enum HTTPAnswer: Sendable {
    case now(HTTPResponse)
    case later(EventLoopFuture<HTTPResponse>)

    /// The answer as a future on `eventLoop`, for callers that wait either way.
    public func future(on eventLoop: any EventLoop) -> EventLoopFuture<HTTPResponse> {
        switch self {
        case .now(let response): return eventLoop.makeSucceededFuture(response)
        case .later(let future): return future
        }
    }
}

/// A responder made from a closure, for small servers and tests.
public struct ClosureResponder: HTTPResponder {
    let body: @Sendable (HTTPRequest, any EventLoop) -> EventLoopFuture<HTTPResponse>

    public init(_ body: @escaping @Sendable (HTTPRequest, any EventLoop) -> EventLoopFuture<HTTPResponse>) {
        self.body = body
    }

    public func respond(to request: HTTPRequest, on eventLoop: any EventLoop) -> EventLoopFuture<HTTPResponse> {
        body(request, eventLoop)
    }
}
