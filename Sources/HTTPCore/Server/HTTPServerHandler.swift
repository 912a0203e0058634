#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import NIOHTTP1

/// Collects one request at a time from NIO's HTTP/1 decoder, asks the responder, and writes the answer or the
/// fault. Requests pipelined behind one being answered wait here (and the connection is not read meanwhile), so
/// answers leave in request order.
///
/// It also enforces what `ServerLimits` and `RequestGate` say before the responder sees anything: a request from
/// another site gets 403, a head too large 431, a body too large 413, a malformed request 400, and every such
/// answer closes the connection (a client that sent garbage gets no second chance on the same socket).
///
/// It writes each answer itself, head and body in one buffer (`writeResponseHead`), framed as RFC 9112 says: a
/// `Content-Length`, or chunks for a dribbled body, no body for a `HEAD` or `CONNECT` request or a 1xx, 204 or 304
/// status.
/// NIO's response encoder, pipelining handler and header validator did this in three handlers that each answer
/// passed three times (head, body, end): a quarter of a small answer's cost.
final class HTTPServerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let responder: any HTTPResponder
    let limits: ServerLimits
    private let gate: RequestGate
    let connection: ConnectionGuard
    /// `https` behind TLS (an HTTPS listener, or inside an intercepted tunnel), else `http`.
    let scheme: String
    /// Set when the server is also a browser proxy: absolute-form targets and CONNECT are taken.
    let proxy: ForwardProxy?
    private var head: HTTPRequestHead?
    private var body: ByteBuffer?
    /// Set once a request was refused: the rest of it is dropped, and the connection closes after the answer.
    private var refused = false
    /// The `Host` and `Origin` of this connection's last request that passed the checks of both: a client sends
    /// the same ones request after request, and the checks (a pure function of the two) were a tenth of a small
    /// request's cost.
    private var passedHost: (host: String?, origin: String?)?
    /// A complete request is being answered: what arrives meanwhile waits in `waiting`, and reads wait too.
    private var answering = false
    /// Parts (and parse errors) of requests pipelined behind the one being answered, in order. At most what one
    /// read brought: the connection is not read again until they are taken.
    private var waiting = CircularBuffer<Arrival>()
    /// NIO asked to read while an answer was pending; the read is made once it has gone.
    private var readPending = false
    /// Taking waiting requests, which may be answered at once (a stub's answer is often ready on the spot): the
    /// loop in `answered` takes the next one, instead of each answer recursing into the next.
    private var draining = false

    /// What arrived from the decoder.
    private enum Arrival {
        case part(HTTPServerRequestPart)
        case error(any Error)
    }

    init(
        responder: any HTTPResponder, limits: ServerLimits, connection: ConnectionGuard, scheme: String = "http",
        proxy: ForwardProxy? = nil
    ) {
        self.responder = responder
        self.limits = limits
        // A proxy's requests name other hosts in Host and Origin by design: it accepts any (it listens on loopback).
        gate = RequestGate(allowedHosts: proxy == nil ? limits.allowedHosts : ["*"])
        self.connection = connection
        self.scheme = scheme
        self.proxy = proxy
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        let part = unwrapInboundIn(data)
        guard !answering, waiting.isEmpty else {
            waiting.append(.part(part))
            return
        }
        take(part, context: context)
    }

    /// One part of the request now due (none is being answered).
    private func take(_ part: HTTPServerRequestPart, context: ChannelHandlerContext) {
        switch part {
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
            answering = true
            connection.requestComplete()
            if let proxy, head.method == .CONNECT {
                tunnel(to: head.uri, proxy: proxy, context: context)
                return
            }
            answer(head: head, body: bytes, context: context)
        }
    }

    /// Reads wait while an answer is pending, as NIO's pipelining handler had them wait: what a client pipelines
    /// stays in its socket, not in memory here.
    func read(context: ChannelHandlerContext) {
        if answering {
            readPending = true
        } else {
            context.read()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        waiting.removeAll()
        context.fireChannelInactive()
    }

    /// The answer to the current request has gone out and the connection stays open: the requests waiting behind
    /// it are taken, in order, until one of them is being answered; then reading goes on.
    func answered(context: ChannelHandlerContext) {
        connection.responseSent()
        answering = false
        guard !draining else { return }
        draining = true
        while !answering, !refused, let arrival = waiting.popFirst() {
            switch arrival {
            case .part(let part): take(part, context: context)
            case .error(let error): fail(error, context: context)
            }
        }
        draining = false
        if !answering, readPending {
            readPending = false
            context.read()
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
    func refuse(_ status: Int, _ text: String) {
        refused = true
        head = nil
        body = nil
        waiting.removeAll()
        connection.refuse(status, text)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A parse error in a request pipelined behind the one being answered waits its turn, as its request would.
        if error is HTTPParserError, answering || !waiting.isEmpty {
            waiting.append(.error(error))
            return
        }
        fail(error, context: context)
    }

    /// A malformed request is answered 400 (and the connection closed); any other error closes it.
    private func fail(_ error: any Error, context: ChannelHandlerContext) {
        guard error is HTTPParserError, !refused else {
            context.close(promise: nil)
            return
        }
        refuse(400, "malformed HTTP request (\(error))\n")
    }

    private func answer(head: HTTPRequestHead, body: [UInt8], context: ChannelHandlerContext) {
        var uri = head.uri
        var headers = head.headers.map { (name: $0.name, value: $0.value) }
        var scheme = self.scheme
        // Inside a tunnel every request is the proxy's; on the plain listener, those in absolute form.
        var viaProxy = proxy != nil && scheme == "https"
        // A browser sends its proxy the whole URL: the responder sees the path, the Host and the scheme.
        if proxy != nil, let absolute = AbsoluteForm(uri) {
            uri = absolute.target
            scheme = absolute.scheme
            viaProxy = true
            headers.removeAll { $0.name.equalsHeaderName("Host") }
            headers.insert((name: "Host", value: absolute.authority), at: 0)
        }
        var request = HTTPRequest(method: head.method.rawValue, uri: uri, headers: headers, body: body)
        request.scheme = scheme
        request.viaProxy = viaProxy
        request.connectionClosed = context.channel.closeFuture
        let asked = (keepAlive: head.isKeepAlive, version: head.version, method: head.method)
        switch responder.answer(to: request, on: context.eventLoop) {
        case .now(let response):
            write(response, to: asked.method, version: asked.version, keepAlive: asked.keepAlive, context: context)
        case .later(let future):
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            future.hop(to: context.eventLoop).whenComplete { result in
                let (handler, context) = loopBound.value
                switch result {
                case .success(let response):
                    handler.write(response, to: asked.method, version: asked.version, keepAlive: asked.keepAlive,
                                  context: context)
                case .failure(let error):
                    let response = HTTPResponse.text("internal error: \(error)\n", status: 500)
                    handler.write(response, to: asked.method, version: asked.version, keepAlive: false,
                                  context: context)
                }
            }
        }
    }
}
