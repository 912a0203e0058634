import Frankly
import JSON

/// A web page driven over WebDriver, answering Frankly's questions: the model behind `WebFranklyServer`, as
/// `SimulatedApp` is the simulator's.
///
/// Reading the screen is one script (`PageScript`): the whole page as a dump, on which Shelley runs in fscript.
/// Acting is WebDriver input actions at the view's centre, after the page script scrolled it into view and checked
/// that nothing covers it, so a touch lands where a user's would.
///
/// Not thread-safe: `WebFranklyServer` calls it from one queue, one request at a time, as a Frank server answers.
public final class WebApp: @unchecked Sendable {
    /// Where the page comes from and how it is launched.
    public struct Configuration: Sendable {
        /// The page a fresh launch opens.
        public var url: String
        /// The run's launch environment (`--env`, the project file): `window.fscriptEnv` in the page.
        public var environment: [String: String]
        /// The origin the page calls its backend at (`web_backend`): its requests there go to `BACKEND_URL` when
        /// the launch environment has one (the scenario's mock).
        public var backendOrigin: String?
        /// The viewport's size in CSS pixels (`window.innerWidth` × `innerHeight`), portrait: with
        /// `sizesViewport`, every session's window is sized so the page gets this much room.
        public var windowSize: (width: Int, height: Int)
        /// Whether fscript sizes the browser's window itself (its own Chromium). A remote server's window is what
        /// its capabilities made it, and a launch after `set_orientation` puts that size back instead.
        public var sizesViewport = false
        /// How long the DOM must stay unchanged before the page counts as idle, in milliseconds.
        public var quietMilliseconds: Int

        public init(
            url: String, environment: [String: String] = [:], backendOrigin: String? = nil,
            windowSize: (width: Int, height: Int) = (1280, 800), quietMilliseconds: Int = 100
        ) {
            self.url = url
            self.environment = environment
            self.backendOrigin = backendOrigin
            self.windowSize = windowSize
            self.quietMilliseconds = quietMilliseconds
        }
    }

    /// The session now driven; replaced by `reconnect` when the browser died.
    public private(set) var session: WebDriverSession
    /// Makes a new session when the old one is gone (the browser crashed or was closed): the next launch gets a
    /// fresh browser instead of failing every scenario after the one that lost it. Nil: no second chance.
    public var reconnect: (() throws -> WebDriverSession)?
    public private(set) var configuration: Configuration
    /// The launch environment of the page now shown.
    public private(set) var environment: [String: String]
    /// Portrait or one of the landscapes, as `POST /orientation` set it.
    var orientation = Orientation.portrait
    /// The viewport's size in CSS pixels as the last dump read it: gestures stay inside it.
    var viewport: (width: Double, height: Double) = (1280, 800)
    /// True once `set_orientation` resized the window: the next launch puts the run's size back.
    var windowResized = false
    /// The window's outer size minus the viewport's (the browser's own bars), measured once a session: the
    /// window is sized by it so the page's viewport comes out at the size asked for.
    var windowExtra: (width: Int, height: Int)?
    /// The window's size before `set_orientation` first changed it, for a browser fscript does not size.
    var windowBeforeRotation: (width: Int, height: Int)?
    /// True once this session's window was sized for `configuration.windowSize`.
    var viewportSized = false
    /// The DevTools id of the preload script now registered (Chromium only).
    private var preloadID: String?
    /// The preload the current launch uses, for a page that lacks the script.
    private var preload = ""
    /// The pointer a touch uses: a finger on a phone (Appium), a mouse in a browser.
    var pointerKind: InputActions.PointerKind { session.phone == nil ? .mouse : .touch }

    public init(session: WebDriverSession, configuration: Configuration) {
        self.session = session
        self.configuration = configuration
        environment = configuration.environment
    }

    // MARK: Launching

    /// A fresh app: cookies, storage and cache of the page's origin cleared, the preload registered with this
    /// launch's environment over the run's, and the start page loaded. `environment` nil goes back to the run's
    /// own, as a fresh launch of the app does.
    public func launch(environment newEnvironment: [String: String]? = nil, url: String? = nil) throws {
        environment = configuration.environment.merging(newEnvironment ?? [:]) { $1 }
        if let url { configuration.url = url }
        do {
            try launchInSession()
        } catch let error as WebDriverError where error.sessionIsGone {
            guard let reconnect else { throw error }
            session.delete(timeout: 2)
            session = try reconnect()
            preloadID = nil
            (windowExtra, viewportSized, windowResized) = (nil, false, false)
            try launchInSession()
        }
    }

