import HTTPCore
import NIOCore
import NIOPosix
import Platform

/// The mock's one responder: journal the request, pick a stub, and answer now, later, or never.
///
/// There is no router, as in Hummingbird's `Application(responder:)`: stub matching is the whole routing.
/// Delays are timers on the connection's event loop, so thousands of slow answers cost no threads. Matching and
/// rendering run off the event loop, on the `work` threads: a request whose template takes seconds (a runaway regular
/// expression, a large body parsed many times) no longer holds up the other connections of its loop. Only light
/// work (`Stub.isLight`: every stub's matchers and the chosen answer bounded and linear in a small request, and no
/// test waiting for a request with a pattern that is not, which recording checks) is done on the loop itself, where
/// the two thread switches would cost more than the work. The admin
/// API runs on threads of its own (`adminWork`), so a health check or a test's verify is answered meanwhile, and a
/// large import (100,000 stubs take seconds) holds up neither its loop nor stub requests.
struct MockResponder: HTTPResponder {
    /// Where stub requests are worked on: a pool of threads that take requests from one queue, so a request
    /// waits only while every thread is busy. (A concurrent dispatch queue runs one block per core at a time:
    /// two slow templates on two cores held up every other request.)
    static let work: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 16)
        pool.start()
        return pool
    }()

    /// Where admin requests are worked on: apart from stub work, so neither waits behind the other.
    static let adminWork: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 4)
        pool.start()
        return pool
    }()

    /// Where journal queries are worked on (`AdminAPI.Lane.journal`): two threads, apart from the rest of the admin
    /// API, so four finds on a full journal no longer take every admin thread (they held `/__admin/health` for
    /// 15–18 s) and at most two answers are being built at a time.
    static let journalWork: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        return pool
    }()

    /// Starts the pools now, on the calling thread, rather than on first use from an event loop (see
    /// `MockServer.pinEventLoops`).
    static func startWorkers() {
        _ = (work, adminWork, journalWork)
    }

    let stubs: StubStore
    let journal: RequestJournal
    let inFlight: InFlightTracker
    let filesDirectory: String?
    let admin: AdminAPI
    /// Where what no stub answers goes instead of a 404, if anywhere (`--proxy`), recorded or not.
    let proxy: ProxyRecorder?
    /// The one HTTP client of proxying stubs (and of `proxy`, when there is one).
    let upstream: UpstreamClient
    /// Where proxying stubs' answers are kept for the recordings API.
    let proxied: ProxiedAnswers
    /// Sends stubs' webhooks after their answers (and stops them with the mock).
    let webhooks: WebhookSender
    /// A browser proxy's requests no stub answers go on to the host they were for (`--proxy-pass-through true`,
    /// WireMock's default; fscript's is the 404, so a test reaches no network unless it says so).
    var passThrough = false

    func respond(to request: HTTPRequest, on eventLoop: any EventLoop) -> EventLoopFuture<HTTPResponse> {
        answer(to: request, on: eventLoop).future(on: eventLoop)
    }

    /// The answer, said as a line when the mock's log asks for exchanges (`--verbose`).
    func answer(to request: HTTPRequest, on eventLoop: any EventLoop) -> HTTPAnswer {
        let answer = decide(request, on: eventLoop)
        guard journal.log.logsExchanges else { return answer }
        let log = journal.log
        switch answer {
        case .now(let response): log.exchange(request, response)
        case .later(let future): future.whenSuccess { log.exchange(request, $0) }
        }
        return answer
    }

    /// The answer: at once for a light stub's immediate answer (most of them), later for the rest.
    private func decide(_ sent: HTTPRequest, on eventLoop: any EventLoop) -> HTTPAnswer {
        // WireMock's Jetty upper-cases the method as it reads it (`get` is GET, `foo` is FOO, in matching and in
        // the journal), and matches it case-sensitively against a stub's method from then on.
        let request = sent.method.utf8.contains(where: { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) })
            ? sent.withMethod(sent.method.uppercased()) : sent
        if request.path == AdminAPI.prefix || request.path.hasPrefix(AdminAPI.prefix + "/") {
            switch AdminAPI.lane(of: request) {
            case .loop:
                return .now(admin.handle(request))
            case .journal:
                return .later(Self.journalWork.runIfActive(eventLoop: eventLoop) { [admin, journal] in
                    let answer = admin.handle(request)
                    // What a query over a large journal allocated goes back to the system (see `HeapArenas`): four
                    // finds on 50,000 entries left the mock 360 MB larger for good.
                    if journal.total >= Self.trimmedJournalSize { HeapArenas.trim() }
                    return answer
                })
            case .admin:
                return .later(Self.adminWork.runIfActive(eventLoop: eventLoop) { [admin] in admin.handle(request) })
            }
        }
        // Checked before the decision, which moves sequences and scenarios on: a waiter added in between has its
        // pattern checked on the loop once.
        if request.body.count <= Self.lightBodyLimit, !journal.hasHeavyWaiters,
            let decision = stubs.decideIfLight(request)
        {
            return reply(request, decision, sent: sent.method, on: eventLoop)
        }
        return .later(Self.work.runIfActive(eventLoop: eventLoop) {
            reply(request, stubs.decide(request), sent: sent.method, on: eventLoop).future(on: eventLoop)
        }
        .flatMap { $0 })
    }

    /// The journal size from which a journal query gives its freed memory back once answered (`malloc_trim` walks
    /// the heaps, a few milliseconds; below this size there is little to give back).
    static let trimmedJournalSize = 10_000

    /// The largest request body whose light work (`Stub.isLight`) is done on the event loop: a template may copy
    /// it, and the loop is not held for megabytes.
    static let lightBodyLimit = 16 * 1024

    /// Makes the decided stub's answer, then has its webhooks sent once it is out.
    private func reply(_ request: HTTPRequest, _ decision: StubStore.Decision, sent: String, on eventLoop: any EventLoop)
        -> HTTPAnswer
    {
        let answer = replyNow(request, decision, sent: sent, on: eventLoop)
        if case .matched(let chosen, _) = decision, !chosen.stub.webhooks.isEmpty || !chosen.stub.unknownListeners.isEmpty
        {
            webhooks.send(after: answer, of: chosen.stub, for: request, log: journal.log, on: eventLoop)
        }
        return answer
    }

    /// Makes the decided stub's answer (on `work`, or on the loop when light); the delays and the proxy go back to
    /// the event loop.
    private func replyNow(_ request: HTTPRequest, _ decision: StubStore.Decision, sent: String, on eventLoop: any EventLoop)
        -> HTTPAnswer
    {
        guard case .matched(let chosen, let captures) = decision else {
            if let proxy {
                journal.record(request, decision: .unmatched(explanation: "proxied to \(proxy.upstream)"))
                return .later(proxy.forward(request, on: eventLoop))
            }
            if passThrough, request.viaProxy, let host = request.header("Host") {
                let origin = "\(request.scheme)://\(host)"
                journal.record(request, decision: .unmatched(explanation: "passed through to \(origin)"))
                return .later(
                    ProxyDefinition(baseURL: origin).forward(request, stubHeaders: [], client: upstream, on: eventLoop))
            }
            journal.record(request, decision: decision)
            if let file = StaticFiles.answer(request, sent: sent, root: admin.mappings.root,
                                             filesDirectory: admin.mappings.filesDirectory) {
                return .now(file)
            }
            if case .unmatched(let explanation) = decision {
                return .now(.text(explanation + "\n", status: 404))
            }
            preconditionFailure("a decision is either matched or unmatched")
        }
        // The stub and its response are read where the store keeps them (`StubStore.Chosen`), not copied.
        var rendered = chosen.response.render(
            request: request, captures: captures, substitutesCaptures: chosen.stub.substitutesCaptures,
            filesDirectory: filesDirectory)
        rendered.dribble = chosen.response.dribble
        // The stub's reason phrase goes with its status, not with a 500 that says its template failed.
        if rendered.status == chosen.response.status { rendered.reason = chosen.response.statusMessage }
        let response = rendered
        let hangs = chosen.response.fault == .noResponse
        let delay = chosen.response.sampledDelay() + stubs.settings.sampledDelay()
        if let proxyDefinition = chosen.response.proxy, chosen.response.fault == nil {
            let entry = journal.record(request, decision: decision)
            let (answers, limit, stubID) = (proxied, journal.entryLimit, chosen.stub.id)
            return .later(forward(request, by: proxyDefinition, stubHeaders: response.headers, after: delay, on: eventLoop)
                .map { answer in
                    answers.keep(answer, for: entry.sequence, stub: stubID, requestBody: request.body, limit: limit)
                    return answer
                })
        }
        guard hangs || delay > 0 else {
            journal.record(request, decision: decision)
            return .now(response)
        }

        // Tracked before it is journaled, so a test that saw it arrive also sees it in flight.
        let tracker = inFlight
        let token = tracker.begin("\(request.method) \(request.path)")
        journal.record(request, decision: decision)
        // Whichever comes first ends the tracking: the answer leaving, or the client hanging up.
        request.connectionClosed?.whenComplete { _ in tracker.end(token) }
        if hangs && request.connectionClosed == nil { tracker.end(token) }
        guard delay > 0 else { return .now(response) }

        let promise = eventLoop.makePromise(of: HTTPResponse.self)
        eventLoop.scheduleTask(in: .nanoseconds(Int64(delay * 1_000_000_000))) {
            if !hangs { tracker.end(token) }
            promise.succeed(response)
        }
        return .later(promise.futureResult)
    }
}

extension HTTPRequest {
    /// The same request with another method.
    fileprivate func withMethod(_ method: String) -> HTTPRequest {
        var copy = self
        copy.method = method
        return copy
    }
}

extension MockResponder {
    /// A proxying stub's answer: the backend's, after the stub's delay (WireMock waits before it forwards).
    func forward(
        _ request: HTTPRequest, by proxy: ProxyDefinition, stubHeaders: [(name: String, value: String)],
        after delay: Double, on eventLoop: any EventLoop
    ) -> EventLoopFuture<HTTPResponse> {
        guard delay > 0 else {
            return proxy.forward(request, stubHeaders: stubHeaders, client: upstream, on: eventLoop)
        }
        let client = upstream
        return eventLoop.scheduleTask(in: .nanoseconds(Int64(delay * 1_000_000_000))) {}.futureResult.flatMap {
            proxy.forward(request, stubHeaders: stubHeaders, client: client, on: eventLoop)
        }
    }
}
