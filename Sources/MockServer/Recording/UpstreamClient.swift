import HTTPCore
import NIOCore

/// The mock's one way out to a real backend, shared by `--proxy` (ProxyRecorder), proxying stubs
/// (`proxyBaseUrl`) and the recordings admin API, so all of them have the same limits: at most `maxBody` bytes
/// of answer (`--max-proxy-body`), 30 seconds, hop-by-hop headers dropped both ways.
///
/// An `http://` backend is reached with HTTPCore's client on the event loop; an `https://` one through `curl`
/// (`CurlTransport`), since HTTPCore has no TLS.
public final class UpstreamClient: Sendable {
    /// Headers that belong to one connection, not to the exchange: never forwarded, never saved.
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer",
        "transfer-encoding", "upgrade", "content-length", "host",
    ]
    /// The most bytes a backend's answer may have: past it the request fails saying so, and nothing more of the
    /// answer is kept in memory.
    public let maxBody: Int
    /// `--max-proxy-body` when none is given.
    public static let defaultMaxBody = 64 * 1024 * 1024
    private let client = HTTPClient(reuseConnections: true)

    public init(maxBody: Int = defaultMaxBody) {
        self.maxBody = maxBody
    }

    deinit { client.shutdown() }

    /// Sends one request to `url` (hop-by-hop headers left out) and answers with the backend's answer, its
    /// hop-by-hop headers left out too. Fails when the backend cannot be reached or answers too much.
    func send(
        method: String, url: String, headers: [(name: String, value: String)], body: [UInt8], on eventLoop: any EventLoop
    ) -> EventLoopFuture<HTTPClientResponse> {
        let headers = headers.filter { !Self.hopByHop.contains($0.name.lowercased()) }
        var outgoing = HTTPClientRequest(method: method, url: url, headers: headers, body: body)
        outgoing.maxResponseBytes = maxBody
        let answer: EventLoopFuture<HTTPClientResponse> = url.hasPrefix("https://")
            ? CurlTransport.send(method: method, url: url, headers: headers, body: body, maxBody: maxBody, on: eventLoop)
            : client.execute(outgoing, timeout: .seconds(Int64(CurlTransport.limit)))
        return answer.hop(to: eventLoop).map { answer in
            var kept = answer
            kept.headers = answer.headers.filter { !Self.hopByHop.contains($0.name.lowercased()) }
            return kept
        }
    }
}
