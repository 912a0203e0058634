import NIOCore
import NIOHTTP1
import Platform

/// Times a connection out: a request must arrive whole within `ServerLimits.requestSeconds` of its first byte
/// (or of the connection opening), and a kept-alive connection may sit idle at most `idleSeconds` between
/// requests.
///
/// It sits first in the pipeline and sees the raw bytes, so a client that trickles a head one byte a minute
/// (slowloris) is answered `408` and closed at the limit, however little NIO's decoder has parsed. While a
/// request is being answered (a long-poll, a delayed mock answer) there is no limit: the server is the slow one.
/// `HTTPServerHandler` tells it when a request is complete and when its answer has gone out.
final class ConnectionGuard: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        /// Between requests (or before the first): nothing received yet.
        case waiting
        /// Bytes of a request have arrived; its end has not.
        case receiving
        /// The request is complete and being answered.
        case answering
    }

    private let limits: ServerLimits
    private var state = State.waiting
    /// When the current state's limit runs out; nil while answering (the server is the slow one then).
    private var deadline: NIODeadline?
    /// The one timer: it fires at the deadline it was set for and, if the deadline moved later meanwhile (a
    /// request came and went), sets itself again for the new one. So a request costs two stores, not a timer
    /// scheduled and cancelled twice.
    private var timer: Scheduled<Void>?
    private var timerDue: NIODeadline?
    private var context: ChannelHandlerContext?
    /// Where requests start in the bytes, pipelined ones included (see `RequestBoundaries`).
    private var boundaries: RequestBoundaries
    /// The methods as sent that were swapped, for the heads the parser hands on (see `SentMethods`).
    private var sentMethods = SentMethods()

    init(limits: ServerLimits) {
        self.limits = limits
        boundaries = RequestBoundaries(maxHead: limits.maxHeadBytes)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { limit(limits.requestSeconds) }
    }

    func channelActive(context: ChannelHandlerContext) {
        if deadline == nil { limit(limits.requestSeconds) }
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        if case .waiting = state {
            state = .receiving
            limit(limits.requestSeconds)
            boundaries.idle()
        }
        // A method NIO's parser would refuse goes through as GET at each request start (see `MethodToken`).
        boundaries.process(&buffer, into: &sentMethods)
        context.fireChannelRead(wrapInboundOut(buffer))
    }

    /// The method as sent of the request whose head the parser hands on now, when `MethodToken` swapped it;
    /// `HTTPServerHandler` takes it with each head.
    func takeSentMethod() -> String? {
        sentMethods.takeNext()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        context.fireChannelInactive()
    }

    /// The whole request has arrived: no limit while it is answered.
    func requestComplete() {
        state = .answering
        deadline = nil
    }

    /// The answer has gone out and the connection stays open: it may now idle, up to `idleSeconds`.
    func responseSent() {
        guard case .answering = state else { return }
        state = .waiting
        limit(limits.idleSeconds)
    }

    /// The current state ends `seconds` from now; the timer is set only when none is due before then.
    private func limit(_ seconds: Double) {
        let due = NIODeadline.now() + .nanoseconds(Int64(seconds * 1e9))
        deadline = due
        if let timerDue, timerDue <= due { return }
        schedule(at: due)
    }

    private func schedule(at due: NIODeadline) {
        timer?.cancel()
        guard let context else { return }
        timerDue = due
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: due) { loopBound.value.fire() }
    }

    /// The timer ran: nothing to do while answering, again later if the deadline moved, else the limit is up.
    private func fire() {
        timer = nil
        timerDue = nil
        guard let deadline else { return }
        if deadline > .now() {
            schedule(at: deadline)
            return
        }
        guard case .receiving = state else {
            context?.channel.close(promise: nil)
            return
        }
        refuse(408, "request not received within \(CheckedNumber.format(limits.requestSeconds)) s\n")
    }

    /// Answers `status` with `text` and closes the connection: for requests the server will not take.
    ///
    /// Written from this handler, first in the pipeline, the bytes go straight to the socket, whatever state the
    /// HTTP decoder and the pipelining handler are in (a request still arriving, garbage half parsed).
    func refuse(_ status: Int, _ text: String) {
        guard let context else { return }
        timer?.cancel()
        state = .answering
        deadline = nil
        let channel = context.channel
        let reason = HTTPResponseStatus(statusCode: status).reasonPhrase
        let answer = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n"
            + "Content-Length: \(text.utf8.count)\r\n\r\n" + text
        context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(string: answer))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

}
