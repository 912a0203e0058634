import HTTPCore

/// How a stub fits a request and how stubs rank: WireMock's precedence, the nearest miss a 404 explains. Pure
/// functions of the entries and the scenario states they are given, so they run under the store's lock or outside
/// it on copies.
extension StubStore {
    /// How `entry` fits the request, its scenario's required state (in `scenarios`) included.
    static func outcome(of entry: Entry, for request: HTTPRequest, scenarios: [String: String])
        -> MatchOutcome
    {
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

    /// Why nothing matched: the closest stub and what differs (unmatched requests only, outside the lock). It
    /// looks at the stubs for the request's path and at most `nearestMissSample` of the newest others, so a
    /// 404 costs the same with 100,000 stubs as with 300; the admin API's near misses compare with all.
    static func nearestMiss(_ request: HTTPRequest, among sample: [Entry], _ scenarios: [String: String])
        -> String
    {
        let shown = "\(request.method) \(request.uri)"
        var closest: (entry: Entry, outcome: MatchOutcome)?
        for entry in sample {
            let outcome = outcome(of: entry, for: request, scenarios: scenarios)
            if closest.map({ isCloser(outcome, entry, than: $0.outcome, $0.entry) }) ?? true {
                closest = (entry, outcome)
            }
        }
        guard let closest else { return "No stub matched \(shown). There are no stubs." }
        return "No stub matched \(shown). Closest stub: \(closest.entry.stub.summary): \(closest.outcome.explanation)"
    }

    /// WireMock's precedence: priority first (lower wins), then age (newer wins).
    static func ranks(_ entry: Entry, above other: Entry) -> Bool {
        if entry.priority != other.priority { return entry.priority < other.priority }
        return entry.order > other.order
    }

    /// Whether `entry` misses by less than `otherEntry`: fewer differences, then WireMock's precedence.
    static func isCloser(
        _ outcome: MatchOutcome, _ entry: Entry, than other: MatchOutcome, _ otherEntry: Entry
    ) -> Bool {
        if outcome.distance != other.distance { return outcome.distance < other.distance }
        return ranks(entry, above: otherEntry)
    }
}
