import Foundation
import Frankly
import JSON
import Testing

@Suite struct EnvelopeTests {
    private func decode(_ text: String) throws -> Envelope {
        try JSONDecoder().decode(Envelope.self, from: Data(text.utf8))
    }

    private func encode(_ envelope: Envelope) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(envelope), as: UTF8.self)
    }

    @Test func readsDetails() throws {
        let envelope = try decode(#"{"outcome":"ERROR","reason":"invalid selector","details":"column 3: …"}"#)
        #expect(envelope == Envelope(outcome: .error, reason: "invalid selector", details: "column 3: …"))
    }

    @Test func readsTheOldDetailKey() throws {
        let envelope = try decode(#"{"outcome":"ERROR","reason":"keyboard not present","detail":"no focus"}"#)
        #expect(envelope.details == "no focus")
    }

    @Test func prefersDetailsWhenBothArePresent() throws {
        let envelope = try decode(#"{"outcome":"ERROR","reason":"r","details":"new","detail":"old"}"#)
        #expect(envelope.details == "new")
    }

    @Test func keepsNonStringDetailsAsJSONText() throws {
        let envelope = try decode(#"{"outcome":"ERROR","reason":"r","details":{"name":"NSRangeException"}}"#)
        #expect(envelope.details == #"{"name":"NSRangeException"}"#)
    }

    @Test func writesDetailsNeverDetail() throws {
        #expect(
            try encode(FranklyError.keyboardNotPresent.envelope)
                == #"{"details":"no text input has focus; touch a text field before typing","outcome":"ERROR","#
                + #""reason":"keyboard not present"}"#)
    }

    @Test func successWithAndWithoutResults() throws {
        #expect(try decode(#"{"outcome":"SUCCESS"}"#) == .success())
        let envelope = try decode(#"{"outcome":"SUCCESS","results":[null,"Buy",1,{"x":1,"y":2}]}"#)
        #expect(envelope.results == [.null, "Buy", 1, .object(["x": 1, "y": 2])])
        #expect(try encode(.success([])) == #"{"outcome":"SUCCESS","results":[]}"#)
        #expect(try encode(.success()) == #"{"outcome":"SUCCESS"}"#)
    }

    @Test func rejectsAnUnknownOutcome() {
        #expect(throws: DecodingError.self) { try decode(#"{"outcome":"MAYBE"}"#) }
    }

    @Test(
        arguments: [
            ("true", true), ("false", false), ("1", true), ("0", false), ("null", false), ("1.0", true),
        ] as [(String, Bool)])
    func boolResultsReadEitherWay(_ text: String, _ expected: Bool) throws {
        #expect(try JSONValue(parsing: Array(text.utf8)).franklyBool == expected)
    }

    @Test(arguments: [#""YES""#, "2", "[]", "{}"])
    func otherValuesAreNotBools(_ text: String) throws {
        #expect(try JSONValue(parsing: Array(text.utf8)).franklyBool == nil)
    }
}
