import NIOCore

/// The whole pipeline of a connection beyond `ServerLimits.maxConnections`: it answers `503` at once, saying
/// why, and closes, instead of queueing a client that would then wait without knowing for what.
final class TooManyConnections: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let limit: Int
    private var answered = false

    init(limit: Int) {
        self.limit = limit
    }

    /// Answered once the channel is active: a write before that (from `handlerAdded`, while the initializer
    /// still runs) can be lost.
    func channelActive(context: ChannelHandlerContext) {
        answer(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    private func answer(_ context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
        let body = "too many connections (more than \(limit) open); try again when some have closed\n"
        let text = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n"
            + "Retry-After: 1\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(string: text))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }
}
