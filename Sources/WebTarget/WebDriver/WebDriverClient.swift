import HTTPCore
import JSON
import NIOCore

/// A synchronous client for a W3C WebDriver server: chromedriver, a Selenium Grid 4 hub, an Appium server.
///
/// Each call is one HTTP request on a kept-alive connection (HTTPCore's client), made on the calling thread and
/// interruptible like every other wait in fscript. Bodies are JSON; an answer's payload is its `value` member, and
/// a failed command is thrown as a `WebDriverError` carrying the W3C error code, so callers can tell an open alert
/// (`unexpected alert open`) from a session that is gone.
public final class WebDriverClient: Sendable {
    /// The server, e.g. `http://127.0.0.1:9515` or a Grid's `http://hub:4444/wd/hub`, without a trailing slash.
    public let baseURL: String
    /// Seconds one command may take: page loads and new sessions take longer than the rest.
    public let timeout: Double
    private let http: HTTPClient

    public init(baseURL: String, timeout: Double = 60, http: HTTPClient = HTTPClient()) {
        var url = baseURL
        while url.hasSuffix("/") { url.removeLast() }
        self.baseURL = url
        self.timeout = timeout
        self.http = http
    }

    /// Sends one command and returns the answer's `value`; a non-2xx answer is thrown as its W3C error.
    @discardableResult
    public func command(_ method: String, _ path: String, body: JSONValue? = nil, timeout: Double? = nil) throws
        -> JSONValue
    {
        let label = "\(method) \(path)"
        var request = HTTPClientRequest(method: method, url: baseURL + path)
        if let body {
            request.body = body.jsonBytes
            request.headers = [("Content-Type", "application/json; charset=utf-8")]
        } else if method == "POST" {
            request.body = Array("{}".utf8)
            request.headers = [("Content-Type", "application/json; charset=utf-8")]
        }
        let response: HTTPClientResponse
        do {
            response = try http.send(request, timeout: .nanoseconds(Int64((timeout ?? self.timeout) * 1e9)))
        } catch let error as HTTPClientError {
            throw WebDriverError(code: "transport", message: error.description, command: "\(label) on \(baseURL)")
        }
        guard (200..<300).contains(response.status) else {
            throw WebDriverError.from(status: response.status, body: response.body, command: label)
        }
        guard let parsed = try? JSONValue(parsing: response.body) else {
            throw WebDriverError(
                code: "unexpected answer", message: "not JSON: \(response.bodyText.prefix(120))", command: label)
        }
        return parsed["value"] ?? .null
    }

    /// Opens a session with `capabilities` (the `alwaysMatch` member, passed through untouched) and returns it.
    public func newSession(capabilities: JSONValue, timeout: Double = 120) throws -> WebDriverSession {
        let body: JSONValue = .object(["capabilities": .object(["alwaysMatch": capabilities, "firstMatch": .array([.object([:])])])])
        let value = try command("POST", "/session", body: body, timeout: timeout)
        guard let id = value["sessionId"]?.stringValue else {
            throw WebDriverError(
                code: "unexpected answer", message: "no sessionId in \(value.jsonString.prefix(200))",
                command: "POST /session")
        }
        return WebDriverSession(client: self, id: id, capabilities: value["capabilities"] ?? .object([:]))
    }

    /// Stops the client's kept connections.
    public func shutdown() {
        http.shutdown()
    }
}
