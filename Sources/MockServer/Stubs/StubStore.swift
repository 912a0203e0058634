import Foundation
import HTTPCore
import JSON

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
    /// WireMock's global settings (`/__admin/settings`): a delay added to every stubbed answer.
    let settings = GlobalSettings()

    /// What to do with a request: answer it with a stub's response, or explain why nothing matched.
    enum Decision: Sendable {
        case matched(Chosen, captures: [String: String])
        case unmatched(explanation: String)
    }

    /// The stub a decision chose and the turn of its responses that answers: a reference to where the store
    /// keeps the stub, where copying a stub and its response into the decision (some forty references between
    /// them, each retained and released) was 4,000 of the 58,700 instructions of a plain answer. Read members in
    /// place (`chosen.response.status`); binding `chosen.stub` to a name copies it again.
    final class Chosen: Sendable {
        let entry: Entry
        let turn: Int

        init(_ entry: Entry, turn: Int) {
            self.entry = entry
            self.turn = turn
        }

        var stub: Stub { entry.stub }
        var response: ResponseDefinition { entry.stub.responses[turn] }
    }

    private let lock = NSLock()
    /// The stubs and their indexes; replaced whole by a replace-all (see `StubIndex`).
    private var index = StubIndex()
    /// Requests decided by `decideIfLight`.
    private var lightDecisions = 0
    private var nextOrder = 0
    private var scenarios: [String: String] = [:] {
        didSet { version &+= 1 }
    }
    /// Moves on whenever the stubs or the scenario states change (under the lock), so a light decision made from
    /// copies outside the lock is taken only if nothing it read changed meanwhile.
    private var version = 0

    /// How many stubs a request that nothing matched is compared with to explain the miss, beyond the stubs for
    /// its own path: the newest ones. Comparing with 100,000 stubs made every 404 cost tens of milliseconds, and
    /// 2,000 still 15 to 100 ms on a busy 2-core machine (each comparison builds its mismatch texts).
    static let nearestMissSample = 256

    /// Adds the stub after checking its patterns and JSON; a stub with the same id is replaced.
    func add(_ stub: Stub) throws(MockServerError) {
        let prepared = try prepare(stub)
        lock.withLock {
            version &+= 1
            index.append(prepared.entry(order: nextOrder))
            nextOrder += 1
        }
    }

    /// The stub checked (its responses validated, templates compiled, global templating applied) and its matcher
    /// made: the work of adding a stub that needs no lock.
    private func prepare(_ stub: Stub) throws(MockServerError) -> Prepared {
        guard !stub.responses.isEmpty else { throw .noResponses }
        var stub = stub
        for index in stub.responses.indices {
            try stub.responses[index].validate()
            if templatesEverything { stub.responses[index].templated = true }
            try stub.responses[index].compileTemplates()
        }
        return Prepared(stub: stub, matcher: RequestMatcher(stub.request), isLight: stub.isLight)
    }

    /// Replaces the whole stub set at once: the stubs `keeping` picks stay (with their age and counters), then
    /// `adding` come after them, newest last; unless `keepingScenarios`, every scenario is back to `Started` in
    /// the same step. A request sees the old set or the new one, never none. Every new stub is checked first, so a
    /// bad one changes nothing. Returns the stubs that left.
    @discardableResult
    func replaceAll(keeping: (Stub) -> Bool = { _ in false }, adding: [Stub], keepingScenarios: Bool)
        throws(MockServerError) -> [Stub]
    {
        var prepared: [Prepared] = []
        prepared.reserveCapacity(adding.count)
        for stub in adding { prepared.append(try prepare(stub)) }
        return lock.withLock {
            var fresh = StubIndex()
            var removed: [Stub] = []
            for case let entry? in index.entries {
                if keeping(entry.stub) { fresh.append(entry) } else { removed.append(entry.stub) }
            }
            for stub in prepared {
                fresh.append(stub.entry(order: nextOrder))
                nextOrder += 1
            }
            index = fresh
            version &+= 1
            if !keepingScenarios { scenarios.removeAll() }
            return removed
        }
    }

    /// Removes the stub with this id; false when there was none.
    func remove(_ id: UUID) -> Bool {
        lock.withLock {
            version &+= 1
            return index.remove(id)
        }
    }

    /// The stub with this id, found through the index (the admin API's by-id routes and its taken-id check run
    /// once per request, so a copy of every stub there made adding stubs one by one quadratic).
    func stub(withID id: UUID) -> Stub? {
        lock.withLock { index.position(of: id).flatMap { index[$0]?.stub } }
    }

    /// Marks the stub with this id `"persistent": true` in its mapping, in place (its order and counters kept):
    /// `mappings/save` wrote it to a file.
    func markPersistent(_ id: UUID) {
        lock.withLock {
            guard let position = index.position(of: id), let entry = index[position],
                case .object(var members) = entry.stub.source ?? entry.stub.mappingJSON
            else { return }
            members["persistent"] = .bool(true)
            var stub = entry.stub
            stub.source = .object(members)
            let marked = Entry(stub: stub, matcher: entry.matcher, order: entry.order, isLight: entry.isLight)
            marked.served = entry.served
            index.replace(at: position, with: marked)
        }
    }

    /// The stubs, oldest first.
    var stubs: [Stub] { lock.withLock { index.entries.compactMap { $0?.stub } } }

    /// Removes every stub, and unless `keepingScenarios`, puts every scenario back to `Started`.
    func removeAll(keepingScenarios: Bool = false) {
        lock.withLock {
            index = StubIndex()
            version &+= 1
            if !keepingScenarios { scenarios.removeAll() }
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

    /// How the stub at `position` fits the request, its scenario's required state included (under the lock).
    private func outcome(of position: Int, for request: HTTPRequest) -> MatchOutcome {
        Self.outcome(of: index[position]!, for: request, scenarios: scenarios)
    }

    /// The most stubs a request is compared with on the event loop (`decideIfLight`): light ones cost about a
    /// microsecond each, so the loop is never held for long.
    static let lightCandidateLimit = 64

    /// Picks the stub that answers the request and takes its next response, or explains the nearest miss.
    func decide(_ request: HTTPRequest) -> Decision {
        // A miss is explained after the lock is let go, from a copy of the stubs it compares with: under the lock
        // every 404 held up every other request's match.
        var missed: (sample: [Entry], scenarios: [String: String]) = ([], [:])
        let decision = lock.withLock { () -> Decision? in
            let candidates = index.candidates(for: request)
            guard let best = best(among: candidates, for: request) else {
                let newest = index.entries.indices.suffix(Self.nearestMissSample)
                missed = ((candidates + newest).compactMap { index[$0] }, scenarios)
                return nil
            }
            return take(best)
        }
        return decision ?? .unmatched(explanation: Self.nearestMiss(request, among: missed.sample, missed.scenarios))
    }

    /// The decision when it is light work to make now, on the caller's thread (an event loop): every stub is light,
    /// at most `lightCandidateLimit` are compared, one matched, and the lock was had within `lightLockWait` both
    /// times it is taken. Nil when that is not so, and nothing was changed: `decide` on a worker thread then (a
    /// miss's explanation compares with hundreds of stubs; the admin API's near misses hold the lock while they
    /// compare with all).
    ///
    /// The candidates are compared outside the lock, from copies taken under it: two event loops comparing under
    /// one lock (a regular expression and the query, a few microseconds) found it taken often enough that a
    /// templated stub's requests went to the worker threads one time in twenty. The chosen stub's turn is taken
    /// under the lock again, and only if no stub and no scenario state changed in between (`version`), so the
    /// answer is the one `decide` would have given.
    func decideIfLight(_ request: HTTPRequest) -> Decision? {
        guard lockBriefly() else { return nil }
        guard index.heavy == 0 else {
            lock.unlock()
            return nil
        }
        let positions = index.candidates(for: request)
        guard positions.count <= Self.lightCandidateLimit else {
            lock.unlock()
            return nil
        }
        let candidates = positions.compactMap { position in index[position].map { (position: position, entry: $0) } }
        let (seen, states) = (version, scenarios)
        lock.unlock()

        var best: (position: Int, entry: Entry, captures: [String: String])?
        for candidate in candidates {
            let outcome = Self.outcome(of: candidate.entry, for: request, scenarios: states)
            if outcome.isMatch, best.map({ Self.ranks(candidate.entry, above: $0.entry) }) ?? true {
                best = (candidate.position, candidate.entry, outcome.captures)
            }
        }
        guard let best, lockBriefly() else { return nil }
        defer { lock.unlock() }
        guard version == seen else { return nil }
        lightDecisions += 1
        return take((best.position, best.captures))
    }

    /// The longest an event loop waits for the lock in `decideIfLight` before it hands the request to a worker
    /// thread. Two event loops deciding light requests meet at the lock often (one request in forty here, on two
    /// cores), each time for a microsecond or two; a hand-off costs two thread wake-ups, so waiting that out is
    /// cheaper (8 % more requests a second on the bench's plain stub). A holder that keeps it longer (an import,
    /// the admin API's near misses) holds the loop up no more than this.
    static let lightLockWait: TimeInterval = 0.000_2

    /// Takes the lock if it is free or freed within `lightLockWait`. The thread sleeps meanwhile: on Linux
    /// `lock(before:)` is `pthread_mutex_timedlock`, one futex wait with a deadline (strace shows that one call;
    /// a second's wait used 0.3 ms of CPU).
    private func lockBriefly() -> Bool {
        lock.try() || lock.lock(before: Date(timeIntervalSinceNow: Self.lightLockWait))
    }

    /// How many requests `decideIfLight` decided (answered on their event loop), for the tests that the light path
    /// is taken, and not taken when it must not be.
    var lightDecisionCount: Int { lock.withLock { lightDecisions } }

    /// The candidate that answers, by WireMock's precedence, and what its URL pattern captured (under the lock).
    private func best(among candidates: [Int], for request: HTTPRequest) -> (index: Int, captures: [String: String])? {
        var best: (index: Int, captures: [String: String])?
        for position in candidates where index[position] != nil {
            let outcome = outcome(of: position, for: request)
            if outcome.isMatch, best.map({ Self.ranks(index[position]!, above: index[$0.index]!) }) ?? true {
                best = (position, outcome.captures)
            }
        }
        return best
    }

    /// The chosen stub's next response; its sequence and scenario move on (under the lock).
    private func take(_ best: (index: Int, captures: [String: String])) -> Decision {
        let entry = index[best.index]!
        let turn = min(entry.served, entry.stub.responses.count - 1)
        entry.served += 1
        if let scenario = entry.stub.scenario, let newState = scenario.newState {
            scenarios[scenario.name] = newState
        }
        return .matched(Chosen(entry, turn: turn), captures: best.captures)
    }

    /// The `limit` stubs nearest `request` by WireMock's distance (`WireMockDistance`), nearest first and among
    /// equals by precedence, as WireMock lists its near misses: each with what differs and the distance.
    func nearMisses(for request: HTTPRequest, limit: Int) -> [(stub: Stub, outcome: MatchOutcome, distance: Double)] {
        lock.withLock {
            let ranked = index.entries.compactMap { $0 }.map { ($0, WireMockDistance.between($0.stub.request, request)) }
                .sorted { a, b in a.1 != b.1 ? a.1 < b.1 : Self.ranks(a.0, above: b.0) }
            return ranked.prefix(limit).map { entry, distance in
                (entry.stub, Self.outcome(of: entry, for: request, scenarios: scenarios), distance)
            }
        }
    }
}
