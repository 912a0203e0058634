import ArgumentParser
import HTTPCore
import MockServer

#if canImport(Glibc)
import Glibc
#endif
import Platform

/// `fscript mock [--host 127.0.0.1] [--port N] [--mappings DIR]`: runs the mock backend alone until Ctrl-C.
/// WireMock's own flag names work too (`WireMockFlags`), so a WireMock command line starts it unchanged.
///
/// For apps and drivers outside fscript (a manual run, another test tool, the benchmark): stubs come from
/// WireMock mapping files. Ctrl-C or SIGTERM stops it cleanly, closing every connection, with exit status 0.
struct MockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mock",
        abstract: "Run the HTTP mock backend alone, with stubs from WireMock mapping files, until Ctrl-C."
    )

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "port"))
    var port = 0

    @Option(
        help: ArgumentHelp(
            "A folder of WireMock mapping files (DIR/mappings/*.json, bodies in DIR/__files).", valueName: "dir"))
    var mappings: String?

    @Option(
        help: ArgumentHelp(
            "Requests the journal keeps; the oldest go first, counts stay exact (bodies: 64 KiB each, 64 MiB in all).",
            valueName: "count"))
    var journalLimit = MockServer.defaultJournalLimit

    @Flag(
        help: ArgumentHelp(
            "Render every stub's response as a Handlebars template, not only those with the response-template transformer."))
    var globalResponseTemplating = false

    @Option(
        help: ArgumentHelp(
            "Forward what no stub answers to this backend (http:// or https://) instead of answering 404.", valueName: "url"))
    var proxy: String?

    @Option(
        help: ArgumentHelp(
            "With --proxy: save every forwarded exchange as a WireMock mapping in DIR/mappings (bodies in DIR/__files), "
                + "to replay later with --mappings DIR.", valueName: "dir"))
    var record: String?

    @Option(
        help: ArgumentHelp(
            "The most bytes a backend's answer may have (--proxy, proxying stubs, recordings); a larger one is an "
                + "error answer saying so, and is not kept in memory.", valueName: "bytes"))
    var maxProxyBody = ProxyRecorder.defaultMaxBody

    @Flag(
        help: ArgumentHelp(
            "Run one event loop per CPU the process may use, each pinned to its CPU: a steadier 99th percentile under "
                + "a load that keeps every core busy, on a machine the mock has to itself. Leave it off on shared CI "
                + "runners."))
    var pinEventLoops = false

    @Flag(
        help: ArgumentHelp(
            "Answer browsers' cross-origin preflights and let any page read the answers, as WireMock's flag of the "
                + "same name: for a web page that calls the mock from its own origin."))
    var enableStubCors = false

    @OptionGroup(title: "Server limits")
    var serverLimits: ServerLimitOptions

    @OptionGroup(title: "HTTPS")
    var httpsOptions: HTTPSOptions

    @OptionGroup(title: "Browser proxying")
    var browserProxy: BrowserProxyOptions

    @OptionGroup(title: "WireMock's names (a WireMock command line starts the mock unchanged)")
    var wireMock: WireMockFlags

    mutating func validate() throws {
        let wireMockFlags = wireMock
        try wireMockFlags.fold(into: &self)
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, got \(port)") }
        if record != nil && proxy == nil {
            throw ValidationError("--record saves what --proxy forwards: give --proxy URL too")
        }
        guard (1...(1 << 40)).contains(maxProxyBody) else {
            throw ValidationError("--max-proxy-body must be from 1 to 1099511627776 bytes, got \(maxProxyBody)")
        }
        guard (1...10_000_000).contains(journalLimit) else {
            throw ValidationError("--journal-limit must be from 1 to 10000000, got \(journalLimit)")
        }
    }

    func run() throws {
        // Before the server's threads exist: each would otherwise get a heap of its own that keeps what it freed.
        HeapArenas.limit(to: 2)
        HeapArenas.mapBlocks(from: 128 * 1024)
        SignalTrap.catch([SIGINT, SIGTERM])
        if pinEventLoops {
            do {
                let cpus = try MockServer.pinEventLoops()
                writeError("event loops pinned to CPUs \(cpus.map(String.init).joined(separator: ", "))\n")
            } catch {
                writeError("fscript mock: \(error); run it without --pin-event-loops\n")
                throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
            }
        }
        let server: MockServer
        var recorder: ProxyRecorder?
        if let proxy {
            do {
                recorder = try ProxyRecorder(upstream: proxy, recordingInto: record, maxBody: maxProxyBody)
            } catch {
                writeError("fscript mock: \(error)\n")
                throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
            }
        }
        var secure: (listener: (port: Int, identity: TLSIdentity)?, caFile: String?)
        var forwardProxy: ForwardProxy?
        do {
            // One CA for the HTTPS listener and the proxy's tunnels: the client trusts one file.
            let authority = browserProxy.enableBrowserProxying ? try CertificateAuthority() : nil
            secure = try httpsOptions.listener(authority: authority)
            if let authority {
                forwardProxy = ForwardProxy(authority: authority, maxTunnels: browserProxy.maxTunnels)
                secure.caFile = try secure.caFile ?? httpsOptions.writeAuthority(authority)
            }
        } catch {
            writeError("fscript mock: \(error)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        do {
            server = try MockServer.start(
                host: host, port: port, limits: serverLimits.limits, journalLimit: journalLimit,
                globalTemplating: globalResponseTemplating, proxy: recorder,
                upstream: recorder?.client ?? UpstreamClient(maxBody: maxProxyBody), cors: enableStubCors,
                https: secure.listener, browserProxy: forwardProxy, passThrough: browserProxy.proxyPassThrough)
        } catch {
            writeError("fscript mock: \(error); is another server using it? (--port, --host)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        if let mappings {
            do {
                let stubs = try server.load(directory: mappings)
                writeError("loaded \(stubs.count) stubs from \(mappings)\n")
            } catch {
                server.stop()
                writeError("fscript: cannot load the mappings in \(mappings): \(error)\n")
                throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
            }
        }
        if wireMock.noRequestJournal { server.disableJournal() }
        for note in wireMock.notes { writeError("fscript mock: \(note)\n") }
        server.onLog(verbose: wireMock.verbose) { line in writeError(line + "\n") }
        // POST /__admin/shutdown ends the process as Ctrl-C does: through the one interrupt mechanism.
        server.onShutdownRequest { Interruption.raise() }
        Exposure.warnIfExposed("the mock", host: host, port: server.port, exposes: "read its journal and change its stubs")
        print(server.url)
        if let httpsURL = server.httpsURL { print(httpsURL) }
        if let caFile = secure.caFile {
            let what = forwardProxy == nil ? "HTTPS certificate" : "HTTPS certificates (and the proxy's tunnels)"
            writeError("\(what) signed by the mock's CA, written to \(caFile) (curl --cacert \(caFile))\n")
        }
        if forwardProxy != nil {
            writeError("browser proxy on \(server.url): curl --proxy \(server.url) --cacert CA https://api.example.com/…\n")
        }
        fflush(nil)
        SignalTrap.waitForSignal()
        server.stop()
        // A CA file the mock made in the temporary folder goes with it; one the user named (--https-ca-file) stays.
        if httpsOptions.httpsCaFile == nil, let caFile = secure.caFile { unlink(caFile) }
        let why = server.shutdownWasRequested ? " (shut down over the admin API)" : ""
        writeError("mock stopped after \(server.requestCount) requests\(why)\n")
    }
}
