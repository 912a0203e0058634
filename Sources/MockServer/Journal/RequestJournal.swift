import Foundation
import HTTPCore
import NIOCore
import NIOConcurrencyHelpers
import Platform

#if canImport(Glibc)
import Glibc
#endif

/// Every request the mock received, in order, safe to read from the test thread while event loops write.
///
/// It is built for a mock under load with a test waiting on it:
/// - Appending is O(1) for the server threads: a request is checked against the filters of the tests waiting
///   right now (usually none or one), never against the journal, and a waiter that matched is woken through a
///   pipe of its own. A waiter scans what was journaled before it arrived once, outside the lock.
/// - Memory is bounded: at most `entryLimit` entries and `bodyBudget` bytes of bodies are kept (the oldest go
///   first) while `total` counts every request exactly; a body longer than `bodyLimit` is kept as its first
///   `bodyLimit` bytes, its size and a hash.
/// - Waits are `Interruption` waits: Ctrl-C and a test's deadline end them at once.
final class RequestJournal: @unchecked Sendable {
    /// Entries kept by default; the mock's `journalLimit` changes it.
    static let defaultEntryLimit = 50_000
    /// Body bytes kept per entry by default.
    static let defaultBodyLimit = 64 * 1024
    /// Body bytes kept in all by default.
    static let defaultBodyBudget = 64 * 1024 * 1024

    private let lock = NIOLock()
    private var entries = CircularBuffer<LoggedRequest>()
    private var bodyBytes = 0
    private var nextSequence = 1
    private var waiters: [Waiter] = []
    /// Lets an entry share the previous one's target, headers and outcome: a full journal is mostly repeats.
    private var sharing = RepeatSharing()
    /// How many entries a reset or the limit dropped since the last reset: verify says so.
    private(set) var dropped = 0

    var entryLimit = RequestJournal.defaultEntryLimit
    /// WireMock's `--no-request-journal`: requests are counted and waiters told, but none is kept, so a long run
    /// under load holds no memory for them; the admin API answers as WireMock's disabled journal does.
    var isDisabled: Bool {
        get { lock.withLock { disabled } }
        set { lock.withLock { disabled = newValue } }
    }
    private var disabled = false
    /// Where exchanges and webhooks are said, for whoever listens (`fscript mock` prints them).
    let log = MockLog()
    var bodyLimit = RequestJournal.defaultBodyLimit
    var bodyBudget = RequestJournal.defaultBodyBudget

    /// A test blocked in `waitForRequest`: its filter, and the pipe `record` writes to when a request matches.
    private final class Waiter: @unchecked Sendable {
        let filter: RequestMatcher
        /// Whether its pattern is quick to check (`RequestPattern.isLight`), as on an event loop.
        let isLight: Bool
        let pipe: (read: Int32, write: Int32)
        var found: LoggedRequest?

        init(filter: RequestMatcher) throws {
            self.filter = filter
            isLight = filter.pattern.isLight
            var fds: [Int32] = [-1, -1]
            guard Glibc.pipe(&fds) == 0 else { throw WaitError(reason: String(cString: strerror(errno))) }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            pipe = (fds[0], fds[1])
        }

        deinit {
            close(pipe.read)
            close(pipe.write)
        }
    }

    /// A wait could not start: the process has no descriptor left for the waiter's pipe.
    struct WaitError: Error, CustomStringConvertible {
        let reason: String
        var description: String {
            "cannot wait for a request: no pipe for the waiter (\(reason)); too many open files? (ulimit -n)"
        }
    }

    /// Whether a test waits for a request (`wait_for_request`) with a pattern that may be slow to check (a body's
    /// JSON path, a backtracking regex: not `RequestPattern.isLight`): recording checks it, so the responder then
    /// records requests off the event loop.
    var hasHeavyWaiters: Bool { lock.withLock { waiters.contains { !$0.isLight } } }
    /// Whether a test waits for a request now.
    var isWaited: Bool { lock.withLock { !waiters.isEmpty } }

