import Foundation

/// A verification or a wait that failed: what was expected, and every request that did arrive.
///
/// Listing each received request with the way it differs from the filter answers the first question a failing
/// UI test raises ("did the app call the backend at all, and with what?") without a debugger.
public struct VerificationError: Error, Sendable, CustomStringConvertible {
    /// The whole message, several lines.
    public let description: String
    /// The requests the journal held when the check failed.
    public let received: [LoggedRequest]

    init(headline: String, filter: RequestMatcher, received: [LoggedRequest]) {
        self.received = received
        var lines = [headline]
        if received.isEmpty {
            lines.append("No requests were received.")
        } else {
            lines.append("Requests received (\(received.count)):")
            // The latest ones: a journal of thousands made a message of megabytes (every entry, near misses
            // and all), which no one reads and a report should not carry.
            let shown = received.suffix(Self.listedAtMost)
            if received.count > shown.count {
                lines.append("  … \(received.count - shown.count) earlier ones not shown (mock:requests() lists them all)")
            }
            for entry in shown {
                let outcome = filter.evaluate(entry.request)
                let verdict = outcome.isMatch ? "matches" : outcome.explanation
                lines.append(Self.indented("  \(entry.sequence). \(entry.summary): \(verdict)"))
                if let nearMiss = entry.nearMiss { lines.append(Self.indented("     \(nearMiss)")) }
            }
        }
        description = lines.joined(separator: "\n")
    }

    /// A possibly multi-line text (a JSON body's differing fields) with its later lines moved under its entry.
    private static func indented(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\n     ")
    }

    /// The most requests a message lists.
    static let listedAtMost = 20

    static func plural(_ count: Int) -> String {
        count == 1 ? "1 request" : "\(count) requests"
    }
}
