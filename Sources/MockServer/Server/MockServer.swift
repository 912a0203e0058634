import Foundation
import HTTPCore
import JSON
import Synchronization

/// An HTTP mock backend that a UI test runs in its own process, as WireMock or OkHttp's MockWebServer.
///
/// Start it on port 0, point the app at `url`, add stubs, drive the UI, then check `requests` or `verify`.
/// Every method is thread-safe: the test thread stubs and verifies while the server's event loops answer.
/// Unmatched requests get a 404 whose body names the closest stub and what did not match.
public final class MockServer: Sendable {
    private let server: HTTPServer
    /// The HTTPS listener beside the plain one (`--https-port`, `mock.start{https = true}`), same stubs and journal.
    private let secureServer: HTTPServer?
    private let stubStore: StubStore
    /// Internal so a test can fill it in process (50,000 requests over sockets take a debug build 15 s).
    let journal: RequestJournal
    private let tracker: InFlightTracker
    private let mappings: LoadedMappings
    private let shutdownSwitch: ShutdownSwitch
    private let webhooks: WebhookSender
    /// What its listeners answer with (stubs, journal, CORS when asked): a listener that is not the mock's own
    /// hands requests to it too, as the web target's browser proxy does for the scenario's mock, so they are
    /// matched, journalled and counted in flight as if they had come to `url`.
    public let responder: any HTTPResponder

    private init(
        server: HTTPServer, secureServer: HTTPServer?, stubs: StubStore, journal: RequestJournal,
        tracker: InFlightTracker, mappings: LoadedMappings, shutdownSwitch: ShutdownSwitch, webhooks: WebhookSender,
        responder: any HTTPResponder
    ) {
        self.responder = responder
        self.server = server
        self.secureServer = secureServer
        self.stubStore = stubs
        self.journal = journal
        self.tracker = tracker
        self.mappings = mappings
        self.shutdownSwitch = shutdownSwitch
        self.webhooks = webhooks
    }

    /// Binds and starts serving with no stubs. Port 0 picks a free port; read it back from `port` or `url`.
    ///
    /// - Parameter filesDirectory: where relative `ResponseBody.file` paths are looked up; nil means the
    ///   current directory. Mapping files loaded with `load(directory:)` resolve against their own `__files`.
    /// - Parameter journalLimit: how many requests the journal keeps (the oldest go first; counts stay exact).
    /// - Parameter globalTemplating: every stub's response is a Handlebars template, as WireMock's
    ///   `--global-response-templating`; otherwise only stubs with the `response-template` transformer (or
    ///   `template = true` in Lua) are.
    /// - Parameter proxy: where requests no stub answers go instead of a 404 (and whether they are recorded).
    /// - Parameter upstream: the HTTP client of proxying stubs; the proxy's own when nil and there is a proxy.
    /// - Parameter cors: answer browsers' preflights and let any page read the answers, as WireMock's
    ///   `--enable-stub-cors`: a web page under test calls the mock from its own origin.
    /// - Parameter https: also listen for HTTPS on this port (0: a free one) with this certificate, as WireMock's
    ///   `--https-port`; the plain listener stays.
    /// - Parameter browserProxy: the plain listener is also a browser's proxy (WireMock's
    ///   `--enable-browser-proxying`): stubs answer other hosts' URLs, told apart by `host`, `scheme` and `port`.
    /// - Parameter passThrough: with `browserProxy`, what no stub answers goes on to its real host.
    public static func start(
        host: String = "127.0.0.1", port: Int = 0, filesDirectory: String? = nil, limits: ServerLimits = .standard,
        journalLimit: Int = defaultJournalLimit, globalTemplating: Bool = false, proxy: ProxyRecorder? = nil,
        upstream: UpstreamClient? = nil, cors: Bool = false, https: (port: Int, identity: TLSIdentity)? = nil,
        browserProxy: ForwardProxy? = nil, passThrough: Bool = false
    ) throws -> MockServer {
        let stubs = StubStore()
        stubs.templatesEverything = globalTemplating
        let journal = RequestJournal()
        journal.entryLimit = max(1, journalLimit)
        let tracker = InFlightTracker()
        let mappings = LoadedMappings()
        let shutdownSwitch = ShutdownSwitch()
        let stopper = Mutex<[HTTPServer]>([])
        let proxied = ProxiedAnswers()
        let admin = AdminAPI(
            stubs: stubs, journal: journal, mappings: mappings, proxied: proxied, recording: RecordingState()
        ) {
            shutdownSwitch.trigger { for listener in stopper.withLock({ $0 }) { listener.stop() } }
        }
        let webhooks = WebhookSender()
        let responder = MockResponder(
            stubs: stubs, journal: journal, inFlight: tracker, filesDirectory: filesDirectory, admin: admin, proxy: proxy,
            upstream: upstream ?? proxy?.client ?? UpstreamClient(), proxied: proxied, webhooks: webhooks,
            passThrough: passThrough && browserProxy != nil)
        let answering = cors ? CORSResponder(wrapping: responder) as any HTTPResponder : responder
        let server = try HTTPServer.start(
            host: host, port: port, responder: answering, limits: limits, proxy: browserProxy)
        var secureServer: HTTPServer?
        if let https {
            do {
                secureServer = try HTTPServer.start(
                    host: host, port: https.port, responder: answering, limits: limits, tls: https.identity)
            } catch {
                server.stop()
                throw error
            }
        }
        stopper.withLock { $0 = [server] + (secureServer.map { [$0] } ?? []) }
        return MockServer(
            server: server, secureServer: secureServer, stubs: stubs, journal: journal, tracker: tracker, mappings: mappings,
            shutdownSwitch: shutdownSwitch, webhooks: webhooks, responder: answering)
    }

