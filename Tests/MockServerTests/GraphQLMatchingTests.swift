import Foundation
import JSON
import Testing

@testable import MockServer

/// WireMock's GraphQL extension (`customMatcher` `graphql-body-matcher`): queries equal once whitespace and
/// field order are set aside, variables compared as JSON, a malformed query refused in a stub at its path and
/// merely unmatched (with the reason in the near miss) in a request.
@Suite struct GraphQLMatchingTests {
    private static let stub = """
        {"request": {"method": "POST", "url": "/graphql", "customMatcher": {"name": "graphql-body-matcher",
          "parameters": {"query": "query Hero($id: Int) { hero(id: $id) { name friends { name age } } }",
                         "variables": {"id": 1, "filter": {"a": [1, 2]}}, "operationName": "Hero"}}},
         "response": {"status": 200, "body": "hero"}}
        """

    private func body(
        _ query: String, variables: String = #"{"filter": {"a": [1, 2]}, "id": 1}"#,
        operationName: String? = "Hero"
    ) -> String {
        let escaped = String(decoding: JSONValue.string(query).jsonBytes, as: UTF8.self)
        return #"{"query": \#(escaped), "variables": \#(variables)"#
            + (operationName.map { #", "operationName": "\#($0)""# } ?? "") + "}"
    }

    @Test func whitespaceAndFieldOrderDoNotMatter() throws {
        let harness = try MockHarness()
        #expect(try harness.send("POST", "/__admin/mappings", body: Self.stub).status == 201)
        let reordered = "query Hero($id: Int) {\n  hero(id: $id) {\n    friends { age, name }\n    name\n  }\n}"
        #expect(try harness.send("POST", "/graphql", body: body(reordered)).text == "hero")
        let fewer = "query Hero($id: Int) { hero(id: $id) { name friends { name } } }"
        #expect(try harness.send("POST", "/graphql", body: body(fewer)).status == 404)
    }

    @Test func variablesAndOperationNameMustBeEqual() throws {
        let harness = try MockHarness()
        #expect(try harness.send("POST", "/__admin/mappings", body: Self.stub).status == 201)
        let query = "query Hero($id: Int) { hero(id: $id) { name friends { name age } } }"
        #expect(try harness.send("POST", "/graphql", body: body(query)).status == 200)
        #expect(
            try harness.send("POST", "/graphql", body: body(query, variables: #"{"id": 2, "filter": {"a": [1, 2]}}"#))
                .status == 404)
        #expect(
            try harness.send("POST", "/graphql", body: body(query, variables: #"{"id": 1, "filter": {"a": [2, 1]}}"#))
                .status == 404)
        #expect(try harness.send("POST", "/graphql", body: body(query, operationName: "Other")).status == 404)
        #expect(try harness.send("POST", "/graphql", body: body(query, operationName: nil)).status == 404)
    }

    @Test func malformedRequestQueryIsAMissThatSaysWhy() throws {
        let harness = try MockHarness()
        #expect(try harness.send("POST", "/__admin/mappings", body: Self.stub).status == 201)
        let answer = try harness.send("POST", "/graphql", body: body("query Hero { hero { name "))
        #expect(answer.status == 404)
        #expect(
            answer.text.contains(
                "got a GraphQL query that does not parse (Syntax Error GraphQL (1:26) Expected Name, found <EOF>))\n"),
            "\(answer.text)")
        let logged = try #require(harness.mock.requests.first)
        #expect(logged.nearMiss?.contains("does not parse") == true)
        // A query nested a million levels deep is refused before the parser recurses into it.
        let bomb = String(repeating: "{a", count: 1_000_000) + String(repeating: "}", count: 1_000_000)
        let deep = try GraphQLPattern(query: "{ a }", variables: nil, operationName: nil)
        #expect(deep.verdict(Array(body(bomb, operationName: nil).utf8))?.contains("nested more than 64") == true)
    }

    @Test func fragmentsAreComparedAsASetOfDefinitions() throws {
        let stub = try GraphQLPattern(
            query: "query { hero { ...Names ...Ages } } fragment Names on Hero { name } fragment Ages on Hero { age }",
            variables: nil, operationName: nil)
        let swapped =
            #"{"query": "fragment Ages on Hero { age } query { hero { ...Ages ...Names } } fragment Names on Hero { name }"}"#
        #expect(stub.verdict(Array(swapped.utf8)) == nil)
        let inlined = #"{"query": "{ hero { name age } }"}"#
        #expect(stub.verdict(Array(inlined.utf8)) != nil)
        let shorthand = try GraphQLPattern(
            query: "{ hero(a: 1, b: {y: 2, x: 1}) { name } }", variables: nil,
            operationName: nil)
        #expect(shorthand.verdict(Array(#"{"query": "query { hero(b: {x: 1, y: 2}, a: 1) { name } }"}"#.utf8)) == nil)
        #expect(shorthand.verdict(Array(#"{"query": "{ hero(a: 2, b: {x: 1, y: 2}) { name } }"}"#.utf8)) != nil)
    }

    @Test func stubMistakesAreRefusedAtTheirPath() {
        func loadError(_ custom: String) -> String {
            errorText {
                let request = try JSONValue(parsing: Array(#"{"method": "POST", "customMatcher": \#(custom)}"#.utf8))
                _ = try WireMockMapping.requestPattern(request, at: "request")
            }
        }
        #expect(
            loadError(#"{"name": "graphql-body-matcher", "parameters": {"query": "{ hero { name }"}}"#)
                .hasPrefix("request.customMatcher.parameters.query: not a GraphQL query: Syntax Error"))
        #expect(
            loadError(#"{"name": "my-matcher", "parameters": {}}"#)
                == "request.customMatcher.name: unsupported custom matcher 'my-matcher' (the mock has graphql-body-matcher)"
        )
        #expect(
            loadError(#"{"name": "graphql-body-matcher", "parameters": {"query": "{ a }", "variables": [1]}}"#)
                == "request.customMatcher.parameters.variables: expected an object, got an array")
        #expect(
            loadError(#"{"name": "graphql-body-matcher", "parameters": {"query": "{ a }", "operationNam": "A"}}"#)
                .contains("request.customMatcher.parameters.operationNam: unknown key 'operationNam'"))
    }
}
