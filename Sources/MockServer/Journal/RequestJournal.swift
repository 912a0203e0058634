import Foundation
import HTTPCore

/// Every request the mock received, in order, safe to read from the test thread while event loops write.
///
/// Waiting uses a condition variable: `waitForRequest` sleeps until `record` signals, so it returns the moment a
/// matching request lands instead of after the next poll.
final class RequestJournal: @unchecked Sendable {
    private let condition = NSCondition()
    private var entries: [LoggedRequest] = []
    private var nextSequence = 1

    /// Adds a request and wakes every waiter.
    @discardableResult
    func record(_ request: HTTPRequest, decision: StubStore.Decision) -> LoggedRequest {
        condition.lock()
        defer { condition.unlock() }
        let entry = LoggedRequest(sequence: nextSequence, request: request, decision: decision)
        nextSequence += 1
        entries.append(entry)
        condition.broadcast()
        return entry
    }

    var all: [LoggedRequest] {
        condition.lock()
        defer { condition.unlock() }
        return entries
    }

    func requests(matching filter: RequestMatcher) -> [LoggedRequest] {
        all.filter { filter.evaluate($0.request).isMatch }
    }

    /// Forgets every request; sequence numbers go on, so an old number never names a new request.
    func reset() {
        condition.lock()
        defer { condition.unlock() }
        entries.removeAll()
    }

    func verify(_ filter: RequestMatcher, count: Int, atLeast: Bool) throws(VerificationError) {
        let received = all
        let matching = received.filter { filter.evaluate($0.request).isMatch }.count
        if atLeast ? matching >= count : matching == count { return }
        let expected = (atLeast ? "at least " : "") + VerificationError.plural(count)
        throw VerificationError(
            headline: "Expected \(expected) matching \(filter.pattern.summary), but received \(matching).",
            filter: filter,
            received: received
        )
    }

    /// The earliest journaled request that matches, waiting up to `timeout` seconds for one to arrive.
    func waitForRequest(_ filter: RequestMatcher, timeout: Double) throws(VerificationError) -> LoggedRequest {
        let deadline = Date(timeIntervalSinceNow: max(timeout, 0))
        condition.lock()
        defer { condition.unlock() }
        while true {
            // Scanning everything again is cheap next to a UI test step, and survives a reset() while asleep.
            if let found = entries.first(where: { filter.evaluate($0.request).isMatch }) { return found }
            if !condition.wait(until: deadline) {
                // The deadline passed, but a request may have landed in the same instant.
                if let found = entries.first(where: { filter.evaluate($0.request).isMatch }) { return found }
                throw VerificationError(
                    headline: "No request matching \(filter.pattern.summary) arrived within "
                        + "\(VerificationError.seconds(timeout)) s.",
                    filter: filter,
                    received: entries
                )
            }
        }
    }
}
