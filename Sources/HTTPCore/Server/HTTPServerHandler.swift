#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import NIOHTTP1

/// Collects one request at a time from NIO's HTTP/1 decoder, asks the responder, and writes the answer or the
/// fault. Pipelined requests wait in NIO's pipelining handler, so answers leave in request order.
final class HTTPServerHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let responder: any HTTPResponder
    private var head: HTTPRequestHead?
    private var body: ByteBuffer?

    init(responder: any HTTPResponder) {
        self.responder = responder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = nil
        case .body(var chunk):
            if body == nil {
                body = chunk
            } else {
                body!.writeBuffer(&chunk)
            }
        case .end:
            guard let head else { return }
            self.head = nil
            let bytes = body.map { Array($0.readableBytesView) } ?? []
            body = nil
            answer(head: head, body: bytes, context: context)
        }
    }

    private func answer(head: HTTPRequestHead, body: [UInt8], context: ChannelHandlerContext) {
        var request = HTTPRequest(
            method: head.method.rawValue,
            uri: head.uri,
            headers: head.headers.map { (name: $0.name, value: $0.value) },
            body: body
        )
        request.connectionClosed = context.channel.closeFuture
        let keepAlive = head.isKeepAlive
        let version = head.version
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        responder.respond(to: request, on: context.eventLoop)
            .hop(to: context.eventLoop)
            .whenComplete { result in
                let (handler, context) = loopBound.value
                switch result {
                case .success(let response):
                    handler.write(response, version: version, keepAlive: keepAlive, context: context)
                case .failure(let error):
                    let response = HTTPResponse.text("internal error: \(error)\n", status: 500)
                    handler.write(response, version: version, keepAlive: false, context: context)
                }
            }
    }

    private func write(_ response: HTTPResponse, version: HTTPVersion, keepAlive: Bool, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        if let fault = response.fault {
            perform(fault, context: context)
            return
        }
        var headers = HTTPHeaders(response.headers.map { ($0.name, $0.value) })
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        headers.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        let head = HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !response.body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    private func perform(_ fault: HTTPFault, context: ChannelHandlerContext) {
        let channel = context.channel
        switch fault {
        case .connectionReset:
            // SO_LINGER with a zero timeout makes close() send RST instead of FIN.
            guard let sockets = channel as? any SocketOptionProvider else {
                channel.close(promise: nil)
                return
            }
            sockets.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
        case .emptyResponse:
            channel.close(promise: nil)
        case .malformedResponse:
            // Written from the encoder's own context, the bytes skip the encoder and reach the socket as they are.
            guard let encoder = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
            else {
                channel.close(promise: nil)
                return
            }
            let garbage = channel.allocator.buffer(string: "lorem ipsum \u{1}\u{2}\u{3} not http\r\n\r\n")
            encoder.writeAndFlush(NIOAny(garbage)).whenComplete { _ in channel.close(promise: nil) }
        case .noResponse:
            break
        }
    }
}
