import Foundation

/// A canned answer: a request pattern and the responses to give, in turn, to the requests it matches.
///
/// When several stubs match, the one with the lowest `priority` answers, and among equal priorities the newest,
/// as in WireMock. With several responses the stub answers them in order and then repeats the last, to script
/// retries and polling.
public struct Stub: Sendable, Identifiable {
    /// Identifies the stub for `removeStub` and in the journal.
    public var id: UUID
    /// An optional name, shown in the journal and in 404 explanations.
    public var name: String?
    /// Which requests it answers.
    public var request: RequestPattern
    /// The answers in turn; the last one repeats. Never empty.
    public var responses: [ResponseDefinition]
    /// Lower wins, as in WireMock; nil counts as 5, WireMock's default.
    public var priority: Int?
    /// The scenario state it needs and sets, if any.
    public var scenario: ScenarioStep?
    /// Whether `{{name}}` in the answer takes the value a path template captured: fscript's own stubs do;
    /// WireMock mappings do not (WireMock leaves the braces unless response templating is on).
    public var substitutesCaptures = true

    /// Makes a stub with one response.
    public init(
        id: UUID = UUID(), name: String? = nil, request: RequestPattern, response: ResponseDefinition,
        priority: Int? = nil, scenario: ScenarioStep? = nil
    ) {
        self.init(id: id, name: name, request: request, responses: [response], priority: priority, scenario: scenario)
    }

    /// Makes a stub that answers `responses` in turn, then repeats the last.
    public init(
        id: UUID = UUID(), name: String? = nil, request: RequestPattern, responses: [ResponseDefinition],
        priority: Int? = nil, scenario: ScenarioStep? = nil
    ) {
        self.id = id
        self.name = name
        self.request = request
        self.responses = responses
        self.priority = priority
        self.scenario = scenario
    }

    /// The stub as one line, for 404 pages, the journal and verify errors.
    public var summary: String {
        var line = request.summary
        if let scenario, let state = scenario.requiredState {
            line += " in scenario \(scenario.name) state \(state)"
        }
        if let name { line = "'\(name)' (\(line))" }
        return line
    }
}
