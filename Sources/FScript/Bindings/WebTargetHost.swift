import Foundation
import Synchronization
import HTTPCore
import JSON
import WebTarget

/// The web target behind the preset `app` (`--web URL`, `--target webdriver:URL`): a WebDriver session and the
/// Frankly server in front of it, started on first use like the embedded simulator, so a script that never
/// drives the app starts no browser.
///
/// With `--web` fscript runs chromedriver itself, with a throwaway profile, and ends it (and Chromium) on every
/// path; with `webdriver:URL` the server is someone else's and only the session is fscript's. Either way the
/// bindings talk Frankly to `url`, and resets are `POST /launch` (a fresh page), as with `fscript serve`.
final class WebTargetHost {
    /// Where the browser comes from.
    enum Driver {
        /// fscript starts chromedriver and headless Chromium.
        case chromium
        /// A WebDriver server that is already running (chromedriver, a Selenium Grid, Appium).
        case remote(String)
    }

    let driver: Driver
    let configuration: WebApp.Configuration
    /// The JSON file of capabilities for a remote server's sessions (`--capabilities FILE`), passed through
    /// untouched.
    let capabilitiesFile: String?
    private var chromedriver: ChromeDriverProcess?
    /// The session now driven (a reconnect replaces it from the server's queue), for `stop()` to end.
    private let session = SessionHolder()
    private var server: WebFranklyServer?
    /// The local folder `--web DIR` serves, while it runs.
    private var site: StaticSite?
    /// The Frankly client's connections to the server, ended with it.
    private(set) var http: HTTPClient?
    /// True with `web_proxy`: Chromium is started with the run's browser proxy, which the scenario's
    /// browser-proxying mock answers (see `BrowserProxyRelay`).
    let usesProxy: Bool
    /// The run's browser proxy, started on first need: by the browser's start, or by the first browser-proxying
    /// mock, which may come before the page is first used.
    private var relay: BrowserProxyRelay?
    /// Whether `start` opens the page. False when a launch follows at once (a scenario's reset starting the
    /// browser): the page then loads once, with the scenario's environment, not a second time after one that
    /// leaves its storage, cookies and service workers behind.
    var opensPage = true

    init(
        driver: Driver, configuration: WebApp.Configuration, capabilitiesFile: String? = nil, usesProxy: Bool = false
    ) {
        self.driver = driver
        self.configuration = configuration
        self.capabilitiesFile = capabilitiesFile
        self.usesProxy = usesProxy
    }

    /// The run's browser proxy (started now if it is not yet), nil without `web_proxy`. Only fscript's own
    /// Chromium uses it: `RunArguments` refuses `web_proxy` with a `webdriver:` target, whose browser runs
    /// elsewhere and cannot reach this machine's `127.0.0.1`.
    func browserProxy() throws -> BrowserProxyRelay? {
        guard usesProxy, case .chromium = driver else { return nil }
        if let relay { return relay }
        do {
            let started = try BrowserProxyRelay.start()
            relay = started
            return started
        } catch let error as WebTargetError {
            throw FrankError("web_proxy: \(error.description)")
        }
    }

    /// The capabilities file's JSON object; a file that cannot be read or is not an object says so.
    private func readCapabilities() throws -> JSONValue? {
        try capabilitiesFile.map(Self.capabilities(from:))
    }

