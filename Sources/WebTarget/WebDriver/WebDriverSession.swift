import Foundation
import JSON

/// One WebDriver session: a browser (or a device's app) that fscript drives through W3C commands.
///
/// It holds no state of its own beyond the id, so every command is one request; what the page looks like is
/// read by one script (`PageScript`) rather than a command per element, which is where WebDriver clients that
/// ask element by element lose their time.
public final class WebDriverSession: Sendable {
    public let client: WebDriverClient
    public let id: String
    /// What the server granted (`browserName`, `platformName`, Appium's `automationName` …).
    public let capabilities: JSONValue

    /// The phone the session drives (Appium's `platformName`), nil for a desktop browser.
    public let phone: AppiumPageSource.Platform?

    init(client: WebDriverClient, id: String, capabilities: JSONValue) {
        self.client = client
        self.id = id
        self.capabilities = capabilities
        switch capabilities["platformName"]?.stringValue?.lowercased() {
        case "ios": phone = .iOS
        case "android": phone = .android
        default: phone = nil
        }
    }

    /// The key WebDriver uses for an element reference in JSON.
    public static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    private var path: String { "/session/\(id)" }

    /// True when the browser is Chromium's (chromedriver), which takes Chrome DevTools commands.
    public var isChromium: Bool {
        let name = capabilities["browserName"]?.stringValue?.lowercased() ?? ""
        return name == "chrome" || name == "chromium" || name == "chrome-headless-shell"
            || capabilities["goog:chromeOptions"] != nil || capabilities["chrome"] != nil
    }

    /// Runs `script` (a function body: `arguments[0]` … are `arguments`) in the page and returns what it returned.
    public func execute(_ script: String, _ arguments: [JSONValue] = [], timeout: Double? = nil) throws -> JSONValue {
        try client.command(
            "POST", path + "/execute/sync",
            body: .object(["script": .string(script), "args": .array(arguments)]), timeout: timeout)
    }

    /// Loads `url` and waits for the browser's page load strategy.
    public func navigate(to url: String) throws {
        try client.command("POST", path + "/url", body: .object(["url": .string(url)]))
    }

    /// Reloads the page (storage kept).
    public func refresh() throws {
        try client.command("POST", path + "/refresh")
    }

    /// The page's URL.
    public func currentURL() throws -> String {
        try client.command("GET", path + "/url").stringValue ?? ""
    }

    /// Performs W3C input actions (`{"actions": [...]}`, see `InputActions`).
    public func perform(_ actions: [JSONValue]) throws {
        try client.command("POST", path + "/actions", body: .object(["actions": .array(actions)]))
    }

    /// Releases every key and button the actions left pressed.
    public func releaseActions() throws {
        try client.command("DELETE", path + "/actions")
    }

    /// Types `text` into an element as a user would (WebDriver's Element Send Keys).
    public func sendKeys(_ text: String, toElement element: String) throws {
        try client.command("POST", path + "/element/\(element)/value", body: .object(["text": .string(text)]))
    }

    /// A PNG of the viewport.
    public func screenshot() throws -> [UInt8] {
        let value = try client.command("GET", path + "/screenshot")
        guard let text = value.stringValue, let data = Data(base64Encoded: text) else {
            throw WebDriverError(code: "unexpected answer", message: "not a base64 PNG", command: "GET screenshot")
        }
        return Array(data)
    }

    /// The window's outer size in CSS pixels.
    public func windowSize() throws -> (width: Int, height: Int) {
        let rect = try client.command("GET", path + "/window/rect")
        return (rect["width"]?.intValue ?? 0, rect["height"]?.intValue ?? 0)
    }

    /// Sets the window's outer size in CSS pixels.
    public func setWindowSize(width: Int, height: Int) throws {
        try client.command(
            "POST", path + "/window/rect",
            body: .object(["width": .integer(Int64(width)), "height": .integer(Int64(height))]))
    }

    /// The text of the open user prompt (`alert`, `confirm`, `prompt`), or nil when none is open.
    public func alertText() throws -> String? {
        do {
            return try client.command("GET", path + "/alert/text").stringValue ?? ""
        } catch let error as WebDriverError where error.code == "no such alert" {
            return nil
        }
    }

    /// Presses the prompt's OK (accept) or Cancel (dismiss).
    public func closeAlert(accept: Bool) throws {
        try client.command("POST", path + (accept ? "/alert/accept" : "/alert/dismiss"))
    }

    /// Types into a `prompt`'s field.
    public func sendAlertText(_ text: String) throws {
        try client.command("POST", path + "/alert/text", body: .object(["text": .string(text)]))
    }

    /// Deletes every cookie of the current page's domain.
    public func deleteCookies() throws {
        try client.command("DELETE", path + "/cookie")
    }

    /// The page (or an Appium app's UI) as the server's XML or HTML source.
    public func source() throws -> String {
        try client.command("GET", path + "/source").stringValue ?? ""
    }

    /// Sends a Chrome DevTools command (chromedriver's `goog/cdp/execute`); Chromium only.
    @discardableResult
    public func devTools(_ command: String, _ parameters: JSONValue = .object([:])) throws -> JSONValue {
        try client.command(
            "POST", path + "/goog/cdp/execute", body: .object(["cmd": .string(command), "params": parameters]))
    }

    /// Ends the session (the browser quits); a session already gone is not an error.
    public func delete(timeout: Double = 10) {
        _ = try? client.command("DELETE", path, timeout: timeout)
    }
}

extension WebDriverSession {
    /// Runs an asynchronous script: its last argument is the callback that ends it with a value.
    public func executeAsync(_ script: String, _ arguments: [JSONValue] = [], timeout: Double? = nil) throws
        -> JSONValue
    {
        try client.command(
            "POST", "/session/\(id)/execute/async",
            body: .object(["script": .string(script), "args": .array(arguments)]), timeout: timeout)
    }
}
