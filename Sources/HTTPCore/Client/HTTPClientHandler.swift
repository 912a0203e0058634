import NIOCore
import NIOHTTP1

/// One request and the promise its response fulfils, written into a client channel.
struct HTTPExchange: Sendable {
    let head: HTTPRequestHead
    let body: [UInt8]
    /// The most bytes the response body may have (`HTTPClientRequest.maxResponseBytes`).
    let bodyLimit: Int
    let promise: EventLoopPromise<HTTPClientResponse>
}

/// Sends one exchange at a time and collects its response; fails the pending exchange when the connection
/// breaks, so a caller never waits on a dead socket.
final class HTTPClientHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundIn = HTTPExchange
    typealias OutboundOut = HTTPClientRequestPart

    private var promise: EventLoopPromise<HTTPClientResponse>?
    private var head: HTTPResponseHead?
    private var body: ByteBuffer?
    private var bodyLimit = HTTPClientRequest.defaultMaxResponseBytes

    func write(context: ChannelHandlerContext, data: NIOAny, promise writePromise: EventLoopPromise<Void>?) {
        let exchange = unwrapOutboundIn(data)
        promise = exchange.promise
        bodyLimit = exchange.bodyLimit
        head = nil
        body = nil
        context.write(wrapOutboundOut(.head(exchange.head)), promise: nil)
        if !exchange.body.isEmpty {
            let buffer = context.channel.allocator.buffer(bytes: exchange.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        context.write(wrapOutboundOut(.end(nil)), promise: writePromise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body(var chunk):
            // A body past the limit fails the exchange before it is kept: a 1 GiB answer peaked at 3 GB.
            guard body.gather(&chunk, limit: bodyLimit) else {
                promise?.fail(HTTPClientError.malformedResponse("the body is over \(bodyLimit) bytes"))
                promise = nil
                body = nil
                context.close(promise: nil)
                return
            }
        case .end:
            guard let promise, let head else { return }
            self.promise = nil
            let response = HTTPClientResponse(
                status: Int(head.status.code),
                headers: head.headers.map { (name: $0.name, value: $0.value) },
                body: body.map { Array($0.readableBytesView) } ?? []
            )
            if !head.isKeepAlive { context.close(promise: nil) }
            promise.succeed(response)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise?.fail(HTTPClientError.from(error))
        promise = nil
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise?.fail(HTTPClientError.closedBeforeResponse)
        promise = nil
        context.fireChannelInactive()
    }
}