    private func launchInSession() throws {
        try closeAnyAlert()
        try clearState()
        preload = PageScript.preload(environment: environment, rewrites: rewrites)
        if session.isChromium {
            if let preloadID {
                _ = try? session.devTools(
                    "Page.removeScriptToEvaluateOnNewDocument", .object(["identifier": .string(preloadID)]))
            }
            let added = try session.devTools(
                "Page.addScriptToEvaluateOnNewDocument", .object(["source": .string(preload)]))
            preloadID = added["identifier"]?.stringValue
        }
        try restoreWindow()
        orientation = .portrait
        try loadStartPage()
    }

    /// Opens the start page. A page that does not load is a `PageLoadError`, not Chromium's error page taken
    /// for the app.
    private func loadStartPage() throws {
        let url = configuration.url
        do {
            try session.navigate(to: url)
        } catch let error as WebDriverError where !error.sessionIsGone {
            guard let cause = PageLoadError.networkError(in: error.message) else { throw error }
            throw PageLoadError(url: url, cause: cause)
        }
        // Not every driver fails the navigation: then the error page's address says so, and its text the reason.
        guard session.isChromium, try session.currentURL().hasPrefix("chrome-error://") else { return }
        let shown = try? session.execute(
            "var e = document.querySelector('.error-code'); return e ? e.textContent.trim() : '';")
        var cause = shown?.stringValue ?? ""
        if cause.hasPrefix("ERR_") { cause = "net::" + cause }
        throw PageLoadError(url: url, cause: cause)
    }

    /// The page's backend requests sent to the scenario's mock: `web_backend` → `BACKEND_URL`.
    var rewrites: [(from: String, to: String)] {
        guard let origin = configuration.backendOrigin, let mock = environment["BACKEND_URL"], !mock.isEmpty else {
            return []
        }
        return [(from: origin, to: mock)]
    }

    /// Forgets what the page stored: cookies, local and session storage, IndexedDB, cache.
    private func clearState() throws {
        if session.isChromium {
            try session.devTools("Network.clearBrowserCookies")
            try session.devTools("Network.clearBrowserCache")
            try session.devTools(
                "Storage.clearDataForOrigin", .object(["origin": .string("*"), "storageTypes": .string("all")]))
            if let origin = Self.origin(of: configuration.url) {
                try session.devTools(
                    "Storage.clearDataForOrigin", .object(["origin": .string(origin), "storageTypes": .string("all")]))
            }
            return
        }
        // Elsewhere: what WebDriver and the page itself can clear, on the page's own origin.
        _ = try? session.deleteCookies()
        _ = try? session.execute("try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}")
    }

    /// Why `value` is not an origin (`https://api.example.com`, `http://127.0.0.1:8080`), or nil when it is: the
    /// backend's requests are recognised by this prefix, so a path or a missing scheme would never match.
    public static func originProblem(_ value: String) -> String? {
        guard let schemeEnd = value.range(of: "://"), ["http", "https"].contains(value[..<schemeEnd.lowerBound]) else {
            return "must be an origin such as https://api.example.com (scheme, host and port only), got '\(value)'"
        }
        let rest = value[schemeEnd.upperBound...]
        guard !rest.isEmpty, !rest.contains("/"), !rest.contains("?"), !rest.contains("#") else {
            return "must be an origin such as https://api.example.com, without a path, got '\(value)'; the page's "
                + "requests under it go to the mock with their paths"
        }
        return nil
    }

