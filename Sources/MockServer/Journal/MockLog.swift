import HTTPCore
import Synchronization

/// Where the mock says what happened outside an answer: each exchange, one line (`fscript mock --verbose`, as
/// WireMock's `--verbose`), and each webhook sent, with the status it got or why it failed. Nothing is said until
/// someone listens (`MockServer.onLog`), so a mock in a test costs one atomic read per request.
final class MockLog: Sendable {
    private let handler = Mutex<(@Sendable (String) -> Void)?>(nil)
    private let exchanges = Atomic<Bool>(false)

    /// The longest request target a line shows: a line per request stays a line, whatever the client sends.
    static let targetLimit = 200

    /// Sends lines to `handler` from now on; exchanges too when `verbose`.
    func listen(verbose: Bool, _ handler: @escaping @Sendable (String) -> Void) {
        self.handler.withLock { $0 = handler }
        exchanges.store(verbose, ordering: .releasing)
    }

    /// Whether each exchange is to be said.
    var logsExchanges: Bool { exchanges.load(ordering: .acquiring) }

    /// Says one line, if anyone listens.
    func say(_ line: String) {
        handler.withLock { $0 }?(line)
    }

    /// The most webhook lines kept for `MockServer.webhookEvents`.
    static let webhookLineLimit = 1000
    private let webhookLines = Mutex<[String]>([])

    /// Says a webhook's outcome (sent and its status, or why not) and keeps it for `MockServer.webhookEvents`.
    func webhook(_ line: String) {
        webhookLines.withLock { lines in
            if lines.count >= Self.webhookLineLimit { lines.removeFirst(lines.count - Self.webhookLineLimit + 1) }
            lines.append(line)
        }
        say(line)
    }

    /// The webhook lines kept, oldest first.
    var webhooks: [String] { webhookLines.withLock { $0 } }

    /// One exchange as a line: `GET /api/items?page=2 -> 200 (17 bytes)`, the target cut to `targetLimit`.
    func exchange(_ request: HTTPRequest, _ response: HTTPResponse) {
        say("\(request.method) \(Self.shortened(request.uri)) -> \(response.status) (\(response.body.count) bytes)")
    }

    /// `text` cut to `targetLimit` characters, control characters shown as `?`, so a line stays one line.
    static func shortened(_ text: String) -> String {
        let cut = text.count > targetLimit ? text.prefix(targetLimit) + "…" : Substring(text)
        return String(cut.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7f ? "?" : Character($0) })
    }
}
