import JSON
import Testing

@testable import MockServer

/// A JSON body that fails its check names the fields that differ, with the expected and the received value,
/// rather than printing both bodies; a subset check names only what is missing or different.
@Suite struct JSONDifferenceTests {
    private func differences(_ expected: String, _ actual: String, _ options: JSONMatchOptions = []) throws
        -> [String]
    {
        let comparison = JSONComparison(
            expected: try JSONValue(parsing: expected.utf8), actual: try JSONValue(parsing: actual.utf8),
            options: options)
        #expect(comparison.differences.isEmpty == comparison.expected.matches(comparison.actual, options: options))
        return comparison.differences
    }

    @Test func fieldsThatDifferAreMissingOrUnexpected() throws {
        let found = try differences(
            #"{"amount": 100, "items": [1, 2, 3], "who": {"name": "alice"}}"#,
            #"{"amount": 90, "items": [1, 2], "who": {"name": "bob"}, "extra": true}"#)
        #expect(found == [
            "$.amount: expected 100, received 90",
            "$.extra: unexpected (received true)",
            "$.items[2]: missing (expected 3)",
            #"$.who.name: expected "alice", received "bob""#,
        ])
    }

    @Test func aSubsetCheckIgnoresWhatIsExtra() throws {
        let found = try differences(
            #"{"amount": 100, "items": [1, 5]}"#, #"{"amount": 100, "items": [1, 2, 3], "extra": true}"#,
            .ignoreExtraElements)
        #expect(found == ["$.items[1]: expected 5, received 2"])
    }

    @Test func equalValuesHaveNoDifferences() throws {
        #expect(try differences(#"{"a": 1, "b": [true, null]}"#, #"{"b": [true, null], "a": 1.0}"#).isEmpty)
    }

    @Test func typesPlaceholdersAndOddKeys() throws {
        let found = try differences(
            #"{"n": "${json-unit.any-number}", "first name": {"x": 1}, "id": "${json-unit.regex}[0-9]+"}"#,
            #"{"n": "7", "first name": [1], "id": "a1"}"#)
        #expect(found == [
            #"$['first name']: expected {"x":1}, received [1]"#,
            #"$.id: expected a string matching [0-9]+, received "a1""#,
            #"$.n: expected any number, received "7""#,
        ])
    }

    @Test func arraysInAnyOrderNameTheItemNothingMatches() throws {
        let found = try differences(#"[1, 2, 3]"#, #"[3, 1]"#, .ignoreArrayOrder)
        #expect(found == ["$: expected 3 items in any order, received 2", "$: no item matches expected item 1 (2)"])
        #expect(try differences(#"[3, 1, 2]"#, #"[1, 2, 3]"#, .ignoreArrayOrder).isEmpty)
    }

    @Test func longListsAreCutShort() throws {
        let expected = JSONValue.array((0..<25).map { .integer($0) })
        let actual = JSONValue.array((0..<25).map { .integer($0 + 1) })
        let lines = JSONComparison(expected: expected, actual: actual, options: []).lines(limit: 10)
        #expect(lines.count == 11)
        #expect(lines.first == "$[0]: expected 0, received 1")
        #expect(lines.last == "… and 15 more")
    }

    @Test func aVerificationListsTheDifferingFieldsUnderTheRequest() throws {
        let harness = try MockHarness()
        try harness.send("POST", "/pay", body: #"{"amount": 90, "currency": "EUR", "items": [1, 2], "note": "x"}"#)
        let filter = RequestPattern(
            method: "POST", url: .path("/pay"),
            bodyPatterns: [try .containsJSON(#"{"amount": 100, "currency": "EUR", "items": [1, 2, 3]}"#)])
        let text = errorText { try harness.mock.verify(filter) }
        #expect(
            text == """
                Expected 1 request matching POST /pay with JSON body containing {"amount":100,"currency":"EUR",\
                "items":[1,2,3]}, but received 0.
                Requests received (1):
                  1. POST /pay: body did not match:
                       $.amount: expected 100, received 90
                       $.items[2]: missing (expected 3)
                     No stub matched POST /pay. There are no stubs.
                """
        )
    }
}