    /// `scheme://host[:port]` of an absolute URL.
    static func origin(of url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let rest = url[schemeEnd.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return host.isEmpty ? nil : String(url[..<schemeEnd.upperBound]) + host
    }

    /// Loads `target` in the page: an absolute URL, or a path relative to the start page.
    public func open(_ target: String) throws {
        try closeAnyAlert()
        try session.navigate(to: Self.resolve(target, against: configuration.url))
    }

    /// `target` as an absolute URL: absolute as is, `/path` on the start page's origin, else beside the start page.
    static func resolve(_ target: String, against base: String) -> String {
        if target.contains("://") { return target }
        guard let origin = origin(of: base) else { return target }
        if target.hasPrefix("/") { return origin + target }
        let path = base.dropFirst(origin.count).prefix { $0 != "?" && $0 != "#" }
        let folder = path.lastIndex(of: "/").map { path[...$0] } ?? "/"
        return origin + folder + target
    }

    /// Reloads the page; storage is kept, as when a user reloads.
    public func reload() throws {
        try closeAnyAlert()
        try session.refresh()
    }

    // MARK: Reading the page

    /// The text of an open `alert`/`confirm`/`prompt`, nil when none is open.
    func openAlert() throws -> String? {
        try session.alertText()
    }

    /// Dismisses a native dialog left open (a launch or a navigation must not stop at it).
    private func closeAnyAlert() throws {
        if try session.alertText() != nil { try session.closeAlert(accept: false) }
    }

    /// Runs a call into the page script (see `PageScript.call`), installing the script first when missing.
    func page(_ call: String, _ arguments: [JSONValue] = []) throws -> JSONValue {
        let script = PageScript.call(call)
        let value = try session.execute(script, arguments)
        guard PageScript.isMissing(value) else { return value }
        if preload.isEmpty { preload = PageScript.preload(environment: environment, rewrites: rewrites) }
        // The preload as the script's own body: no eval, which a page's Content-Security-Policy may forbid.
        _ = try session.execute(preload)
        return try session.execute(script, arguments)
    }

    /// True for a phone's own app driven through Appium (no browser): the screen is its page source, not a page.
    public var isNativeApp: Bool {
        session.phone != nil && (session.capabilities["browserName"]?.stringValue ?? "").isEmpty
    }

    /// The page as Frankly's dump: the key window with the page's views, or with the native dialog on top; for a
    /// native app, its page source read through its platform's class table.
    public func tree() throws -> JSONValue {
        if isNativeApp, let phone = session.phone {
            return try AppiumPageSource.dump(fromXML: session.source(), platform: phone)
        }
        do {
            return try PageTree.finish(page("f.tree()"))
        } catch let error as WebDriverError where error.code == "unexpected alert open" {
            return PageTree.alertWindow(text: try openAlert() ?? "", size: configuration.windowSize)
        }
    }

    /// The views `query` selects, read from one dump, with the windows that hold them: a view knows its
    /// ancestors only while they are held (its parent link is weak), and visibility asks every ancestor.
    func select(_ query: String) throws -> (views: [DumpView], windows: [DumpView]) {
        let dump = try tree()
        if let size = dump["accessibilityFrame"]?["size"], let width = size["width"]?.doubleValue,
            let height = size["height"]?.doubleValue
        {
            viewport = (width, height)
        }
        let windows = DumpView.windows(of: dump)
        do {
            return (try SelectorEvaluator<DumpView>().evaluate(query, windows: windows), windows)
        } catch {
            throw FranklyError.invalidSelector(error.summary)
        }
    }

    /// What keeps the page busy: the document loading, requests in flight, CSS animations, recent DOM changes.
    public func idle() throws -> IdleResponse {
        let value: JSONValue
        do {
            value = try page("f.idle(\(configuration.quietMilliseconds))")
        } catch let error as WebDriverError where error.code == "unexpected alert open" {
            return IdleResponse(busy: [])
        }
        let busy = (value["busy"].map(PageTree.items) ?? []).map { item in
            IdleResponse.Busy(
                kind: item["kind"]?.stringValue ?? "page", what: Self.busyText(item),
                remainingMilliseconds: item["remaining_ms"]?.doubleValue.map { Int($0.rounded()) })
        }
        return IdleResponse(busy: busy)
    }

    /// `GET /api/items in flight for 1.2 s`, `CSS animation spin on div.spinner`.
    private static func busyText(_ item: JSONValue) -> String {
        let what = item["what"]?.stringValue ?? "?"
        guard item["kind"]?.stringValue == "network", let ms = item["ms"]?.doubleValue else { return what }
        return "\(what) in flight for \(String(format: "%.1f", ms / 1000)) s"
    }
}
