import Foundation
import HTTPCore
import NIOConcurrencyHelpers

/// The web target's browser proxy (`web_proxy`): one listener on `127.0.0.1` that the run's Chromium is started
/// with (`--proxy-server`), whose requests go to the scenario's browser-proxying mock, so that mock's stubs answer
/// the page's requests to any origin, http and https.
///
/// The browser is started once per run and a scenario's mock later, on a port of its own; Chromium cannot be
/// told of a new proxy without a restart, so this relay stays where Chromium looks and hands each request to the
/// mock routed now (`route`). It is a browser proxy itself (`ForwardProxy`): absolute-form requests and `CONNECT`
/// tunnels end here, HTTPS decrypted with certificates of the run's one CA, which Chromium trusts by its key's
/// hash (`chromiumArguments`). Requests are routed one by one in process, not connections spliced to the mock's
/// port: a connection Chromium keeps open across scenarios reaches the current mock, never a stopped one, and no
/// second interception (mock behind relay) is needed. A request a mock took but has not answered when it stops (a
/// delayed stub) is answered `502` by the relay then, so a stopped mock never answers the browser either.
///
/// With no mock routed (between scenarios, or a scenario without one) it answers `502` saying so: a run never
/// reaches the network through it by accident, as the mock's own browser proxying never does without
/// `pass_through`. Chromium sends loopback requests (`127.0.0.1`, `localhost`) directly, so a page served there
/// and `web_backend`'s rewritten calls do not pass through it.
public final class BrowserProxyRelay: Sendable {
    /// The CA whose certificates the tunnels present; a browser-proxying mock of the run signs with it too.
    public let authority: CertificateAuthority
    /// The CA's certificate in a file of the run's own (`server.ca_file`), removed at `stop()`.
    public let caFile: String
    /// The proxy's address for Chromium, e.g. `http://127.0.0.1:40211`.
    public var url: String { server.url }
    private let server: HTTPServer
    private let routes: RelayRoutes

    /// Connections the relay keeps open at once (one more is answered 503): Chromium opens at most six per host
    /// to an HTTP/1 proxy and 32 in all by default, so this bound is only reached by something that is not it.
    public static let maxConnections = 256
    /// `CONNECT` tunnels open at once, within `maxConnections`.
    public static let maxTunnels = 128

    private init(authority: CertificateAuthority, caFile: String, server: HTTPServer, routes: RelayRoutes) {
        self.authority = authority
        self.caFile = caFile
        self.server = server
        self.routes = routes
    }

    /// Makes the run's CA, writes its certificate to the temporary folder and listens on `127.0.0.1`, port 0.
    public static func start() throws -> BrowserProxyRelay {
        let authority: CertificateAuthority
        do {
            authority = try CertificateAuthority(name: "fscript web proxy CA")
        } catch {
            throw WebTargetError("cannot make the web proxy's CA: \(error)")
        }
        let caFile = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "fscript-web-proxy-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))-ca.pem")
        do {
            try Data(authority.certificatePEM.utf8).write(to: URL(fileURLWithPath: caFile), options: .atomic)
        } catch {
            throw WebTargetError("cannot write the web proxy's CA certificate to \(caFile): \(error)")
        }
        var limits = ServerLimits.standard
        limits.maxConnections = maxConnections
        let routes = RelayRoutes()
        do {
            let server = try HTTPServer.start(
                host: "127.0.0.1", port: 0, responder: RelayResponder(routes: routes), limits: limits,
                proxy: ForwardProxy(authority: authority, maxTunnels: maxTunnels))
            return BrowserProxyRelay(authority: authority, caFile: caFile, server: server, routes: routes)
        } catch {
            unlink(caFile)
            throw WebTargetError("cannot start the web proxy on 127.0.0.1: \(error)")
        }
    }

    /// What Chromium is started with to use this relay for every origin but loopback and to trust the run's CA
    /// alone, by its key's hash (no certificate store to fill, nothing else trusted); and with its own services
    /// kept quiet, whose calls (component updates, network time, account checks) would otherwise reach the
    /// scenario's mock among the page's and show as its 404s.
    public var chromiumArguments: [String] {
        [
            "--proxy-server=\(url)", "--ignore-certificate-errors-spki-list=\(authority.publicKeyPin)",
            "--disable-component-update", "--disable-sync", "--no-pings", "--disable-domain-reliability",
            "--allow-browser-signin=false",
            "--disable-features=NetworkTimeServiceQuerying,OptimizationHints,Translate,MediaRouter,"
                + "AutofillServerCommunication,InterestFeedContentSuggestions,SearchEnginePreconnector,"
                + "SearchEnginePreconnect2,PreconnectToSearch,Prerender2,NavigationPredictor,"
                + "SearchPrefetchServicePrefetching,LoadingPredictorPrefetch",
            // Services no switch turns off are pointed at a closed loopback port, which Chromium reaches directly.
            "--component-updater=url-source=http://127.0.0.1:9/", "--gaia-url=http://127.0.0.1:9/",
        ]
    }

    /// Sends the browser's requests to `responder` (a browser-proxying mock's) from now on, until `unroute(owner)`;
    /// the latest routed owner still routed gets them.
    public func route(_ owner: AnyObject, to responder: any HTTPResponder) {
        routes.add(ObjectIdentifier(owner), responder)
    }

    /// Ends `owner`'s route (its mock stops): the one routed before it, if still routed, gets the requests again.
    /// A request the route's responder has not answered yet (a delayed stub) is answered `502` now, not by it.
    public func unroute(_ owner: AnyObject) {
        for waiting in routes.remove(ObjectIdentifier(owner)) { waiting.succeed(RelayResponder.stopped) }
    }

    /// Runs `body` (a browser starting: its WebDriver session, then `about:blank`, before the page loads) with the
    /// routes held, so what Chromium asks for as it starts (a search engine's start page, account checks) is
    /// answered `502` here and never reaches the scenario's mock, whose journal and 404s are then the page's alone.
    public func holding<T>(_ body: () throws -> T) rethrows -> T {
        try routes.holding(body)
    }

    /// Connections open now.
    public var connectionCount: Int { server.connectionCount }

    /// Stops listening, closes every connection and removes the CA file; safe to call twice.
    public func stop() {
        for waiting in routes.removeAll() { waiting.succeed(RelayResponder.stopped) }
        server.stop()
        unlink(caFile)
    }
}
