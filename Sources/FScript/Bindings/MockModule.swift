import Foundation
import HTTPCore
import LuaKit
import MockServer

/// The `mock` global: `mock.start{port = 0, host = "127.0.0.1", mappings = DIR, files = DIR}` starts an HTTP mock
/// backend and returns its `mock.Server`.
///
/// Servers are registered with the session, so they stop when fscript exits and their requests in flight make
/// `app:wait_for_idle` wait (through `ScriptSession.busySources`).
enum MockModule {
    /// The keys `mock.start` accepts.
    static let startKeys = [
        "port", "host", "advertise", "mappings", "files", "journal_limit", "templating", "proxy", "record", "cors",
        "https", "browser_proxy", "pass_through",
    ]

    /// Registers `mock` and the `mock.Server` class in the session's state.
    static func register(in session: ScriptSession) {
        let state = session.state
        state.register(MockServerObject.luaClass)
        let registry = session.mocks
        state.register(
            module: "mock",
            functions: [
                "start": start,
                // For the runner: mocks a scenario starts stop when it ends.
                "checkpoint": { args in args.result(registry.checkpoint) },
                // For the runner: a failed scenario lists the 404s its mocks answered (`since` its start).
                "misses": { args in args.result(MockMisses.misses(in: registry, since: try args.number(1))) },
                "now": { args in args.result(Date().timeIntervalSince1970) },
                "stop_started_after": { args in
                    // A negative checkpoint sliced the list from -1 (a trap); one past the end stops nothing.
                    let checkpoint = try args.integer(1)
                    guard checkpoint >= 0 else {
                        throw args.badArgument(
                            1, "a checkpoint from mock.checkpoint() (0 or more) expected, got \(checkpoint)")
                    }
                    registry.stop(startedAfter: Int(checkpoint))
                    return .none
                },
            ])
        session.busySources.append { registry.inFlight }
    }

    private static func start(_ args: LuaArgs) throws -> LuaReturn {
        let options = try MockOptions(args, optional: true)
        try options.allowOnly(startKeys)
        let port = try options.integer("port") ?? 0
        guard (0...65535).contains(port) else { throw options.fieldError("port", "0 to 65535 expected, got \(port)") }
        let host = try options.string("host") ?? "127.0.0.1"
        // The options are checked before the server starts, so a bad one is named as itself, not as a failed start.
        let journalLimit = try options.integer("journal_limit") ?? MockServer.defaultJournalLimit
        guard (1...10_000_000).contains(journalLimit) else {
            throw options.fieldError("journal_limit", "1 to 10000000 expected, got \(journalLimit)")
        }
        let templating = try options.string("templating") ?? "per-stub"
        guard ["per-stub", "global"].contains(templating) else {
            throw options.fieldError("templating", "'per-stub' (the default) or 'global' expected, got '\(templating)'")
        }
        var recorder: ProxyRecorder?
        if let upstream = try options.string("proxy") {
            do {
                recorder = try ProxyRecorder(upstream: upstream, recordingInto: try options.string("record"))
            } catch {
                throw options.fieldError("proxy", "\(error)")
            }
        } else if try options.string("record") != nil {
            throw options.fieldError("record", "saves what proxy forwards: give proxy = URL too")
        }
        // A web page calls its mock from its own origin: on a web target the mock answers browsers by default.
        let cors = try options.boolean("cors") ?? (args.host(as: ScriptSession.self)?.drivesWeb ?? false)
        let files = try options.string("files").map(args.pathBesideCaller)
        let https = try options.boolean("https") ?? false
        // With web_proxy, a mock is the browser's proxy unless told not to: that is how the page reaches it.
        let session = args.host(as: ScriptSession.self)
        let browserProxy = try options.boolean("browser_proxy") ?? (session?.browserProxy != nil)
        let passThrough = try options.boolean("pass_through") ?? false
        if passThrough && !browserProxy {
            throw options.fieldError(
                "pass_through", "sends on what a browser proxy's stubs do not answer: give browser_proxy = true too")
        }
        // The run's relay, when the browser goes through one: its CA signs this mock's certificates too, so the
        // one CA Chromium trusts covers `server.ca_file` as well.
        let relay = browserProxy ? try session?.browserProxy?() : nil
        let secure = https || browserProxy ? try relay.map(MockHTTPS.init(relay:)) ?? MockHTTPS.make() : nil
        let listener = https ? try secure.map { (port: 0, identity: try $0.identity()) } : nil
        let server: MockServer
        do {
            server = try MockServer.start(
                host: host, port: port, filesDirectory: files, journalLimit: journalLimit,
                globalTemplating: templating == "global", proxy: recorder, cors: cors,
                https: listener,
                browserProxy: browserProxy ? secure.map { ForwardProxy(authority: $0.authority) } : nil,
                passThrough: passThrough)
        } catch let error as HTTPServerError {
            throw MockStartError(description: "mock.start: \(error); use another port, or port = 0 for a free one")
        } catch {
            throw MockStartError(description: "mock.start: cannot start a mock on \(host):\(port) (\(error))")
        }
        if let given = try options.string("mappings") {
            let mappings = args.pathBesideCaller(given)
            guard FileManager.default.fileExists(atPath: mappings) else {
                server.stop()
                throw options.fieldError("mappings", "no folder '\(given)' (looked \(args.placesLookedFor(given)))")
            }
            do {
                try server.load(directory: mappings)
            } catch {
                server.stop()
                throw MockStartError(description: "cannot load the mappings in \(mappings): \(error)")
            }
        }
        session?.mocks.add(server, madeFiles: relay == nil ? secure.map { [$0.caFile] } ?? [] : [], relay: relay)
        Exposure.warnIfExposed("mock.start", host: host, port: server.port, exposes: "read its journal and change its stubs")
        // A device reaches the mock by an address of this machine, not by the one it binds (0.0.0.0).
        var advertised: String?
        if !Exposure.isLoopback(host) { advertised = try options.string("advertise") ?? session?.advertiseHost }
        return args.result(MockServerObject(server: server, advertisedHost: advertised, caFile: secure?.caFile))
    }
}

/// `mock.start` could not bind or load its mappings.
struct MockStartError: Error, CustomStringConvertible {
    let description: String
}
