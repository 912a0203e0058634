import HTTPCore
import JSON

/// The journal routes as WireMock answers them with `--no-request-journal`: the queries that can say "disabled"
/// do (`count` is -1, `find` and `unmatched` list nothing, each with `requestJournalDisabled: true`), resetting
/// succeeds, and the rest fail with WireMock's 500 and its message. Clients (WireMock's Java and Python clients,
/// scripts that check `requestJournalDisabled`) read these answers, so they are the same here, not fscript's own.
extension AdminAPI {
    /// WireMock's `RequestJournalDisabledException` message.
    static let journalDisabledMessage =
        "The request journal is disabled, so no verification or request searching operations are available"

    /// The answer to a journal route while the journal is disabled, or nil for a route that does not read it.
    func disabledJournalAnswer(_ request: HTTPRequest) -> HTTPResponse? {
        guard journal.isDisabled else { return nil }
        let path = request.path, method = request.method.uppercased()
        let nothing: [String: JSONValue] = ["requests": .array([]), "requestJournalDisabled": .bool(true)]
        switch (method, path) {
        case ("POST", "/__admin/requests/count"):
            return Self.json(.object(["count": .integer(-1), "requestJournalDisabled": .bool(true)]))
        case ("POST", "/__admin/requests/find"), ("GET", "/__admin/requests/unmatched"):
            return Self.json(.object(nothing))
        case ("DELETE", "/__admin/requests"), ("POST", "/__admin/requests/reset"):
            return nil
        default:
            let reads = path.hasPrefix("/__admin/requests") || path == "/__admin/near-misses/request-pattern"
            guard reads else { return nil }
            return HTTPResponse(
                status: 500, headers: [("Content-Type", "text/plain; charset=utf-8")],
                body: Array("RequestJournalDisabledException: \(Self.journalDisabledMessage)\n".utf8))
        }
    }
}