    /// The JSON object of capabilities in the file at `path` (`--capabilities`), at most 1 MiB.
    static func capabilities(from path: String) throws -> JSONValue {
        let bytes = try FileSystem.readBounded(path, limit: 1 << 20, what: "--capabilities file")
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw FrankError("--capabilities \(path): not JSON (\(error)); write a JSON object of W3C capabilities")
        }
        guard case .object = value else {
            throw FrankError("--capabilities \(path): expected a JSON object of capabilities, found \(value.typeName)")
        }
        return value
    }

    /// The Frankly server once the target runs (Sendable: another thread may stop it).
    var franklyServer: WebFranklyServer? { server }

    /// The Frankly URL once the target runs, else nil.
    var url: String? { server?.url }

    /// What the user named: the page, or the WebDriver server.
    var displayName: String {
        switch driver {
        case .chromium: return "the web page \(configuration.url)"
        case .remote(let url): return "the WebDriver server \(url)"
        }
    }

    /// How a failure to start begins: what fscript was doing.
    private var failurePrefix: String {
        switch driver {
        case .chromium: return "cannot start \(displayName) in headless Chromium"
        case .remote(let url): return "cannot open a session on the WebDriver server \(url)"
        }
    }

    /// Starts the browser, its session and the Frankly server in front of it, and opens the page (unless
    /// `opensPage` is false); returns the Frankly URL. A failure is an infrastructure error that says what to
    /// install or check.
    ///
    /// `host`, `port` and `limits` are the Frankly server's (`fscript serve --web` takes them from its flags).
    func start(host: String = "127.0.0.1", port: Int = 0, limits: ServerLimits = .standard) throws -> String {
        if let server { return server.url }
        do {
            let client: WebDriverClient
            let capabilities: JSONValue
            switch driver {
            case .chromium:
                let process = try ChromeDriverProcess.start()
                chromedriver = process
                client = WebDriverClient(baseURL: process.url)
                capabilities = Self.headlessChromium(
                    profile: process.profile, size: configuration.windowSize,
                    arguments: try browserProxy()?.chromiumArguments ?? [])
            case .remote(let url):
                client = WebDriverClient(baseURL: url)
                capabilities = try readCapabilities() ?? .object(["browserName": .string("chrome")])
            }
            var configuration = configuration
            if case .chromium = driver { configuration.sizesViewport = true }
            if StaticSite.isLocal(configuration.url) {
                let site = try StaticSite.start(serving: configuration.url)
                self.site = site
                configuration.url = site.startURL
            }
            let relay = try browserProxy()
            // With the web proxy, a session opens with its routes held, on about:blank: Chromium's own start-up
            // calls (a search engine's start page, account checks) get the proxy's 502, not the scenario's mock,
            // and the page then loads once, its requests the mock's alone.
            let open = {
                try relay?.holding {
                    let opened = try client.newSession(capabilities: capabilities)
                    try opened.navigate(to: "about:blank")
                    return opened
                } ?? client.newSession(capabilities: capabilities)
            }
            let first = try open()
            session.current.withLock { $0 = first }
            let app = WebApp(session: first, configuration: configuration)
            // A browser that died mid-scenario fails that scenario; the next launch opens a new session on the
            // same server (chromedriver starts a new Chromium).
            let current = session
            app.reconnect = {
                let next = try open()
                current.current.withLock { $0 = next }
                return next
            }
            if opensPage { try app.launch() }
            server = try WebFranklyServer.start(app: app, host: host, port: port, limits: limits)
            http = HTTPClient()
        } catch let error as PageLoadError {
            stop()
            throw FrankError(Self.didNotLaunch(error.description))
        } catch let error as WebTargetError {
            stop()
            throw FrankError("\(failurePrefix): \(error.description)")
        } catch let error as WebDriverError {
            stop()
            throw FrankError("\(failurePrefix): \(error.description)")
        } catch let error as HTTPServerError {
            stop()
            throw FrankError("\(error); is another server using it? (--port, --host)")
        } catch {
            // Ctrl-C and the test's time limit pass through as they are, to be reported as what they are.
            stop()
            throw error
        }
        return server!.url
    }

    /// What a run says when the start page does not load (`PageLoadError`): the target did not launch, so the
    /// run stops as for an unreachable `--target` (exit 2); `details` names the page and Chromium's reason.
    static func didNotLaunch(_ details: String) -> String {
        "the web target did not launch: \(details)"
    }

    /// Headless Chromium as fscript runs it: its own profile, no sandbox (CI runs as root), native dialogs left
    /// open for the test to answer; `arguments` added (the web proxy's).
    static func headlessChromium(
        profile: String, size: (width: Int, height: Int), arguments: [String] = []
    ) -> JSONValue {
        var options: [String: JSONValue] = [
            "args": .array(
                [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                    "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                    "--disable-search-engine-choice-screen", "--user-data-dir=\(profile)",
                    "--window-size=\(size.width),\(size.height)",
                ].map(JSONValue.string) + arguments.map(JSONValue.string))
        ]
        if let browser = ChromeDriverProcess.locateBrowser() { options["binary"] = .string(browser) }
        return .object([
            "browserName": .string("chrome"), "goog:chromeOptions": .object(options),
            "unhandledPromptBehavior": .string("ignore"), "pageLoadStrategy": .string("normal"),
        ])
    }

    /// Blocks until the Frankly server stops (`GET /exit`, or `stop()` from another thread).
    func wait() throws {
        try server?.wait()
    }

    /// Ends the session, the server and, with `--web`, chromedriver and Chromium; safe to call twice.
    func stop() {
        http?.shutdown()
        http = nil
        server?.stop()
        server = nil
        if let ending = session.current.withLock({ $0.take() }) {
            ending.delete(timeout: 5)
            ending.client.shutdown()
        }
        chromedriver?.stop()
        chromedriver = nil
        site?.stop()
        site = nil
        relay?.stop()
        relay = nil
    }

    deinit {
        stop()
    }
}

/// The session a web target drives now, shared with the reconnect that replaces it.
final class SessionHolder: Sendable {
    let current = Mutex<WebDriverSession?>(nil)
}
