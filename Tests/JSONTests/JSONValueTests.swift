import Foundation
import JSON
import Testing

@Suite struct JSONValueTests {
    private let sample = JSONValue.object([
        "name": .string("Buy"), "count": .integer(3), "ratio": .number(0.5), "whole": .number(4), "list": .array([]),
    ])

    @Test func accessors() {
        #expect(sample["name"]?.stringValue == "Buy")
        #expect(sample["count"]?.stringValue == nil)
        #expect(sample["missing"] == nil)
        #expect(JSONValue.array([])["name"] == nil)
        #expect(sample["count"]?.doubleValue == 3)
        #expect(sample["ratio"]?.doubleValue == 0.5)
        #expect(sample["name"]?.doubleValue == nil)
        #expect(sample["count"]?.intValue == 3)
        #expect(sample["whole"]?.intValue == 4)
        #expect(sample["ratio"]?.intValue == nil)
    }

    @Test(
        arguments: [
            (.null, "null"), (.bool(false), "a boolean"), (.integer(1), "a number"), (.number(1), "a number"),
            (.string(""), "a string"), (.array([]), "an array"), (.object([:]), "an object"),
        ] as [(JSONValue, String)])
    func typeNames(_ value: JSONValue, _ name: String) {
        #expect(value.typeName == name)
    }

    /// Wire structs embed values and go through Foundation's coders; the Codable conformance must agree with the
    /// hand-written parser and writer.
    @Test func codableAgreesWithParserAndWriter() throws {
        let text = #"{"a":[1,2.5,"s",null,true],"b":{"c":-7}}"#
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(decoded == (try JSONValue(parsing: text.utf8)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try encoder.encode(decoded), as: UTF8.self) == decoded.jsonString)
    }
}
