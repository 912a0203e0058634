import HTTPCore
import JSON

/// Why a WebDriver command failed, worded "what we were doing, then the cause", as the W3C error says it:
/// `POST /session/…/actions on http://127.0.0.1:9515: move target out of bounds (…)`.
public struct WebDriverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The W3C error code (`no such alert`, `unexpected alert open`, `invalid session id` …), or fscript's own
    /// word for a failure below WebDriver (`transport`, `unexpected answer`).
    public var code: String
    /// The endpoint's message, first line only: drivers append long stack traces.
    public var message: String
    /// The command, e.g. `POST /session/1f3a…/execute/sync`.
    public var command: String

    public init(code: String, message: String, command: String) {
        self.code = code
        self.message = message
        self.command = command
    }

    /// The codes that say the session or the browser is gone: no later command in it can succeed.
    public var sessionIsGone: Bool {
        ["invalid session id", "session not created", "transport", "disconnected"].contains(code)
            || message.contains("chrome not reachable") || message.contains("disconnected")
    }

    public var description: String {
        "\(command): \(code)\(message.isEmpty ? "" : " (\(message))")"
    }

    /// Reads the W3C error object of a failed answer (`{"value":{"error":…,"message":…}}`), or says what came.
    static func from(status: Int, body: [UInt8], command: String) -> WebDriverError {
        if let value = try? JSONValue(parsing: body), let error = value["value"]?["error"]?.stringValue {
            let message = value["value"]?["message"]?.stringValue ?? ""
            let firstLine = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            return WebDriverError(code: error, message: firstLine, command: command)
        }
        let start = String(decoding: body.prefix(120), as: UTF8.self)
        return WebDriverError(code: "unexpected answer", message: "HTTP \(status): \(start)", command: command)
    }
}