    /// What `POST /__admin/shutdown` does instead of stopping this mock (the default): `fscript mock` ends its
    /// process. Runs on a thread of its own.
    public func onShutdownRequest(_ action: @escaping @Sendable () -> Void) {
        shutdownSwitch.set(action)
    }

    /// True once a client sent `POST /__admin/shutdown`.
    public var shutdownWasRequested: Bool { shutdownSwitch.wasRequested }

    /// Requests the journal keeps unless told otherwise.
    public static let defaultJournalLimit = RequestJournal.defaultEntryLimit

    /// How many requests arrived since the start or the last reset, including any the journal no longer keeps.
    public var requestCount: Int { journal.total }

    /// The base URL to give the app, e.g. `http://127.0.0.1:50123`.
    public var url: String { server.url }

    /// The port really listened on.
    public var port: Int { server.port }

    /// The HTTPS base URL (`https://127.0.0.1:50124`), nil without an HTTPS listener.
    public var httpsURL: String? { secureServer?.url }

    /// The HTTPS port really listened on, nil without an HTTPS listener.
    public var httpsPort: Int? { secureServer?.port }

    /// The host it listens on.
    public var host: String { server.host }

    /// Adds a stub; it answers matching requests from now on. Throws for a bad regular expression, bad JSON or
    /// an empty response list, so the mistake surfaces where the stub was written.
    @discardableResult
    public func stub(_ stub: Stub) throws -> UUID {
        try stubStore.add(stub)
        return stub.id
    }

    /// Adds a stub with one response: `try mock.stub(.init(method: "GET", path: "/api/items"), .json("[]"))`.
    @discardableResult
    public func stub(_ request: RequestPattern, _ response: ResponseDefinition) throws -> UUID {
        try stub(Stub(request: request, response: response))
    }

    /// Removes one stub; false when no stub has that id.
    @discardableResult
    public func removeStub(_ id: UUID) -> Bool {
        stubStore.remove(id)
    }

    /// The stubs, oldest first.
    public var stubs: [Stub] { stubStore.stubs }
    /// How many requests were matched and answered on their event loop (light stubs, `Stub.isLight`).
    var lightDecisionCount: Int { stubStore.lightDecisionCount }
    /// Whether a test waits in `waitForRequest` now.
    var isWaited: Bool { journal.isWaited }

