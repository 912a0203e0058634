/// How a stub takes part in a scenario: the state it needs, and the state it moves the scenario to.
///
/// Scenarios give a stateless mock a memory, e.g. `GET /cart` answers empty until `POST /cart` moved the
/// "cart" scenario from `Started` to `HasItem`. Every scenario begins in `Started`, as in WireMock.
public struct ScenarioStep: Sendable, Hashable {
    /// The state every scenario is in until a stub moves it.
    public static let started = "Started"

    /// The scenario's name.
    public var name: String
    /// The state the scenario must be in for the stub to match, or nil for any state.
    public var requiredState: String?
    /// The state the scenario moves to when the stub answers, or nil to leave it.
    public var newState: String?

    /// Makes a scenario step.
    public init(_ name: String, requiredState: String? = nil, newState: String? = nil) {
        self.name = name
        self.requiredState = requiredState
        self.newState = newState
    }
}
