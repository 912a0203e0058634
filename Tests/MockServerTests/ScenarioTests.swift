import HTTPCore
import Testing

@testable import MockServer

@Suite struct ScenarioTests {
    @Test func sequenceAnswersInTurnThenRepeatsTheLast() throws {
        let harness = try MockHarness()
        let stub = Stub(
            request: .init(method: "GET", path: "/status"),
            responses: [.text("pending", status: 202), .text("pending", status: 202), .text("done")]
        )
        try harness.mock.stub(stub)
        let statuses = try (1...5).map { _ in try harness.send("GET", "/status").status }
        #expect(statuses == [202, 202, 200, 200, 200])
    }

    @Test func scenarioStatesGateAndMoveStubs() throws {
        let harness = try MockHarness()
        let cart = RequestPattern(method: "GET", path: "/cart")
        try harness.mock.stub(
            Stub(request: cart, response: .json("[]"), scenario: .init("cart", requiredState: "Started"))
        )
        try harness.mock.stub(
            Stub(
                request: .init(method: "POST", path: "/cart"), response: .text("added", status: 201),
                scenario: .init("cart", newState: "HasItem")
            )
        )
        try harness.mock.stub(
            Stub(request: cart, response: .json(#"["apple"]"#), scenario: .init("cart", requiredState: "HasItem"))
        )
        #expect(try harness.send("GET", "/cart").text == "[]")
        #expect(try harness.send("POST", "/cart").status == 201)
        #expect(harness.mock.scenarioState("cart") == "HasItem")
        #expect(try harness.send("GET", "/cart").text == #"["apple"]"#)
        harness.mock.resetScenarios()
        #expect(try harness.send("GET", "/cart").text == "[]")
    }

    @Test func scenarioMismatchIsExplained() throws {
        let harness = try MockHarness()
        let stub = Stub(
            request: .init(method: "GET", path: "/orders"), response: .json("[]"),
            scenario: .init("orders", requiredState: "LoggedIn")
        )
        try harness.mock.stub(stub)
        #expect(
            try harness.send("GET", "/orders").text
                == "No stub matched GET /orders. Closest stub: GET /orders in scenario orders state LoggedIn: "
                + "scenario orders did not match (expected LoggedIn, got Started)\n"
        )
        harness.mock.setScenarioState("orders", to: "LoggedIn")
        #expect(try harness.send("GET", "/orders").text == "[]")
    }
}
