/// What a responder answers: a status, headers and a body, or a deliberate fault at the socket level.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The reason phrase for the status line (WireMock's `statusMessage`); nil sends the standard one. Callers
    /// check it where it enters: HTTP/1.1 allows no CR or LF in it (they would start a forged header).
    public var reason: String?
    /// Headers to send; `Content-Length` is added by the server.
    public var headers: [(name: String, value: String)]
    /// The body bytes.
    public var body: [UInt8]
    /// When set, the server misbehaves this way instead of sending the response (mock faults).
    public var fault: HTTPFault?
    /// When set, the body leaves in this many chunks spread over this many seconds (WireMock's
    /// `chunkedDribbleDelay`), with `Transfer-Encoding: chunked`, to test slow networks and progress UI.
    public var dribble: Dribble?

    /// A body sent slowly: `chunks` pieces, the first at once and the last after `duration` seconds.
    public struct Dribble: Sendable, Equatable {
        public var chunks: Int
        public var duration: Double

        public init(chunks: Int, duration: Double) {
            self.chunks = chunks
            self.duration = duration
        }
    }

    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with a JSON body and its content type.
    public static func json(_ body: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: body)
    }

    /// A plain-text response.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(text.utf8))
    }

    /// A fault instead of a response.
    public static func fault(_ fault: HTTPFault) -> HTTPResponse {
        var response = HTTPResponse(status: 0)
        response.fault = fault
        return response
    }
}

/// The ways a server can fail a client on purpose, as WireMock and MockWebServer offer for testing error paths.
public enum HTTPFault: String, Sendable, CaseIterable {
    /// The connection is reset (TCP RST) without a response.
    case connectionReset
    /// The connection is closed without a byte of response.
    case emptyResponse
    /// Bytes that are not HTTP are sent, then the connection is closed (WireMock's `RANDOM_DATA_THEN_CLOSE`).
    case malformedResponse
    /// A 200 status line and chunked headers, then a chunk whose size line is not hex, then the connection is
    /// closed: the response starts well and breaks in its body (WireMock's `MALFORMED_RESPONSE_CHUNK`).
    case malformedChunk
    /// Nothing is ever sent; the connection stays open until the client gives up.
    case noResponse
}
