/// A request for `HTTPClient`: an absolute `http://` URL, headers and a body.
public struct HTTPClientRequest: Sendable {
    /// The method (`GET`, `POST`, …).
    public var method: String
    /// The absolute URL, `http://host:port/path?query`.
    public var url: String
    /// Headers to send; `Host`, `Content-Length` and keep-alive are added by the client.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]
    /// The most bytes the response body may have: past it the request fails and nothing more is kept.
    public var maxResponseBytes = Self.defaultMaxResponseBytes

    /// What a response body may have unless the request says otherwise.
    public static let defaultMaxResponseBytes = 256 * 1024 * 1024

    public init(method: String = "GET", url: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A complete response: status, headers and the whole body.
public struct HTTPClientResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The headers in arrival order.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of the named header, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.equalsHeaderName(name) }?.value
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
