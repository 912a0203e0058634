/// The start page did not load: nothing listens at its address, its host has no name, the connection broke.
///
/// Chromium does not fail on that: it shows its own error page (`chrome-error://chromewebdata/`), which would
/// then be "the app", and every scenario would fail on "no view matches" with the error page's texts. A launch
/// checks for it and throws this instead, so the run says once that the target did not launch (exit 2).
public struct PageLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The page that was asked for.
    public var url: String
    /// Chromium's reason, e.g. `net::ERR_CONNECTION_REFUSED`; empty when the error page did not say.
    public var cause: String

    /// The `reason` of the ERROR envelope a launch answers with this error, which the client recognises.
    public static let reason = "page did not load"

    public init(url: String, cause: String) {
        self.url = url
        self.cause = cause
    }

    public var description: String {
        "the page \(url) did not load (\(cause.isEmpty ? "Chromium showed its error page" : cause)); "
            + "is its server running?"
    }

    /// Chromium's network error code in a WebDriver message (`unknown error: net::ERR_CONNECTION_REFUSED`),
    /// or nil when the message names none: chromedriver fails a navigation with it when the load fails.
    static func networkError(in message: String) -> String? {
        guard let start = message.range(of: "net::ERR_") else { return nil }
        let code = message[start.lowerBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" }
        return String(code)
    }
}
