/// What `fscript mock`'s WireMock flags change after the start: `--no-request-journal` and `--verbose`, and where
/// the webhooks' outcomes are said.
extension MockServer {
    /// Keeps no request from now on (WireMock's `--no-request-journal`): `requestCount` still counts them, and the
    /// admin API's journal routes answer as WireMock's do with its journal disabled (`count` -1, `find` empty,
    /// listing a 500).
    public func disableJournal() {
        journal.isDisabled = true
    }

    /// Whether the journal keeps requests.
    public var keepsRequests: Bool { !journal.isDisabled }

    /// Sends the mock's lines to `handler` (on the server's threads): each webhook sent, with its status or why it
    /// failed, and with `verbose` each exchange as `GET /path -> 200 (17 bytes)`.
    public func onLog(verbose: Bool = false, _ handler: @escaping @Sendable (String) -> Void) {
        journal.log.listen(verbose: verbose, handler)
    }

    /// What became of each webhook sent (the last 1,000), oldest first: `Webhook POST request to http://… returned status 200`, or
    /// why one was not sent or failed. Also said through `onLog`.
    public var webhookEvents: [String] { journal.log.webhooks }
}
