import Foundation
import HTTPCore

/// One request the mock received, as the journal keeps it: what came, when, and which stub answered it.
///
/// Unmatched requests keep the near-miss explanation their 404 carried, so a failing test can print why.
///
/// An entry is kept small because a journal holds 50,000 of them: only what was sent (method, target, headers,
/// body) is stored, and the path, query and the `HTTPRequest` that filters match against are derived when read;
/// the outcome is a shared object (`ServeOutcome`). The entries sit in one ring buffer whose capacity is a power
/// of two, so every stored byte costs 65,536 bytes at the default limit.
public struct LoggedRequest: Sendable {
    /// The position in the journal, from 1, in order of arrival.
    public let sequence: Int
    /// The method as sent.
    public let method: String
    /// The request target as sent, query included.
    let uri: String
    /// The headers in arrival order.
    public let headers: [(name: String, value: String)]
    /// The body bytes, or their first `RequestJournal.bodyLimit` bytes when the body was longer (`bodySize`).
    public let body: [UInt8]
    /// How many bytes the body really had.
    public let bodySize: Int
    /// An FNV-1a hash of the whole body, to tell two long bodies apart after they were cut.
    public let bodyHash: UInt64
    /// When the whole request had arrived.
    public let receivedAt: Date
    /// `https` when it came over TLS (`--https-port`, a browser proxy's tunnel), else `http`: an inline string.
    public let scheme: String
    /// True when a browser proxy handed it over (absolute form, a `CONNECT` tunnel, the web target's relay): its
    /// Host is the host it was for, not this mock, so a report shows its whole URL.
    public let viaProxy: Bool
    /// Which stub answered and how.
    private let outcome: ServeOutcome

    init(
        sequence: Int, request: HTTPRequest, outcome: ServeOutcome, bodyLimit: Int = .max,
        sharing: inout RepeatSharing
    ) {
        bodySize = request.body.count
        bodyHash = Self.fnv1a(request.body)
        body = request.body.count > bodyLimit ? Array(request.body.prefix(bodyLimit)) : request.body
        self.sequence = sequence
        method = request.method
        uri = sharing.shared(uri: request.uri)
        headers = sharing.shared(headers: request.headers)
        receivedAt = Date()
        scheme = request.scheme
        viaProxy = request.viaProxy
        self.outcome = outcome
    }

    /// The path as sent (percent-encoded), without the query.
    public var path: String {
        guard let mark = uri.firstIndex(of: "?") else { return uri }
        return String(uri[..<mark])
    }

    /// The raw query string without `?`, or empty.
    public var query: String {
        guard let mark = uri.firstIndex(of: "?") else { return "" }
        return String(uri[uri.index(after: mark)...])
    }

    /// True when `body` holds only the start of a longer body: matching on content sees that start only.
    public var bodyWasCut: Bool { bodySize > body.count }
    /// The stub that answered, or nil when none matched.
    public var matchedStub: UUID? { outcome.matchedStub }
    /// The summary line of the stub that answered, or nil.
    public var matchedStubSummary: String? { outcome.matchedStubSummary }
    /// Why no stub matched (the 404 body), or nil when one did.
    public var nearMiss: String? { outcome.nearMiss }
    /// The status the mock answered with (404 for a request nothing matched), as WireMock's serve event has it.
    public var responseStatus: Int { outcome.responseStatus }

    /// The request for matching filters against later, made from what was kept (no connection).
    var request: HTTPRequest {
        var request = HTTPRequest(method: method, uri: uri, headers: headers, body: body)
        request.scheme = scheme
        return request
    }

    /// The first value of the named header, compared case-insensitively.
    public func header(_ name: String) -> String? { request.header(name) }

    /// The query parameters, decoded, in order.
    public var queryItems: [(name: String, value: String)] { request.queryItems }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// `METHOD /path?query`, as the request line had it; a cut body says so.
    public var summary: String {
        bodyWasCut ? "\(method) \(uri) (body cut to \(body.count) of \(bodySize) bytes)" : "\(method) \(uri)"
    }

    /// FNV-1a, 64 bits: a stable hash in a few lines, to compare bodies the journal cut. Not for security.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
