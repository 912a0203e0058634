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
    /// The body bytes.
    public let body: [UInt8]
    /// When the whole request had arrived.
    public let receivedAt: Date
    /// The stub that answered, or nil when none matched.
    public let matchedStub: UUID?
    /// The summary line of the stub that answered, or nil.
    public let matchedStubSummary: String?
    /// Why no stub matched (the 404 body), or nil when one did.
    public let nearMiss: String?
    /// The request for matching filters against later.
    let request: HTTPRequest

    init(sequence: Int, request: HTTPRequest, decision: StubStore.Decision) {
        var request = request
        // The journal outlives connections; it must not keep their futures alive.
        request.connectionClosed = nil
        self.sequence = sequence
        self.request = request
        method = request.method
        path = request.path
        query = request.query
        headers = request.headers
        body = request.body
        receivedAt = Date()
        switch decision {
        case .matched(let stub, _, _):
            matchedStub = stub.id
            matchedStubSummary = stub.summary
            nearMiss = nil
        case .unmatched(let explanation):
            matchedStub = nil
            matchedStubSummary = nil
            nearMiss = explanation
        }
    }

    /// The first value of the named header, compared case-insensitively.
    public func header(_ name: String) -> String? { request.header(name) }

    /// The query parameters, decoded, in order.
    public var queryItems: [(name: String, value: String)] { request.queryItems }

    /// The body as UTF-8 text.
    public var bodyText: String { request.bodyText }

    /// `METHOD /path?query`, as the request line had it.
    public var summary: String { "\(method) \(request.uri)" }
}