    /// Adds a request; O(number of waiting tests).
    @discardableResult
    func record(_ request: HTTPRequest, decision: StubStore.Decision) -> LoggedRequest {
        lock.withLock {
            let entry = LoggedRequest(
                sequence: nextSequence, request: request, outcome: sharing.outcome(for: decision), bodyLimit: bodyLimit,
                sharing: &sharing
            )
            nextSequence += 1
            if disabled {
                dropped += 1
            } else {
                entries.append(entry)
                bodyBytes += entry.body.count
            }
            while entries.count > 1 && (entries.count > entryLimit || bodyBytes > bodyBudget) {
                bodyBytes -= entries.removeFirst().body.count
                dropped += 1
            }
            if !waiters.isEmpty {
                let kept = entry.request
                for waiter in waiters where waiter.found == nil && waiter.filter.evaluate(kept).isMatch {
                    waiter.found = entry
                    var byte: UInt8 = 1
                    _ = write(waiter.pipe.write, &byte, 1)
                }
            }
            return entry
        }
    }

    /// Every request received and kept, oldest first.
    var all: [LoggedRequest] {
        lock.withLock { ordered() }
    }

    /// How many requests arrived since the start or the last reset, including any the limit dropped.
    var total: Int {
        lock.withLock { entries.count + dropped }
    }

    private func ordered() -> [LoggedRequest] {
        Array(entries)
    }

    func requests(matching filter: RequestMatcher) -> [LoggedRequest] {
        all.filter { filter.evaluate($0.request).isMatch }
    }

    /// Forgets the entries `shouldRemove` picks (`DELETE /__admin/requests/{id}`, `requests/remove`); how many.
    @discardableResult
    func remove(where shouldRemove: (LoggedRequest) -> Bool) -> Int {
        lock.withLock {
            let kept = entries.filter { !shouldRemove($0) }
            let removed = entries.count - kept.count
            entries = CircularBuffer(kept)
            bodyBytes = kept.reduce(0) { $0 + $1.body.count }
            return removed
        }
    }

    /// Forgets every request; sequence numbers go on, so an old number never names a new request. The freed
    /// memory goes back to the system: glibc keeps freed blocks in the arena of the thread that allocated them, and
    /// the mock's resident size grew by about a journal's worth (30 MB at 50,000 entries) with each reset.
    func reset() {
        lock.withLock {
            entries.removeAll()
            sharing.reset()
            bodyBytes = 0
            dropped = 0
        }
        HeapArenas.trim()
    }

    func verify(_ filter: RequestMatcher, count: Int, atLeast: Bool) throws(VerificationError) {
        let (received, dropped) = lock.withLock { (ordered(), self.dropped) }
        let matching = received.filter { filter.evaluate($0.request).isMatch }.count
        if atLeast ? matching >= count : matching == count { return }
        let expected = (atLeast ? "at least " : "") + VerificationError.plural(count)
        var headline = "Expected \(expected) matching \(filter.pattern.summary), but received \(matching)."
        if dropped > 0 {
            headline += " (The journal keeps the last \(received.count) requests; \(dropped) older ones were dropped.)"
        }
        throw VerificationError(headline: headline, filter: filter, received: received)
    }

    /// The earliest journaled request that matches, waiting up to `timeout` seconds for one to arrive.
    /// Ctrl-C or the calling thread's test deadline end the wait with their own error.
    func waitForRequest(_ filter: RequestMatcher, timeout: Double) throws -> LoggedRequest {
        let deadline = Deadline.now() + .nanoseconds(Int64(min(max(timeout, 0), CheckedNumber.maximumSeconds) * 1e9))
        let waiter = try Waiter(filter: filter)
        // Registered first, then what came before is scanned outside the lock: nothing falls between the two.
        let earlier: [LoggedRequest] = lock.withLock {
            waiters.append(waiter)
            return ordered()
        }
        defer { lock.withLock { waiters.removeAll { $0 === waiter } } }
        if let found = earlier.first(where: { filter.evaluate($0.request).isMatch }) { return found }
        while true {
            if let found = lock.withLock({ waiter.found }) { return found }
            guard try Interruption.wait(for: waiter.pipe.read, events: Int16(POLLIN), until: deadline) else {
                if let found = lock.withLock({ waiter.found }) { return found }
                throw VerificationError(
                    headline: "No request matching \(filter.pattern.summary) arrived within "
                        + "\(CheckedNumber.format(timeout)) s.",
                    filter: filter,
                    received: all
                )
            }
        }
    }
}
