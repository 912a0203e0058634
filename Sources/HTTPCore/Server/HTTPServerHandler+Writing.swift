#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import NIOHTTP1

/// How `HTTPServerHandler` writes an answer: head and body in one buffer, framed as RFC 9112 says, a dribbled
/// body in timed chunks, and the faults a stub may ask for (a reset, an empty or malformed answer, none at all).
extension HTTPServerHandler {
    /// Writes the answer to a request made with `method`: framed by `Content-Length` (or in chunks when dribbled),
    /// the body left out where RFC 9110 has none (a `HEAD` request, a `CONNECT`, a 1xx, 204 or 304 status).
    func write(
        _ response: HTTPResponse, to method: HTTPMethod, version: HTTPVersion, keepAlive: Bool,
        context: ChannelHandlerContext
    ) {
        guard context.channel.isActive else { return }
        if let fault = response.fault {
            perform(fault, context: context)
            return
        }
        if let field = response.headers.first(where: { !$0.name.isHeaderFieldName || !$0.value.isHeaderFieldValue }) {
            // A template can put a line break into a header; sent, it would forge headers or a whole answer.
            let text = "the answer's header \"\(field.name)\" cannot be sent: a name is a token, and a value has no "
                + "control character but tab; correct the stub's header (or what its template puts there)\n"
            write(.text(text, status: 500), to: method, version: version, keepAlive: false, context: context)
            return
        }
        let connectionField = ("Connection", keepAlive ? "keep-alive" : "close")
        // The framing headers this server sets, the body bytes that go with the head, and the body sent slowly.
        let framing: [(String, String)]
        var body: [UInt8] = []
        var dribble: HTTPResponse.Dribble?
        if !Self.mayHaveBody(response.status) || method == .CONNECT {
            framing = [connectionField]
        } else if let slowly = response.dribble, method != .HEAD, version.major == 1, version.minor >= 1,
            response.body.count > 1
        {
            framing = [("Transfer-Encoding", "chunked"), connectionField]
            dribble = slowly
        } else {
            framing = [("Content-Length", String(response.body.count)), connectionField]
            if method != .HEAD { body = response.body }
        }
        let headers = Self.headers(response.headers, with: framing)
        var buffer = context.channel.allocator.buffer(capacity: Self.headSize(headers) + body.count)
        buffer.writeResponseHead(version: version, status: response.status, reason: reasonPhrase(of: response),
                                 headers: headers)
        buffer.writeBytes(body)
        guard let dribble else {
            finish(buffer, keepAlive: keepAlive, context: context)
            return
        }
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
        writeSlowly(response.body, dribble, keepAlive: keepAlive, context: context)
    }

    /// The status line's reason: the response's own, or the standard one of its code when it has none or one with
    /// a control character (CR or LF would split the status line; the mock refuses such a reason where the stub is
    /// read).
    fileprivate func reasonPhrase(of response: HTTPResponse) -> String {
        guard let reason = response.reason, reason.isHeaderFieldValue else {
            return HTTPResponseStatus(statusCode: response.status).reasonPhrase
        }
        return reason
    }

    /// RFC 9110 §15: 1xx, 204 and 304 answers end at their headers; body bytes after them would be read as the
    /// start of the next response on a kept-alive connection.
    fileprivate static func mayHaveBody(_ status: Int) -> Bool {
        !(100...199).contains(status) && status != 204 && status != 304
    }

    /// The headers this server sets itself for an answer it frames: its length or chunking, and its connection.
    fileprivate static let framingHeaders = ["Content-Length", "Transfer-Encoding", "Connection"]

    /// The response's headers without its own framing ones (`framingHeaders`, in any case), then `framing`.
    fileprivate static func headers(
        _ headers: [(name: String, value: String)], with framing: [(String, String)]
    ) -> [(name: String, value: String)] {
        var kept: [(name: String, value: String)] = []
        kept.reserveCapacity(headers.count + framing.count)
        for header in headers where !framingHeaders.contains(where: { header.name.equalsHeaderName($0) }) {
            kept.append(header)
        }
        for field in framing { kept.append(field) }
        return kept
    }

    /// Bytes enough for a status line and `headers`, so the buffer is allocated once.
    fileprivate static func headSize(_ headers: [(name: String, value: String)]) -> Int {
        headers.reduce(64) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
    }

    /// Sends an answer's last bytes, and closes the connection after them unless it is kept alive.
    fileprivate func finish(_ buffer: ByteBuffer, keepAlive: Bool, context: ChannelHandlerContext) {
        guard keepAlive else {
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
        answered(context: context)
    }

    /// Sends `body` in `dribble.chunks` chunks (RFC 9112 §7.1), one per timer on the event loop (no thread waits),
    /// the first at once and the last, with the chunk that ends the body, after `dribble.duration`. A client that
    /// hangs up stops it.
    fileprivate func writeSlowly(_ body: [UInt8], _ dribble: HTTPResponse.Dribble, keepAlive: Bool, context: ChannelHandlerContext) {
        let count = max(1, min(dribble.chunks, body.count))
        let interval = count > 1 ? dribble.duration / Double(count - 1) : 0
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        for index in 0..<count {
            let start = body.count * index / count
            let end = body.count * (index + 1) / count
            let piece = body[start..<end]
            let last = index == count - 1
            context.eventLoop.scheduleTask(in: .nanoseconds(Int64(interval * Double(index) * 1_000_000_000))) {
                let (handler, context) = loopBound.value
                guard context.channel.isActive else { return }
                var buffer = context.channel.allocator.buffer(capacity: piece.count + 16)
                buffer.writeString(String(piece.count, radix: 16))
                buffer.writeStaticString("\r\n")
                buffer.writeBytes(piece)
                buffer.writeStaticString("\r\n")
                guard last else {
                    context.writeAndFlush(handler.wrapOutboundOut(buffer), promise: nil)
                    return
                }
                buffer.writeStaticString("0\r\n\r\n")
                handler.finish(buffer, keepAlive: keepAlive, context: context)
            }
        }
    }

    fileprivate func perform(_ fault: HTTPFault, context: ChannelHandlerContext) {
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
        case .malformedResponse, .malformedChunk:
            let bytes = fault == .malformedChunk
                ? "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nlorem ipsum\r\nnot a chunk\r\n"
                : "lorem ipsum \u{1}\u{2}\u{3} not http\r\n\r\n"
            context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(string: bytes))).whenComplete { _ in
                channel.close(promise: nil)
            }
        case .noResponse:
            break
        }
    }
}
