import NIOCore
import NIOHTTP1
import NIOSSL

/// A browser proxy's CONNECT (`ForwardProxy`): the tunnel is answered here, not opened to the host. After `200`,
/// TLS goes in front of the connection with a certificate for the host signed by the mock's CA, and a fresh
/// decoder and handler (scheme `https`) take the requests that come through it: the same pipeline, so the same
/// limits, connection guard and responder.
extension HTTPServerHandler {
    /// Names in the pipeline, so a CONNECT can take out the plain decoder and handler.
    static let decoderName = "http-decoder"
    static let handlerName = "http-handler"

    func tunnel(to target: String, proxy: ForwardProxy, context: ChannelHandlerContext) {
        guard let (host, _) = ForwardProxy.target(target) else {
            refuse(400, "CONNECT needs host:port (a host name or IPv4 address, a port 1 to 65535), got '\(target)'\n")
            return
        }
        guard scheme == "http" else {
            refuse(400, "CONNECT inside a tunnel is not supported\n")
            return
        }
        let tls: NIOSSLContext
        do {
            tls = try proxy.authority.context(forHost: host)
        } catch {
            refuse(502, "no certificate for \(host): \(error)\n")
            return
        }
        guard proxy.enter() else {
            refuse(503, "more than \(proxy.maxTunnels) tunnels open\n")
            return
        }
        context.channel.closeFuture.whenComplete { _ in proxy.leave() }
        let established = context.channel.allocator.buffer(string: "HTTP/1.1 200 Connection Established\r\n\r\n")
        // Written before TLS goes in front, so it leaves in clear, as the client expects.
        context.writeAndFlush(wrapOutboundOut(established), promise: nil)
        do {
            let pipeline = context.pipeline.syncOperations
            try pipeline.addHandler(NIOSSLServerHandler(context: tls), position: .first)
            try pipeline.addHandler(
                ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)), position: .last)
            try pipeline.addHandler(
                HTTPServerHandler(
                    responder: responder, limits: limits, connection: connection, scheme: "https", proxy: proxy),
                position: .last)
            pipeline.removeHandler(name: Self.decoderName, promise: nil)
            connection.responseSent()
            pipeline.removeHandler(context: context, promise: nil)
        } catch {
            context.close(promise: nil)
        }
    }
}
