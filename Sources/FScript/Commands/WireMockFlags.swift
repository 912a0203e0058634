import ArgumentParser

/// WireMock's standalone flags under WireMock's names, so a script or a docker-compose file that starts WireMock
/// starts `fscript mock` unchanged: the ones with a meaning here map onto fscript's own flags (`--root-dir` is
/// `--mappings`), the ones about Jetty's threads and buffers are accepted with a note that they change nothing,
/// and the ones whose meaning the mock lacks are refused by name (`WireMockRefusedFlags`).
struct WireMockFlags: ParsableArguments {
    @Option(help: ArgumentHelp("WireMock's name for --host.", valueName: "host"))
    var bindAddress: String?

    @Option(help: ArgumentHelp("WireMock's name for --mappings: stubs from DIR/mappings, bodies from DIR/__files.",
                               valueName: "dir"))
    var rootDir: String?

    @Flag(help: ArgumentHelp("Keep no request in the journal (WireMock's flag): the admin API's journal routes answer "
                             + "as WireMock's do (count -1, find and unmatched empty, listing a 500)."))
    var noRequestJournal = false

    @Option(help: ArgumentHelp("WireMock's name for --journal-limit.", valueName: "count"))
    var maxRequestJournalEntries: Int?

    @Option(help: ArgumentHelp("WireMock's name for --proxy.", valueName: "url"))
    var proxyAll: String?

    @Flag(help: ArgumentHelp("With --proxy-all, record every forwarded exchange as a mapping in --root-dir (the "
                             + "current folder without it), as WireMock does; fscript's --record DIR."))
    var recordMappings = false

    @Flag(help: ArgumentHelp("Say each request and its answer on standard error, one line each (the target cut to "
                             + "200 characters)."))
    var verbose = false

    @Flag(help: ArgumentHelp("Accepted: WireMock's default, as here (templating for stubs that ask for it)."))
    var localResponseTemplating = false

    @Flag(help: ArgumentHelp("Accepted: fscript mock prints no banner."))
    var disableBanner = false

    @Flag(help: ArgumentHelp("Accepted, changes nothing: the mock logs nothing per request unless --verbose."))
    var disableRequestLogging = false

    @Flag(help: ArgumentHelp("Accepted, changes nothing: the mock never compresses its answers."))
    var disableGzip = false

    @Flag(help: ArgumentHelp("Accepted, changes nothing: the mock speaks HTTP/1.1 only."))
    var disableHttp2Plain = false

    @Flag(help: ArgumentHelp("Accepted, changes nothing: the mock speaks HTTP/1.1 only."))
    var disableHttp2Tls = false

    @Flag(help: ArgumentHelp("Accepted, changes nothing: the mock's header checks are its own (--max-head)."))
    var disableStrictHttpHeaders = false

    @Option(help: ArgumentHelp("Accepted, changes nothing: delays are timers, never a thread each.", valueName: "bool"))
    var asyncResponseEnabled: String?

    @Option(help: ArgumentHelp("Accepted, changes nothing: delays are timers, never a thread each.", valueName: "count"))
    var asyncResponseThreads: String?

    @Option(help: ArgumentHelp("Accepted, changes nothing: fscript sizes its own event loops and workers.",
                               valueName: "count"))
    var containerThreads: String?

    @Option(help: ArgumentHelp("Accepted, changes nothing: fscript sizes its own event loops.", valueName: "count"))
    var jettyAcceptorThreads: String?

    @Option(help: ArgumentHelp("Accepted, changes nothing: the backlog is the system's.", valueName: "count"))
    var jettyAcceptQueueSize: String?

    @Option(help: ArgumentHelp("Accepted, changes nothing: the head's limit is --max-head.", valueName: "bytes"))
    var jettyHeaderBufferSize: String?

    @Option(help: ArgumentHelp("Accepted, changes nothing: the head's limit is --max-head.", valueName: "bytes"))
    var jettyHeaderRequestSize: String?

