import NIOCore

/// Answers requests. A server wraps exactly one responder; routing and stub matching are responders too, so
/// they compose the way Hummingbird's do.
///
/// `respond` may complete its future on any event loop; the server hops back to the connection's loop.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest, on eventLoop: any EventLoop) -> EventLoopFuture<HTTPResponse>
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
