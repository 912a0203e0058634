import Foundation
import JSON
import Testing

@testable import MockServer

/// What the differential check against Python's jsonschema (Tests/cli/json_schema_diff_test.sh) cannot show: a
/// hostile schema or body ends within the budget instead of hanging or overflowing the stack, mistakes in a
/// schema are refused at their JSON path, and the matcher works on header values as WireMock allows.
@Suite struct JSONSchemaTests {
    private func schema(_ text: String, _ version: JSONSchema.Version = .v202012) throws -> JSONSchema {
        try JSONSchema(try JSONValue(parsing: Array(text.utf8)), version: version)
    }

    private func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    @Test func schemaReferringToItselfEndsAsAMismatch() throws {
        let loop = try schema(##"{"$ref": "#"}"##)
        #expect(!loop.accepts(.integer(1)))
        // A `not` around the cut-off must not turn it into a match.
        let negated = try schema(##"{"$defs": {"x": {"$ref": "#/$defs/x"}}, "not": {"$ref": "#/$defs/x"}}"##)
        #expect(!negated.accepts(.integer(1)))
    }

    @Test func exponentialSchemaStopsWithinItsBudget() throws {
        // Each level evaluates the next twice: 2^40 steps without the budget.
        var definitions: [String] = []
        for level in 0..<40 {
            definitions.append(
                ##""l\##(level)": {"allOf": [{"$ref": "#/$defs/l\##(level + 1)"}, {"$ref": "#/$defs/l\##(level + 1)"}]}"##
            )
        }
        definitions.append(#""l40": true"#)
        let bomb = try schema(##"{"$defs": {\##(definitions.joined(separator: ","))}, "$ref": "#/$defs/l0"}"##)
        let started = Date()
        #expect(!bomb.accepts(.integer(1)))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func deepOrWideBodiesStopWithinTheBudget() throws {
        let nested = try schema(##"{"$defs": {"n": {"items": {"$ref": "#/$defs/n"}}}, "$ref": "#/$defs/n"}"##)
        let deep = try json(String(repeating: "[", count: 500) + String(repeating: "]", count: 500))
        #expect(!nested.accepts(deep))
        #expect(nested.accepts(try json("[[[]]]")))
        let unique = try schema(#"{"uniqueItems": true}"#)
        let started = Date()
        #expect(!unique.accepts(.array((0..<20_000).map { .integer(Int64($0)) })))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func backtrackingPatternsShareOneTimeBudget() throws {
        // Each name takes the whole regex budget (0.25 s) on its own; forty of them would take ten seconds.
        let slow = try schema(#"{"patternProperties": {"^(a+)+b$": {"type": "integer"}}}"#)
        let name = String(repeating: "a", count: 40) + "!"
        var members: [String: JSONValue] = [:]
        for index in 0..<40 { members[name + String(index)] = .string("x") }
        let started = Date()
        #expect(!slow.accepts(.object(members)))
        #expect(Date().timeIntervalSince(started) < 3)
    }

    @Test func schemaMistakesAreRefusedAtTheirPath() {
        func loadError(_ schema: String, version: String? = nil) -> String {
            var spec: [String: JSONValue] = ["matchesJsonSchema": .string(schema)]
            if let version { spec["schemaVersion"] = .string(version) }
            return errorText { _ = try WireMockMapping.bodyPattern(.object(spec), at: "request.bodyPatterns[0]") }
        }
        #expect(
            loadError(#"{"properties": {"a": {"pattern": "(["}}}"#)
                == "request.bodyPatterns[0].matchesJsonSchema.properties.a.pattern: '([' is not a valid regular expression"
        )
        #expect(
            loadError(##"{"items": {"$ref": "#/$defs/missing"}}"##)
                == "request.bodyPatterns[0].matchesJsonSchema.items.$ref: '#/$defs/missing' names nothing in the schema"
        )
        #expect(loadError(#"{"$ref": "http://example.com/s.json"}"#).contains("is not a local reference"))
        #expect(
            loadError(#"{"allOf": [{"minLength": -1}]}"#)
                == "request.bodyPatterns[0].matchesJsonSchema.allOf[0].minLength: expected a non-negative integer")
        #expect(loadError(#"{"type": "text"}"#).hasPrefix("request.bodyPatterns[0].matchesJsonSchema.type: expected"))
        #expect(loadError(#"{"unevaluatedProperties": false}"#).contains("is not supported by the mock"))
        #expect(loadError("{", version: nil).hasPrefix("request.bodyPatterns[0].matchesJsonSchema: not valid JSON"))
        #expect(
            loadError("{}", version: "V5")
                == "request.bodyPatterns[0].schemaVersion: expected one of V4, V6, V7, V201909, V202012, got 'V5'")
        let deep = String(repeating: #"{"not": "#, count: 80) + "{}" + String(repeating: "}", count: 80)
        #expect(loadError(deep).contains("schemas nested more than 64 deep"))
    }

    @Test func draftFourReadsBooleanExclusivesAndDraftSevenIgnoresRefSiblings() throws {
        let four = try schema(#"{"maximum": 3, "exclusiveMaximum": true}"#, .v4)
        #expect(four.accepts(.integer(2)) && !four.accepts(.integer(3)))
        let text = ##"{"definitions": {"s": {"type": "string"}}, "$ref": "#/definitions/s", "maxLength": 1}"##
        #expect(try schema(text, .v7).accepts(.string("abc")))
        #expect(!(try schema(text, .v202012).accepts(.string("abc"))))
    }

    @Test func headerAndQueryValuesAreReadAsJSONOrAsText() throws {
        let spec = JSONValue.object([
            "matchesJsonSchema": .object(["type": .string("integer"), "minimum": .integer(5)])
        ])
        let pattern = try WireMockMapping.Fields.read(spec, at: "headers.X") { fields throws(FieldError) in
            try WireMockMapping.valuePattern(fields)
        }
        #expect(pattern.accepts(["7"]) && !pattern.accepts(["3"]) && !pattern.accepts(["abc"]) && !pattern.accepts([]))
        let text = JSONValue.object(["matchesJsonSchema": .string(#"{"type": "string", "pattern": "^ab"}"#)])
        let textPattern = try WireMockMapping.Fields.read(text, at: "headers.X") { fields throws(FieldError) in
            try WireMockMapping.valuePattern(fields)
        }
        #expect(textPattern.accepts(["abc"]) && !textPattern.accepts(["xabc"]))
    }
}
