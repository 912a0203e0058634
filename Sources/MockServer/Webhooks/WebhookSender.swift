import HTTPCore
import NIOCore
import Synchronization

/// Sends a stub's webhooks once its answer has gone: rendered at once (on the thread that made the answer, never
/// an event loop for a stub with webhooks, see `Stub.isLight`), then each sent after its delay by a timer on the
/// event loop, so a thousand waiting webhooks cost no thread.
///
/// The stub's answer is already gone when a webhook fails, so a failure (a template, a URL, a backend that does not
/// answer) is said in the mock's log (`MockLog.webhook`), never turned into the stub's answer. At most
/// `inFlightLimit` webhooks wait or travel at once; past it one is dropped, saying so, rather than piling up.
final class WebhookSender: Sendable {
    /// The most webhooks waiting for their delay or their answer at once.
    static let inFlightLimit = 64
    /// The most bytes of a webhook's answer read (it is dropped; only the status is said).
    static let answerLimit = 1 << 20

    private let inFlight = Atomic<Int>(0)
    /// The webhooks waiting for their delay, by number, so `cancelAll` can stop them; nil once the mock stopped.
    private let waiting = Mutex<(next: Int, tasks: [Int: (task: Scheduled<Void>, what: String, log: MockLog)])?>(
        (0, [:]))
    /// Its own client, so a webhook's answer is bounded by `answerLimit` and not by `--max-proxy-body`; the same
    /// 30 s limit and http/https transport as the proxy's.
    private let client = UpstreamClient(maxBody: answerLimit)

    /// How many webhooks wait or travel now.
    var pending: Int { inFlight.load(ordering: .relaxed) }

    /// Renders `stub`'s webhooks for `request` and sends each after `answer` is out and its delay has passed;
    /// says the names of listeners the mock lacks, as WireMock does at each serve.
    func send(after answer: HTTPAnswer, of stub: Stub, for request: HTTPRequest, log: MockLog,
              on eventLoop: any EventLoop)
    {
        for name in stub.unknownListeners { log.webhook("No per-stub listener was found named \"\(name)\"") }
        var outgoing: [(method: String, url: String, headers: [(name: String, value: String)], body: [UInt8],
                        delay: Double)] = []
        for hook in stub.webhooks {
            do {
                let rendered = try hook.rendered(for: request)
                guard Webhook.isCallable(rendered.url) else {
                    log.webhook("Webhook \(hook.method) \(MockLog.shortened(rendered.url)) not sent: a webhook calls "
                        + "an http:// or https:// URL")
                    continue
                }
                let delay = min(hook.delay?.sample() ?? 0, Webhook.longestDelaySeconds)
                outgoing.append((hook.method, rendered.url, rendered.headers, rendered.body, delay))
            } catch {
                log.webhook("Exception thrown while configuring webhook \(hook.method): its template failed: \(error)")
            }
        }
        guard !outgoing.isEmpty else { return }
        let start: @Sendable () -> Void = { [self, outgoing] in
            for hook in outgoing {
                self.schedule(hook.method, hook.url, hook.headers, hook.body, after: hook.delay, log: log,
                              on: eventLoop)
            }
        }
        switch answer {
        case .now: eventLoop.execute(start)
        case .later(let future): future.whenComplete { _ in start() }
        }
    }

    private func schedule(
        _ method: String, _ url: String, _ headers: [(name: String, value: String)], _ body: [UInt8],
        after delay: Double, log: MockLog, on eventLoop: any EventLoop
    ) {
        // WireMock's own wording, so a log watcher written for WireMock reads these lines too.
        let shown = MockLog.shortened(url)
        let what = "Webhook \(method) \(shown)"
        guard inFlight.add(1, ordering: .relaxed).newValue <= Self.inFlightLimit else {
            inFlight.subtract(1, ordering: .relaxed)
            log.webhook("\(what) not sent: \(Self.inFlightLimit) webhooks already wait or travel")
            return
        }
        let scheduled = waiting.withLock { state -> Bool in
            guard var current = state else { return false }
            let number = current.next
            current.next += 1
            let task = eventLoop.scheduleTask(in: .nanoseconds(Int64(delay * 1_000_000_000))) { [self] in
                // Not when `cancelAll` took it meanwhile: the mock has stopped, and counted it out.
                guard waiting.withLock({ $0?.tasks.removeValue(forKey: number) != nil }) else { return }
                fire(method, url, headers, body, shown: shown, log: log, on: eventLoop)
            }
            current.tasks[number] = (task, what, log)
            state = current
            return true
        }
        if !scheduled {
            inFlight.subtract(1, ordering: .relaxed)
            log.webhook("\(what) not sent: the mock stopped first")
        }
    }

    /// Stops every webhook still waiting for its delay (the mock stops): a stopped mock sends nothing more. One
    /// already on its way finishes.
    func cancelAll() {
        let tasks = waiting.withLock { state in
            defer { state = nil }
            return state.map { Array($0.tasks.values) } ?? []
        }
        for waiting in tasks {
            waiting.task.cancel()
            waiting.log.webhook("\(waiting.what) not sent: the mock stopped before its delay ended")
        }
        inFlight.subtract(tasks.count, ordering: .relaxed)
    }

    private func fire(
        _ method: String, _ url: String, _ headers: [(name: String, value: String)], _ body: [UInt8], shown: String,
        log: MockLog, on eventLoop: any EventLoop
    ) {
        client.send(method: method, url: url, headers: headers, body: body, on: eventLoop).whenComplete { result in
            self.inFlight.subtract(1, ordering: .relaxed)
            switch result {
            case .success(let answer):
                log.webhook("Webhook \(method) request to \(shown) returned status \(answer.status)")
            case .failure(let error): log.webhook("Failed to fire webhook \(method) \(shown): \(error)")
            }
        }
    }
}
