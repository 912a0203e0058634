import HTTPCore
import JSON

/// `/__admin/scenarios…`: each scenario's state and the states its stubs name, reset, or one set by name.
extension AdminAPI {
    static func addScenarioRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/__admin/scenarios") { api, _, _ in json(.object(["scenarios": .array(api.scenarios())])) }
        router.add("POST", "/__admin/scenarios/reset") { api, _, _ in
            api.stubs.resetScenarios()
            return ok
        }
        // The name arrives percent-encoded (`my%20flow`); scenarios are stored by the name as written.
        router.add("PUT", "/__admin/scenarios/{name}/state") { api, request, parameters in
            guard let state = try body(request)["state"]?.stringValue else {
                throw AdminError(400, "the body needs {\"state\": \"…\"}")
            }
            api.stubs.setState(of: parameters.decoded("name") ?? "", to: state)
            return ok
        }
    }

    /// Every scenario with its state now and every state its stubs require or move to, by name.
    private func scenarios() -> [JSONValue] {
        var states: [String: Set<String>] = [:]
        for stub in stubs.stubs {
            guard let scenario = stub.scenario else { continue }
            var known = states[scenario.name, default: [ScenarioStep.started]]
            if let state = scenario.requiredState { known.insert(state) }
            if let state = scenario.newState { known.insert(state) }
            states[scenario.name] = known
        }
        return states.keys.sorted().map { name in
            .object([
                "id": .string(name), "name": .string(name), "state": .string(stubs.state(of: name)),
                "possibleStates": .array(states[name]!.sorted().map(JSONValue.string)),
            ])
        }
    }
}
