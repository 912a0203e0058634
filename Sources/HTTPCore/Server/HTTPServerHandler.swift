#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import NIOHTTP1

/// Collects one request at a time from NIO's HTTP/1 decoder, asks the responder, and writes the answer or the
/// fault. Pipelined requests wait in NIO's pipelining handler, so answers leave in request order.
///
/// It also enforces what `ServerLimits` and `RequestGate` say before the responder sees anything: a request from
/// another site gets 403, a head too large 431, a body too large 413, a malformed request 400, and every such
/// answer closes the connection (a client that sent garbage gets no second chance on the same socket).
final class HTTPServerHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let responder: any HTTPResponder
    private let limits: ServerLimits
    private let gate: RequestGate
    private let connection: ConnectionGuard
    private var head: HTTPRequestHead?
    private var body: ByteBuffer?
    /// Set once a request was refused: the rest of it is dropped, and the connection closes after the answer.
    private var refused = false
    /// The `Host` and `Origin` of this connection's last request that passed the checks of both: a client sends
    /// the same ones request after request, and the checks (a pure function of the two) were a tenth of a small
    /// request's cost.
    private var passedHost: (host: String?, origin: String?)?

    init(responder: any HTTPResponder, limits: ServerLimits, connection: ConnectionGuard) {
        self.responder = responder
        self.limits = limits
        gate = RequestGate(allowedHosts: limits.allowedHosts)
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(var head):
            if let sent = connection.takeSentMethod() { head.method = .RAW(value: sent) }
            if let refusal = check(head) {
                refuse(refusal.status, refusal.text)
                return
            }
            self.head = head
            body = nil
        case .body(var chunk):
            guard body.gather(&chunk, limit: limits.maxBodyBytes) else {
                refuse(413, "request body larger than \(limits.maxBodyBytes) bytes\n")
                return
            }
        case .end:
            guard let head else { return }
            self.head = nil
            let bytes = body.map { Array($0.readableBytesView) } ?? []
            body = nil
            connection.requestComplete()
            answer(head: head, body: bytes, context: context)
        }
    }

    /// A head the server will not take, with the status and the text that says why.
    private func check(_ head: HTTPRequestHead) -> (status: Int, text: String)? {
        // RFC 9112 §3.2: more than one Host, or one that is not host[:port], is a 400 (a second Host after a
        // loopback one, or `127.0.0.1:P@evil.com`, would otherwise slip past the check below).
        let hosts = head.headers["Host"]
        if hosts.count > 1 { return (400, "more than one Host header\n") }
        let origin = head.headers.first(name: "Origin")
        if let passedHost, passedHost.host == hosts.first, passedHost.origin == origin {
            // Checked already on this connection.
        } else {
            if let host = hosts.first, !RequestGate.isWellFormed(hostHeader: host) {
                return (400, "malformed Host header (expected host or host:port)\n")
            }
            if let refusal = gate.refusal(host: hosts.first, origin: origin) {
                return (403, refusal + "\n")
            }
            passedHost = (hosts.first, origin)
        }
        if head.headers.count > limits.maxHeaderCount {
            return (431, "more than \(limits.maxHeaderCount) header fields\n")
        }
        let size = head.uri.utf8.count + head.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        if size > limits.maxHeadBytes {
            return (431, "request head larger than \(limits.maxHeadBytes) bytes\n")
        }
        if let length = head.headers.first(name: "Content-Length").flatMap(Int.init), length > limits.maxBodyBytes {
            return (413, "request body of \(length) bytes is larger than \(limits.maxBodyBytes) bytes\n")
        }
        return nil
    }

    /// Answers `status` with `text`, and closes the connection once it is written (`ConnectionGuard.refuse`).
    private func refuse(_ status: Int, _ text: String) {
        refused = true
        head = nil
        body = nil
        connection.refuse(status, text)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError, !refused else {
            context.close(promise: nil)
            return
        }
        refuse(400, "malformed HTTP request (\(error))\n")
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
        } else if Self.isBodiless(response) {
            let headers = Self.headers(
                response.headers, replacing: Self.framingHeaders,
                with: [("Connection", keepAlive ? "keep-alive" : "close")])
            context.write(wrapOutboundOut(.head(head(response, version: version, headers: headers))), promise: nil)
            finish(keepAlive: keepAlive, context: context)
        } else if let dribble = response.dribble, version.major == 1, version.minor >= 1, response.body.count > 1 {
            let headers = Self.headers(
                response.headers, replacing: Self.framingHeaders,
                with: [("Transfer-Encoding", "chunked"), ("Connection", keepAlive ? "keep-alive" : "close")])
            context.writeAndFlush(wrapOutboundOut(.head(head(response, version: version, headers: headers))), promise: nil)
            writeSlowly(response.body, dribble, keepAlive: keepAlive, context: context)
        } else {
            // The usual answer, head and body at once; a stub's own Transfer-Encoding is left to NIO's encoder.
            let headers = Self.headers(
                response.headers, replacing: Self.lengthAndConnection,
                with: [("Content-Length", String(response.body.count)), ("Connection", keepAlive ? "keep-alive" : "close")])
            context.write(wrapOutboundOut(.head(head(response, version: version, headers: headers))), promise: nil)
            if !response.body.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))), promise: nil)
            }
            finish(keepAlive: keepAlive, context: context)
        }
    }

    private func head(_ response: HTTPResponse, version: HTTPVersion, headers: HTTPHeaders) -> HTTPResponseHead {
        HTTPResponseHead(version: version, status: status(of: response), headers: headers)
    }

    /// The status line's code and reason; a reason with CR or LF falls back to the standard one rather than
    /// splitting the status line (the mock refuses such a reason where the stub is read).
    private func status(of response: HTTPResponse) -> HTTPResponseStatus {
        guard let reason = response.reason, !reason.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
            return HTTPResponseStatus(statusCode: response.status)
        }
        // `init(statusCode:reasonPhrase:)` keeps the standard phrase of a known code; `.custom` writes this one.
        return .custom(code: UInt(response.status), reasonPhrase: reason)
    }

    /// RFC 9110: 204 and 304 answers end at their headers; body bytes after them would be read as the start of
    /// the next response on a kept-alive connection.
    private static func isBodiless(_ response: HTTPResponse) -> Bool {
        response.status == 204 || response.status == 304
    }

    /// The headers this server sets itself for an answer it frames: its length or chunking, and its connection.
    private static let framingHeaders = ["Content-Length", "Transfer-Encoding", "Connection"]
    private static let lengthAndConnection = ["Content-Length", "Connection"]

    /// The response's headers without the framing ones named in `replacing` (in any case), then `fields`: built in
    /// one pass (`remove` and `replaceOrAdd` on HTTPHeaders searched them once per name).
    private static func headers(
        _ headers: [(name: String, value: String)], replacing names: [String], with fields: [(String, String)]
    ) -> HTTPHeaders {
        var kept: [(String, String)] = []
        kept.reserveCapacity(headers.count + fields.count)
        for header in headers where !names.contains(where: { header.name.equalsHeaderName($0) }) {
            kept.append((header.name, header.value))
        }
        kept.append(contentsOf: fields)
        return HTTPHeaders(kept)
    }

    /// Ends the response, closing the connection after it unless it is kept alive.
    private func finish(keepAlive: Bool, context: ChannelHandlerContext) {
        guard keepAlive else {
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        connection.responseSent()
    }

    /// Sends `body` in `dribble.chunks` pieces, one per timer on the event loop (no thread waits), the first at
    /// once and the last after `dribble.duration`. A client that hangs up stops it.
    private func writeSlowly(_ body: [UInt8], _ dribble: HTTPResponse.Dribble, keepAlive: Bool, context: ChannelHandlerContext) {
        let count = max(1, min(dribble.chunks, body.count))
        let interval = count > 1 ? dribble.duration / Double(count - 1) : 0
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        for index in 0..<count {
            let start = body.count * index / count
            let end = body.count * (index + 1) / count
            let piece = Array(body[start..<end])
            let last = index == count - 1
            context.eventLoop.scheduleTask(in: .nanoseconds(Int64(interval * Double(index) * 1_000_000_000))) {
                let (handler, context) = loopBound.value
                guard context.channel.isActive else { return }
                let buffer = context.channel.allocator.buffer(bytes: piece)
                context.writeAndFlush(handler.wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
                guard last else { return }
                let done = context.writeAndFlush(handler.wrapOutboundOut(.end(nil)))
                if !keepAlive {
                    let channel = context.channel
                    done.whenComplete { _ in channel.close(promise: nil) }
                } else {
                    handler.connection.responseSent()
                }
            }
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
        case .malformedResponse, .malformedChunk:
            // Written from the encoder's own context, the bytes skip the encoder and reach the socket as they are.
            guard let encoder = try? context.pipeline.syncOperations.context(handlerType: HTTPResponseEncoder.self)
            else {
                channel.close(promise: nil)
                return
            }
            let bytes = fault == .malformedChunk
                ? "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nlorem ipsum\r\nnot a chunk\r\n"
                : "lorem ipsum \u{1}\u{2}\u{3} not http\r\n\r\n"
            encoder.writeAndFlush(NIOAny(channel.allocator.buffer(string: bytes))).whenComplete { _ in
                channel.close(promise: nil)
            }
        case .noResponse:
            break
        }
    }
}
