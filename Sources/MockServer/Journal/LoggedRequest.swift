import Foundation
import HTTPCore

/// One request the mock received, as the journal keeps it: what came, when, and which stub answered it.
///
/// Unmatched requests keep the near-miss explanation their 404 carried, so a failing test can print why.
public struct LoggedRequest: Sendable {
    /// The position in the journal, from 1, in order of arrival.
    public let sequence: Int
    /// The method as sent.
    public let method: String
    /// The path as sent (percent-encoded), without the query.
    public let path: String
    /// The raw query string without `?`, or empty.
    public let query: String
    /// The headers in arrival order.
    public let headers: [(name: String, value: String)]
    /// The body bytes, or their first `RequestJournal.bodyLimit` bytes when the body was longer (`bodySize`).
    public let body: [UInt8]
    /// How many bytes the body really had.
    public let bodySize: Int
    /// An FNV-1a hash of the whole body, to tell two long bodies apart after they were cut.
    public let bodyHash: UInt64
    /// True when `body` holds only the start of a longer body: matching on content sees that start only.
    public var bodyWasCut: Bool { bodySize > body.count }
    /// When the whole request had arrived.
    public let receivedAt: Date
    /// The stub that answered, or nil when none matched.
    public let matchedStub: UUID?
    /// The summary line of the stub that answered, or nil.
    public let matchedStubSummary: String?
    /// Why no stub matched (the 404 body), or nil when one did.
    public let nearMiss: String?
    /// The status the mock answered with (404 for a request nothing matched), as WireMock's serve event has it.
    public let responseStatus: Int
    /// The request for matching filters against later.
    let request: HTTPRequest

    init(sequence: Int, request: HTTPRequest, decision: StubStore.Decision, bodyLimit: Int = .max) {
        var request = request
        // The journal outlives connections; it must not keep their futures alive.
        request.connectionClosed = nil
        bodySize = request.body.count
        bodyHash = Self.fnv1a(request.body)
        if request.body.count > bodyLimit { request.body = Array(request.body.prefix(bodyLimit)) }
        self.sequence = sequence
        self.request = request
        method = request.method
        path = request.path
        query = request.query
        headers = request.headers
        body = request.body
        receivedAt = Date()
        switch decision {
        case .matched(let stub, let response, _):
            matchedStub = stub.id
            matchedStubSummary = stub.summary
            nearMiss = nil
            responseStatus = response.status
        case .unmatched(let explanation):
            matchedStub = nil
            matchedStubSummary = nil
            nearMiss = explanation
            responseStatus = 404
        }
    }

    /// The first value of the named header, compared case-insensitively.
    public func header(_ name: String) -> String? { request.header(name) }

    /// The query parameters, decoded, in order.
    public var queryItems: [(name: String, value: String)] { request.queryItems }

    /// The body as UTF-8 text.
    public var bodyText: String { request.bodyText }

    /// `METHOD /path?query`, as the request line had it; a cut body says so.
    public var summary: String {
        bodyWasCut ? "\(method) \(request.uri) (body cut to \(body.count) of \(bodySize) bytes)" : "\(method) \(request.uri)"
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