    /// Every request received since the start or the last reset, in order of arrival.
    public var requests: [LoggedRequest] { journal.all }

    /// The received requests that match `filter` (scenario states are not part of a filter).
    public func requests(matching filter: RequestPattern) throws -> [LoggedRequest] {
        journal.requests(matching: RequestMatcher(filter))
    }

    /// The received requests no stub matched; each carries its near-miss explanation.
    public var unmatchedRequests: [LoggedRequest] { journal.all.filter { $0.matchedStub == nil } }

    /// The stub closest to a received request as the stubs stand now, and what differs: nothing when one matches
    /// it now, which for a request no stub answered means that stub was added after the request came. Nil when
    /// the mock has no stubs. For a failed test's report (the 404s and their cause).
    public func closestStub(to entry: LoggedRequest) -> (summary: String, differences: String)? {
        // As the admin API's near misses rank (WireMock's distance, then precedence).
        stubStore.nearMisses(for: entry.request, limit: 1).first.map {
            ($0.stub.summary, $0.outcome.explanation)
        }
    }

    /// Throws a `VerificationError` unless exactly `count` received requests match `filter`. The error lists every
    /// request received and how each differs from the filter.
    public func verify(_ filter: RequestPattern, count: Int = 1) throws {
        guard count >= 0 else { throw MockServerError.invalidCount(count) }
        try journal.verify(RequestMatcher(filter), count: count, atLeast: false)
    }

    /// Throws a `VerificationError` unless at least `count` received requests match `filter`.
    public func verify(_ filter: RequestPattern, atLeast count: Int) throws {
        guard count >= 0 else { throw MockServerError.invalidCount(count) }
        try journal.verify(RequestMatcher(filter), count: count, atLeast: true)
    }

    /// Returns the earliest received request that matches `filter`, blocking until one arrives; throws a
    /// `VerificationError` after `timeout` seconds. Already journaled requests count, so a request that beat the
    /// call is not missed; call `resetRequests()` first to wait only for new ones. Never call it on an event loop.
    @discardableResult
    public func waitForRequest(_ filter: RequestPattern = RequestPattern(), timeout: Double = 2) throws
        -> LoggedRequest
    {
        try journal.waitForRequest(RequestMatcher(filter), timeout: timeout)
    }

    /// The requests being answered right now (delayed or hung), as `METHOD /path`, oldest first; for a test's
    /// wait-for-idle to count the backend as busy.
    public var inFlight: [String] { tracker.descriptions }

    /// The current state of a scenario; `Started` until a stub moves it.
    public func scenarioState(_ name: String) -> String {
        stubStore.state(of: name)
    }

    /// Puts a scenario in a state, to start a test in the middle of a flow.
    public func setScenarioState(_ name: String, to state: String) {
        stubStore.setState(of: name, to: state)
    }

    /// Removes every stub, forgets every request and puts every scenario back to `Started`, as between tests.
    public func reset() {
        stubStore.removeAll()
        journal.reset()
    }

    /// Forgets the received requests only.
    public func resetRequests() {
        journal.reset()
    }

    /// Puts every scenario back to `Started`, keeping stubs and requests.
    public func resetScenarios() {
        stubStore.resetScenarios()
    }

    /// Loads WireMock mapping files: `DIR/mappings/*.json` (or `DIR/*.json` when there is no `mappings`
    /// folder), each one mapping or `{"mappings": [...]}`; `bodyFileName` is read from `DIR/__files`. Nothing is
    /// added when any file is wrong; the `MappingError` names the file and the field.
    @discardableResult
    public func load(directory: String) throws -> [Stub] {
        let loaded = try MappingLoader.load(directory: directory)
        for stub in loaded { try stubStore.add(stub) }
        mappings.add(loaded, root: directory)
        return loaded
    }

    /// Stops listening and closes every connection, hung ones included; safe to call twice. Webhooks still waiting
    /// for their delay are not sent (each is said in the log), so a stopped mock calls nobody.
    public func stop() {
        server.stop()
        secureServer?.stop()
        webhooks.cancelAll()
    }
}
