import Foundation
import JSON

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
    /// The WireMock mapping it was made from (a file or the admin API), shown again by `GET /__admin/mappings`.
    public var source: JSONValue?
    /// What it sends elsewhere after each answer (`serveEventListeners` of name `webhook`).
    public var webhooks: [Webhook] = []
    /// The names of serve event listeners the mock does not have: loaded, as WireMock loads them, and said at
    /// each answer, as WireMock says it.
    public var unknownListeners: [String] = []

    /// The stub as WireMock's mapping JSON: its source with its id, or for a stub made in Lua, its id, name,
    /// method and URL (the admin API lists every stub; only mapping-made ones round-trip whole).
    public var mappingJSON: JSONValue {
        var members: [String: JSONValue]
        if case .object(let given)? = source {
            // WireMock answers and writes a mapping with its defaults filled in: `request.method` `ANY`,
            // `response.status` 200, and both objects present (`{}` gives the whole mapping, not the id alone).
            members = given
            if case .object(var request)? = members["request"] ?? .object([:]), request["method"] == nil {
                request["method"] = .string("ANY")
                members["request"] = .object(request)
            }
            if case .object(var response)? = members["response"] ?? .object([:]), response["status"] == nil {
                response["status"] = .integer(200)
                members["response"] = .object(response)
            }
        } else {
            var request: [String: JSONValue] = ["method": .string(self.request.method ?? "ANY")]
            if let url = self.request.url { request[url.written.key] = .string(url.written.text) }
            members = ["request": .object(request), "response": .object(["status": .integer(Int64(responses[0].status))])]
            if let name { members["name"] = .string(name) }
            if let priority { members["priority"] = .integer(Int64(priority)) }
        }
        // WireMock writes ids in lower case; clients compare them as strings.
        members["id"] = .string(id.uuidString.lowercased())
        members["uuid"] = .string(id.uuidString.lowercased())
        return .object(members)
    }

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
