import Foundation
import HTTPCore

/// The stubs, their response counters and the scenario states, behind one lock.
///
/// Choosing a stub, advancing its sequence and moving its scenario happen in one critical section, so two
/// concurrent requests can never both get the first response of a sequence or both see the old state.
///
/// Precedence is WireMock's: the lowest priority number wins, then the newest stub. Stubs are indexed by the
/// literal path they match (`urlPath`, `url`), so a request is compared only with the stubs for its path and the
/// ones without a literal path (patterns, templates, any URL): matching costs the same with 1,000 stubs of other
/// paths as with one. The nearest miss, which compares with every stub, is worked out only for a request that
/// nothing matched.
final class StubStore: @unchecked Sendable {
    /// WireMock's global response templating: every stub's response is a template. Set before serving.
    var templatesEverything = false

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
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    /// Positions in `entries` of the stubs for each literal path, and of the stubs without one.
    private var byPath: [String: [Int]] = [:]
    private var unindexed: [Int] = []
    private var nextOrder = 0
    private var scenarios: [String: String] = [:]

    /// Adds the stub after checking its patterns and JSON; a stub with the same id is replaced.
    func add(_ stub: Stub) throws(MockServerError) {
        guard !stub.responses.isEmpty else { throw .noResponses }
        var stub = stub
        for index in stub.responses.indices {
            try stub.responses[index].validate()
            if templatesEverything { stub.responses[index].templated = true }
            try stub.responses[index].compileTemplates()
        }
        let matcher = try RequestMatcher(stub.request)
        lock.withLock {
            entries.removeAll { $0.stub.id == stub.id }
            entries.append(Entry(stub: stub, matcher: matcher, order: nextOrder))
            nextOrder += 1
            reindex()
        }
    }

    /// The literal path a URL pattern matches, or nil when it matches more than one path.
    private static func literalPath(_ url: URLPattern?) -> String? {
        switch url {
        case .path(let path)?: return path
        case .url(let url)?: return String(url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
        default: return nil
        }
    }

    /// Rebuilds the path index after the stubs changed (under the lock).
    private func reindex() {
        byPath.removeAll(keepingCapacity: true)
        unindexed.removeAll(keepingCapacity: true)
        for (position, entry) in entries.enumerated() {
            if let path = Self.literalPath(entry.stub.request.url) {
                byPath[path, default: []].append(position)
            } else {
                unindexed.append(position)
            }
        }
    }

    /// Removes the stub with this id; false when there was none.
    func remove(_ id: UUID) -> Bool {
        lock.withLock {
            let before = entries.count
            entries.removeAll { $0.stub.id == id }
            reindex()
            return entries.count != before
        }
    }

    /// The stubs, oldest first.
    var stubs: [Stub] { lock.withLock { entries.map(\.stub) } }

    /// Removes every stub, and unless `keepingScenarios`, puts every scenario back to `Started`.
    func removeAll(keepingScenarios: Bool = false) {
        lock.withLock {
            entries.removeAll()
            if !keepingScenarios { scenarios.removeAll() }
            reindex()
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

    /// How `entries[index]` fits the request, its scenario's required state included (under the lock).
    private func outcome(of index: Int, for request: HTTPRequest) -> MatchOutcome {
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
        return outcome
    }

    /// Picks the stub that answers the request and takes its next response, or explains the nearest miss.
    func decide(_ request: HTTPRequest) -> Decision {
        lock.withLock {
            // Only the stubs that could match: those for this path (as sent, or decoded) and those without one.
            var candidates = unindexed
            candidates += byPath[request.path] ?? []
            if request.decodedPath != request.path { candidates += byPath[request.decodedPath] ?? [] }
            var best: (index: Int, captures: [String: String])?
            for index in candidates {
                let outcome = outcome(of: index, for: request)
                if outcome.isMatch, best.map({ Self.ranks(entries[index], above: entries[$0.index]) }) ?? true {
                    best = (index, outcome.captures)
                }
            }
            guard let best else { return .unmatched(explanation: nearestMiss(request)) }
            let stub = entries[best.index].stub
            let turn = min(entries[best.index].served, stub.responses.count - 1)
            entries[best.index].served += 1
            if let scenario = stub.scenario, let newState = scenario.newState {
                scenarios[scenario.name] = newState
            }
            return .matched(stub: stub, response: stub.responses[turn], captures: best.captures)
        }
    }

    /// The stubs closest to `request`, nearest first, with what differs (at most `limit`): WireMock's near misses.
    func nearMisses(for request: HTTPRequest, limit: Int = 5) -> [(stub: Stub, outcome: MatchOutcome)] {
        lock.withLock {
            let all = entries.indices.map { (index: $0, outcome: outcome(of: $0, for: request)) }
            let ranked = all.sorted { a, b in
                Self.isCloser(a.outcome, entries[a.index], than: b.outcome, entries[b.index])
            }
            return ranked.prefix(limit).map { (entries[$0.index].stub, $0.outcome) }
        }
    }

    /// Why nothing matched: the closest stub of all and what differs (under the lock; unmatched requests only).
    private func nearestMiss(_ request: HTTPRequest) -> String {
        let shown = "\(request.method) \(request.uri)"
        var closest: (index: Int, outcome: MatchOutcome)?
        for index in entries.indices {
            let outcome = outcome(of: index, for: request)
            if closest.map({ Self.isCloser(outcome, entries[index], than: $0.outcome, entries[$0.index]) }) ?? true {
                closest = (index, outcome)
            }
        }
        guard let closest else { return "No stub matched \(shown). There are no stubs." }
        return "No stub matched \(shown). Closest stub: \(entries[closest.index].stub.summary): \(closest.outcome.explanation)"
    }

    /// WireMock's precedence: priority first (lower wins), then age (newer wins).
    private static func ranks(_ entry: Entry, above other: Entry) -> Bool {
        if entry.priority != other.priority { return entry.priority < other.priority }
        return entry.order > other.order
    }

    private static func isCloser(
        _ outcome: MatchOutcome, _ entry: Entry, than other: MatchOutcome, _ otherEntry: Entry
    ) -> Bool {
        if outcome.distance != other.distance { return outcome.distance < other.distance }
        return ranks(entry, above: otherEntry)
    }
}
