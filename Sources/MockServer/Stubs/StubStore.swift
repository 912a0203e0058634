import Foundation
import HTTPCore

/// The stubs, their response counters and the scenario states, behind one lock.
///
/// Choosing a stub, advancing its sequence and moving its scenario happen in one critical section, so two
/// concurrent requests can never both get the first response of a sequence or both see the old state.
final class StubStore: @unchecked Sendable {
    /// What to do with a request: answer it with a stub's response, or explain why nothing matched.
    enum Decision: Sendable {
        case matched(stub: Stub, response: ResponseDefinition, captures: [String: String])
        case unmatched(explanation: String)
    }

    private struct Entry {
        let stub: Stub
        let matcher: RequestMatcher
        let order: Int
        var served = 0

        var priority: Int { stub.priority ?? 5 }
        var specificity: Int { matcher.specificity + (stub.scenario?.requiredState == nil ? 0 : 1) }
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    private var nextOrder = 0
    private var scenarios: [String: String] = [:]

    /// Adds the stub after checking its patterns and JSON; a stub with the same id is replaced.
    func add(_ stub: Stub) throws(MockServerError) {
        guard !stub.responses.isEmpty else { throw .noResponses }
        for response in stub.responses { try response.validate() }
        let matcher = try RequestMatcher(stub.request)
        lock.withLock {
            entries.removeAll { $0.stub.id == stub.id }
            entries.append(Entry(stub: stub, matcher: matcher, order: nextOrder))
            nextOrder += 1
        }
    }

    /// Removes the stub with this id; false when there was none.
    func remove(_ id: UUID) -> Bool {
        lock.withLock {
            let before = entries.count
            entries.removeAll { $0.stub.id == id }
            return entries.count != before
        }
    }

    /// The stubs, oldest first.
    var stubs: [Stub] { lock.withLock { entries.map(\.stub) } }

    /// Removes every stub and puts every scenario back to `Started`.
    func removeAll() {
        lock.withLock {
            entries.removeAll()
            scenarios.removeAll()
        }
    }

    func state(of scenario: String) -> String {
        lock.withLock { scenarios[scenario] ?? ScenarioStep.started }
    }

    func setState(of scenario: String, to state: String) {
        lock.withLock { scenarios[scenario] = state }
    }

    func resetScenarios() {
        lock.withLock { scenarios.removeAll() }
    }

    /// Picks the stub that answers the request and takes its next response, or explains the nearest miss.
    func decide(_ request: HTTPRequest) -> Decision {
        lock.withLock {
            var best: (index: Int, captures: [String: String])?
            var closest: (index: Int, outcome: MatchOutcome)?
            for index in entries.indices {
                let entry = entries[index]
                var outcome = entry.matcher.evaluate(request)
                if let scenario = entry.stub.scenario, let required = scenario.requiredState {
                    let current = scenarios[scenario.name] ?? ScenarioStep.started
                    if current != required {
                        outcome.mismatches.append(
                            Mismatch(part: "scenario \(scenario.name)", expected: required, actual: current, weight: 1)
                        )
                    }
                }
                if outcome.isMatch {
                    if best.map({ Self.ranks(entry, above: entries[$0.index]) }) ?? true {
                        best = (index, outcome.captures)
                    }
                } else if closest.map({ Self.isCloser(outcome, entry, than: $0.outcome, entries[$0.index]) }) ?? true {
                    closest = (index, outcome)
                }
            }
            guard let best else {
                let request = "\(request.method) \(request.uri)"
                guard let closest else {
                    return .unmatched(explanation: "No stub matched \(request). There are no stubs.")
                }
                let stub = entries[closest.index].stub.summary
                return .unmatched(
                    explanation: "No stub matched \(request). Closest stub: \(stub): \(closest.outcome.explanation)"
                )
            }
            let stub = entries[best.index].stub
            let turn = min(entries[best.index].served, stub.responses.count - 1)
            entries[best.index].served += 1
            if let scenario = stub.scenario, let newState = scenario.newState {
                scenarios[scenario.name] = newState
            }
            return .matched(stub: stub, response: stub.responses[turn], captures: best.captures)
        }
    }

    /// Priority first (lower wins), then specificity (more wins), then age (newer wins).
    private static func ranks(_ entry: Entry, above other: Entry) -> Bool {
        if entry.priority != other.priority { return entry.priority < other.priority }
        if entry.specificity != other.specificity { return entry.specificity > other.specificity }
        return entry.order > other.order
    }

    private static func isCloser(
        _ outcome: MatchOutcome, _ entry: Entry, than other: MatchOutcome, _ otherEntry: Entry
    ) -> Bool {
        if outcome.distance != other.distance { return outcome.distance < other.distance }
        return ranks(entry, above: otherEntry)
    }
}
