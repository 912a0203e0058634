import Frankly
import HTTPCore
import JSON
import NIOCore
import Synchronization
import Testing
import WebTarget

/// A touch on a phone's own app, end to end over HTTP: fscript opens an Appium session, reads the page source,
/// selects with Shelley and sends one W3C touch action at the view's centre, as Appium's drivers expect it.
@Suite struct AppiumPageSourceWireTests {
    /// The capabilities a project file would give: passed through untouched.
    private static let capabilities = #"""
        {"platformName":"iOS","appium:automationName":"XCUITest","appium:deviceName":"iPhone 15",
         "appium:bundleId":"com.acme.app","appium:options":{"noReset":true,"wdaLaunchTimeout":60000}}
        """#

    @Test func aTouchOnIOSIsAFingerTapAtTheButtonsCentreInPoints() throws {
        let appium = try FakeAppium(platformName: "iOS", source: fixture("ios-login.xml"))
        defer { appium.stop() }
        let requested = try JSONValue(parsing: Array(Self.capabilities.utf8))
        let client = WebDriverClient(baseURL: appium.url)
        defer { client.shutdown() }
        let session = try client.newSession(capabilities: requested)
        let app = WebApp(session: session, configuration: .init(url: ""))
        #expect(app.isNativeApp)

        let results = try app.map("button marked:'Log In'", method: "touch", arguments: [])
        #expect(results == [.bool(true)])

        let sent = try #require(appium.body(of: "POST", "/session"))
        #expect(sent["capabilities"]?["alwaysMatch"] == requested)
        // The button is x 16 y 420, 361 by 50 points: its centre is (196.5, 445), rounded as W3C wants integers.
        #expect(appium.actions == [Self.tap(x: 197, y: 445)])
        #expect(appium.paths == ["POST /session", "GET /session/s-1/source", "POST /session/s-1/actions"])
    }

    @Test func aTouchOnAndroidLandsOnTheButtonsCentreInPixels() throws {
        let appium = try FakeAppium(platformName: "Android", source: fixture("android-login.xml"))
        defer { appium.stop() }
        let client = WebDriverClient(baseURL: appium.url)
        defer { client.shutdown() }
        let session = try client.newSession(capabilities: .object(["platformName": .string("Android")]))
        let app = WebApp(session: session, configuration: .init(url: ""))
        _ = try app.map("button marked:'Log In'", method: "touch", arguments: [])
        // bounds="[48,1104][1032,1248]": UiAutomator2 takes pixels.
        #expect(appium.actions == [Self.tap(x: 540, y: 1176)])
    }

    @Test func aDisabledButtonIsNotTouched() throws {
        let appium = try FakeAppium(platformName: "iOS", source: fixture("ios-login.xml"))
        defer { appium.stop() }
        let client = WebDriverClient(baseURL: appium.url)
        defer { client.shutdown() }
        let app = WebApp(
            session: try client.newSession(capabilities: .object(["platformName": .string("iOS")])),
            configuration: .init(url: ""))
        #expect(throws: FranklyError.self) {
            try app.map("button marked:'Forgot password?'", method: "touch", arguments: [])
        }
        #expect(appium.actions.isEmpty)
    }

    /// The body W3C's Perform Actions takes for one tap: a touch pointer moved to the point, pressed, released.
    private static func tap(x: Int, y: Int) -> JSONValue {
        let text = """
            {"actions":[{"type":"pointer","id":"finger","parameters":{"pointerType":"touch"},"actions":[
              {"type":"pointerMove","duration":0,"origin":"viewport","x":\(x),"y":\(y)},
              {"type":"pointerDown","button":0},{"type":"pointerUp","button":0}]}]}
            """
        return try! JSONValue(parsing: Array(text.utf8))
    }
}

/// An Appium server as far as a touch needs one: a new session, the page source, and Perform Actions, recorded.
private final class FakeAppium: Sendable {
    private let server: HTTPServer
    private let log = RequestLog()

    init(platformName: String, source: String) throws {
        let log = self.log
        let created: JSONValue = .object([
            "sessionId": .string("s-1"),
            "capabilities": .object([
                "platformName": .string(platformName), "automationName": .string("XCUITest or UiAutomator2"),
            ]),
        ])
        server = try HTTPServer.start(
            responder: ClosureResponder { request, loop in
                log.requests.withLock { $0.append((request.method, request.path, request.body)) }
                let value: JSONValue
                switch (request.method, request.path) {
                case ("POST", "/session"): value = created
                case ("GET", "/session/s-1/source"): value = .string(source)
                case ("POST", "/session/s-1/actions"): value = .null
                default:
                    let error: JSONValue = .object([
                        "value": .object([
                            "error": .string("unknown command"),
                            "message": .string("\(request.method) \(request.path)"),
                        ])
                    ])
                    return loop.makeSucceededFuture(.json(error.jsonBytes, status: 404))
                }
                return loop.makeSucceededFuture(.json(JSONValue.object(["value": value]).jsonBytes))
            })
    }

    var url: String { server.url }

    func stop() { server.stop() }

    /// `METHOD /path` of each request, in order.
    var paths: [String] { log.requests.withLock { $0.map { "\($0.method) \($0.path)" } } }

    /// The parsed body of the first request to `path`.
    func body(of method: String, _ path: String) -> JSONValue? {
        let bytes = log.requests.withLock { $0.first { $0.method == method && $0.path == path }?.body }
        return bytes.flatMap { try? JSONValue(parsing: $0) }
    }

    /// The bodies of every Perform Actions.
    var actions: [JSONValue] {
        log.requests.withLock { $0.filter { $0.path.hasSuffix("/actions") } }.compactMap {
            try? JSONValue(parsing: $0.body)
        }
    }
}

/// The requests a fake server received, shared with its responder's event loop.
private final class RequestLog: Sendable {
    let requests = Mutex<[(method: String, path: String, body: [UInt8])]>([])
}
