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
        // The name arrives percent-encoded (`my%20flow`); scenarios are stored by the name as written. No body (the
        // Java client's reset of one scenario) puts it back to `Started`; a scenario no stub names is a 404 and a
        // state none of its stubs names a 422, as in WireMock.
        router.add("PUT", "/__admin/scenarios/{name}/state") { api, request, parameters in
            let name = parameters.decoded("name") ?? ""
            var state = ScenarioStep.started
            if !request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }) {
                guard let given = try body(request)["state"]?.stringValue else {
                    throw AdminError(422, "the body needs {\"state\": \"…\"}", pointer: "/state")
                }
                state = given
            }
            guard let possible = api.possibleStates()[name] else {
                throw AdminError(404, "Scenario \(name) does not exist")
            }
            guard possible.contains(state) else { throw AdminError(422, "Scenario \(name) does not support state \(state)") }
            api.stubs.setState(of: name, to: state)
            return ok
        }
    }

    /// Each scenario's name, with every state its stubs require or move to (and `Started`).
    private func possibleStates() -> [String: Set<String>] {
        var states: [String: Set<String>] = [:]
        for stub in stubs.stubs {
            guard let scenario = stub.scenario else { continue }
            var known = states[scenario.name, default: [ScenarioStep.started]]
            if let state = scenario.requiredState { known.insert(state) }
            if let state = scenario.newState { known.insert(state) }
            states[scenario.name] = known
        }
        return states
    }

    /// Every scenario with its state now, every state its stubs require or move to, and its stubs, by name.
    private func scenarios() -> [JSONValue] {
        let states = possibleStates()
        let all = stubs.stubs
        return states.keys.sorted().map { name in
            .object([
                "id": .string(name), "name": .string(name), "state": .string(stubs.state(of: name)),
                "possibleStates": .array(states[name, default: []].sorted().map(JSONValue.string)),
                "mappings": .array(all.filter { $0.scenario?.name == name }.map(\.mappingJSON)),
            ])
        }
    }
}
