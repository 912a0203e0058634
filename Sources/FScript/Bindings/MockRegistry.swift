#if canImport(Glibc)
import Glibc
#endif
import MockServer
import WebTarget

/// The mock servers a script started, so the session can stop them at exit and count their requests in flight.
///
/// It keeps the servers alive even when the script drops its `mock.Server` value: a backend the app was pointed at
/// must not vanish with a garbage collection. Lives on the script thread only.
final class MockRegistry {
    private(set) var servers: [MockServer] = []
    /// Files made for a server (its CA certificate in the temporary folder), removed when it stops, so runs do
    /// not leave one behind each.
    private var madeFiles: [ObjectIdentifier: [String]] = [:]
    /// The web proxy each browser-proxying mock is routed on (`web_proxy`): the route ends as the mock stops.
    private var relays: [ObjectIdentifier: BrowserProxyRelay] = [:]

    /// Adds a started server, with the files made for it; with `relay`, the browser's requests go to it from now
    /// until it stops.
    func add(_ server: MockServer, madeFiles files: [String] = [], relay: BrowserProxyRelay? = nil) {
        servers.append(server)
        if !files.isEmpty { madeFiles[ObjectIdentifier(server)] = files }
        if let relay {
            relays[ObjectIdentifier(server)] = relay
            relay.route(server, to: server.responder)
        }
    }

    /// Stops and forgets one server (`server:stop()`).
    func remove(_ server: MockServer) {
        stop(server)
        servers.removeAll { $0 === server }
    }

    /// Stops a server and removes the files made for it.
    private func stop(_ server: MockServer) {
        // Unrouted first: no request of the browser's reaches a mock that is stopping.
        relays.removeValue(forKey: ObjectIdentifier(server))?.unroute(server)
        server.stop()
        for file in madeFiles.removeValue(forKey: ObjectIdentifier(server)) ?? [] { unlink(file) }
    }

    /// Every request any live mock is still answering, as `mock METHOD /path`: what `wait_for_idle` waits out.
    /// The prefix tells it apart from the app's own `network METHOD /path` item for the same call.
    var inFlight: [String] {
        servers.flatMap(\.inFlight).map { "mock " + $0 }
    }

    /// How many servers were started so far: `stop(startedAfter:)` stops those a scenario started.
    var checkpoint: Int { servers.count }

    /// Stops the servers started after `checkpoint` (mocks a scenario started end with it).
    func stop(startedAfter checkpoint: Int) {
        guard checkpoint < servers.count else { return }
        for server in servers[checkpoint...] { stop(server) }
        servers.removeSubrange(checkpoint...)
    }

    /// Stops every server, at the end of the session.
    func stopAll() {
        for server in servers { stop(server) }
        servers.removeAll()
    }
}