    @Option(help: ArgumentHelp("Accepted, changes nothing: answers' heads are not limited.", valueName: "bytes"))
    var jettyHeaderResponseSize: String?

    @Option(help: ArgumentHelp("Accepted, changes nothing: the idle limit is --idle-timeout.", valueName: "ms"))
    var jettyIdleTimeout: String?

    @Option(help: ArgumentHelp("Accepted, changes nothing: Ctrl-C and SIGTERM stop the mock at once.",
                               valueName: "ms"))
    var jettyStopTimeout: String?

    @Option(help: ArgumentHelp("Accepted, changes nothing: each stub's template is compiled once.", valueName: "count"))
    var maxTemplateCacheEntries: String?

    @Option(help: ArgumentHelp("Accepted, changes nothing: the proxy's connections are pooled by fscript.",
                               valueName: "count"))
    var maxHttpClientConnections: String?

    @OptionGroup var refused: WireMockRefusedFlags

    /// The flags given that change nothing here, each with why, for a note on standard error.
    var notes: [String] {
        let given: [(String, Bool)] = [
            ("--disable-banner", disableBanner), ("--local-response-templating", localResponseTemplating),
            ("--disable-request-logging", disableRequestLogging), ("--disable-gzip", disableGzip),
            ("--disable-http2-plain", disableHttp2Plain), ("--disable-http2-tls", disableHttp2Tls),
            ("--disable-strict-http-headers", disableStrictHttpHeaders),
            ("--async-response-enabled", asyncResponseEnabled != nil),
            ("--async-response-threads", asyncResponseThreads != nil),
            ("--container-threads", containerThreads != nil), ("--jetty-acceptor-threads", jettyAcceptorThreads != nil),
            ("--jetty-accept-queue-size", jettyAcceptQueueSize != nil),
            ("--jetty-header-buffer-size", jettyHeaderBufferSize != nil),
            ("--jetty-header-request-size", jettyHeaderRequestSize != nil),
            ("--jetty-header-response-size", jettyHeaderResponseSize != nil),
            ("--jetty-idle-timeout", jettyIdleTimeout != nil), ("--jetty-stop-timeout", jettyStopTimeout != nil),
            ("--max-template-cache-entries", maxTemplateCacheEntries != nil),
            ("--max-http-client-connections", maxHttpClientConnections != nil),
        ]
        let names = given.filter(\.1).map(\.0)
        return names.isEmpty ? [] : ["\(names.joined(separator: ", ")): accepted as WireMock's, changes nothing here "
            + "(fscript mock --help says why for each)"]
    }

    /// Folds WireMock's names into fscript's flags of `command`; a flag given under both names is an error, since
    /// which one wins would be a guess.
    func fold(into command: inout MockCommand) throws {
        try refused.validate()
        func both(_ wireMock: String, _ fscript: String) -> ValidationError {
            ValidationError("\(wireMock) is WireMock's name for \(fscript): give one of them")
        }
        if let bindAddress {
            guard command.host == "127.0.0.1" else { throw both("--bind-address", "--host") }
            command.host = bindAddress
        }
        if let rootDir {
            guard command.mappings == nil else { throw both("--root-dir", "--mappings") }
            command.mappings = rootDir
        }
        if let proxyAll {
            guard command.proxy == nil else { throw both("--proxy-all", "--proxy") }
            command.proxy = proxyAll
        }
        if let maxRequestJournalEntries {
            guard (1...10_000_000).contains(maxRequestJournalEntries) else {
                throw ValidationError(
                    "--max-request-journal-entries must be from 1 to 10000000, got \(maxRequestJournalEntries)")
            }
            command.journalLimit = maxRequestJournalEntries
        }
        if recordMappings {
            guard command.proxy != nil else {
                throw ValidationError("--record-mappings records what --proxy-all forwards: give --proxy-all URL too")
            }
            guard command.record == nil else { throw both("--record-mappings", "--record") }
            command.record = rootDir ?? "."
        }
    }
}
