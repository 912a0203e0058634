import Frankly
import HTTPCore

/// Where a `frank.App` sends its requests: a fixed URL (`--target`, `frank.connect`) or the embedded simulator,
/// which starts on the first request rather than when the script starts.
///
/// Startup cost matters (`fscript -e ''` must stay within a few milliseconds), so nothing here opens a socket,
/// starts a thread or touches the event loop group until `client()` is first called.
final class TargetConnector {
    /// What the connector points at.
    enum Source {
        /// A Frankly server at this URL.
        case remote(String)
        /// The in-process simulator, started lazily.
        case embedded(EmbeddedTarget)
        /// A web page or WebDriver server, behind a Frankly server of fscript's, started lazily.
        case web(WebTargetHost)
    }

    let source: Source
    /// Whether requests share kept-alive connections (`frank.connect(url, {reuse = false})` turns it off).
    let reuseConnections: Bool
    /// The time limit of one request, in seconds.
    let requestTimeout: Double
    /// Seconds between the starts of two checks of a wait, when the target has no change feed.
    let pollInterval: Double
    private var cached: FranklyClient?
    /// Why the target is considered down: it stopped answering (refused, reset, or no answer within the request
    /// limit). Every later call fails at once with this cause instead of waiting out its limit again; a relaunch
    /// clears it.
    var down: String?

    init(
        source: Source, reuseConnections: Bool = true, requestTimeout: Double = FranklyClient.defaultTimeout,
        pollInterval: Double = Poller.defaultInterval
    ) {
        self.source = source
        self.reuseConnections = reuseConnections
        self.requestTimeout = requestTimeout
        self.pollInterval = pollInterval
    }

    /// The target's URL as far as it is known without starting anything (the simulator's before it runs).
    var displayURL: String {
        switch source {
        case .remote(let url): return url
        case .embedded(let target): return target.url ?? "the embedded simulator (not started)"
        case .web(let target): return target.url ?? "\(target.displayName) (not started)"
        }
    }

    /// True when the target is the embedded simulator, which `frank.launch` can restart.
    var isEmbedded: Bool {
        if case .embedded = source { return true }
        return false
    }

    /// The client, starting the embedded simulator first when it is not running yet.
    func client() throws -> FranklyClient {
        if let down { throw FrankError(down) }
        if let cached { return cached }
        let url: String
        var http = reuseConnections ? Self.sharedHTTP : HTTPClient(reuseConnections: false)
        switch source {
        case .remote(let remote):
            url = remote
        case .embedded(let target):
            do {
                url = try target.start()
            } catch {
                // An app file that does not load is the run's setup failing, as a broken step file is: the
                // target is down (exit 2), and later scenarios say why at once instead of loading it again.
                down = "\(error)"
                throw error
            }
            if reuseConnections, let own = target.http { http = own }
        case .web(let target):
            do {
                url = try target.start()
            } catch let error as FrankError {
                // No chromedriver, a browser that does not start, a Grid that refuses the session: the run's setup
                // failed (exit 2), and later scenarios say why at once instead of starting a browser again.
                down = error.description
                throw error
            }
            if reuseConnections, let own = target.http { http = own }
        }
        let client = FranklyClient(baseURL: url, timeout: requestTimeout, http: http)
        cached = client
        return client
    }

    /// One pool of kept-alive connections for every target of the process, made on first use (a static `let`
    /// is lazy), so scripts that never touch a target never start the event loop threads.
    static let sharedHTTP = HTTPClient()
}
