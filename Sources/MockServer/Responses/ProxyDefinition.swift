import HTTPCore
import NIOCore

/// A stub that answers with what a real backend answers (WireMock's `proxyBaseUrl`): the request goes on to the
/// base URL, and its answer, with the stub's own headers added, comes back. Since it is a stub's response, the
/// stub's priority and request pattern decide when it applies, so a more specific stub can still answer first.
public struct ProxyDefinition: Sendable {
    /// `http://host:port` (maybe with a path) that the request's URL is appended to.
    public var baseURL: String
    /// Headers set on the forwarded request (replacing the client's of the same name).
    public var additionalHeaders: [(name: String, value: String)] = []
    /// Names of the client's headers not forwarded, any case (WireMock 3's `removeProxyRequestHeaders`).
    public var removedHeaders: Set<String> = []
    /// A leading part of the request's URL dropped before it is appended (`proxyUrlPrefixToRemove`).
    public var prefixToRemove: String?

    public init(baseURL: String) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    }

    /// Where `request` goes: the base URL and the request's path and query, less the prefix to remove.
    func url(for request: HTTPRequest) -> String {
        var uri = request.uri
        if let prefixToRemove, !prefixToRemove.isEmpty, uri.hasPrefix(prefixToRemove) {
            uri = String(uri.dropFirst(prefixToRemove.count))
        }
        return baseURL + uri
    }

    /// The client's headers, less the removed ones, with the additional ones set.
    func headers(for request: HTTPRequest) -> [(name: String, value: String)] {
        let replaced = Set(additionalHeaders.map { $0.name.lowercased() })
        let kept = request.headers.filter {
            let name = $0.name.lowercased()
            return !removedHeaders.contains(name) && !replaced.contains(name)
        }
        return kept + additionalHeaders
    }

    /// Forwards `request` with `client`; the backend's answer plus `stubHeaders`, or WireMock's 500 when the
    /// backend cannot be reached (or answers more than the client's limit).
    func forward(
        _ request: HTTPRequest, stubHeaders: [(name: String, value: String)], client: UpstreamClient,
        on eventLoop: any EventLoop
    ) -> EventLoopFuture<HTTPResponse> {
        let url = url(for: request)
        let answer = client.send(
            method: request.method, url: url, headers: headers(for: request), body: request.body, on: eventLoop)
        return answer.map { answer in
            HTTPResponse(status: answer.status, headers: answer.headers + stubHeaders, body: answer.body)
        }.flatMapErrorThrowing { [maxBody = client.maxBody] error in
            // WireMock's words, so a test that checks them passes against either; the limit is the mock's own.
            .text("Network failure trying to make a proxied request from WireMock to \(url)\r\n\(error) "
                + "(fscript mock: answers may have at most \(maxBody) bytes, --max-proxy-body)\n", status: 500)
        }
    }
}
