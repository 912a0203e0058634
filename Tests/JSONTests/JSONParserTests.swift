import JSON
import Testing

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    /// The whole message of the error `text` fails with, or nil when it parses.
    private func error(_ text: String) -> String? {
        errorValue(Array(text.utf8))?.description
    }

    private func errorValue(_ bytes: [UInt8]) -> JSONParseError? {
        do {
            _ = try JSONValue(parsing: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        arguments: [
            ("null", .null), ("true", .bool(true)), ("false", .bool(false)), (#""""#, .string("")),
            ("[]", .array([])), ("{}", .object([:])), (" \t\r\n[ 1 , 2 ]\n ", .array([.integer(1), .integer(2)])),
            (#"{"a":{"b":[null,{}]}}"#, .object(["a": .object(["b": .array([.null, .object([:])])])])),
            ("\u{FEFF}{}", .object([:])),
        ] as [(String, JSONValue)])
    func parsesValues(_ text: String, _ expected: JSONValue) throws {
        #expect(try parse(text) == expected)
    }

    @Test(
        arguments: [
            ("3", .integer(3)), ("-0", .integer(0)), ("0", .integer(0)), ("3.0", .number(3.0)), ("1e2", .number(100)),
            ("1E+2", .number(100)), ("-2.5e-3", .number(-0.0025)), ("9223372036854775807", .integer(.max)),
            ("-9223372036854775808", .integer(.min)), ("9223372036854775808", .number(9_223_372_036_854_775_808)),
            ("-9223372036854775809", .number(-9.223372036854775808e18)),
            ("123456789012345678901234567890", .number(1.2345678901234568e29)), ("1e-400", .number(0)),
        ] as [(String, JSONValue)])
    func keepsIntegersApartFromFloats(_ text: String, _ expected: JSONValue) throws {
        #expect(try parse(text) == expected)
    }

    @Test(
        arguments: [
            (#""a\"b\\c\/d""#, "a\"b\\c/d"), (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"), (#""\u00e9\u00C9""#, "éÉ"),
            (#""\u0000""#, "\u{0}"), (#""\ud83d\ude00""#, "😀"), (#""\uD834\uDD1E!""#, "𝄞!"),
            (#""héllo 😀""#, "héllo 😀"),
            (#""x\u2028y""#, "x\u{2028}y"),
        ] as [(String, String)])
    func decodesEscapesAndUnicode(_ text: String, _ expected: String) throws {
        #expect(try parse(text) == .string(expected))
    }

    @Test func lastDuplicateKeyWins() throws {
        #expect(try parse(#"{"a":1,"b":2,"a":3}"#) == .object(["a": .integer(3), "b": .integer(2)]))
    }

    @Test(
        arguments: [
            ("", "line 1, column 1 (byte 0): expected a JSON value, found the end of the text"),
            ("   ", "line 1, column 4 (byte 3): expected a JSON value, found the end of the text"),
            ("[1,]", "line 1, column 4 (byte 3): expected a JSON value, found ']'"),
            ("[1 2]", "line 1, column 4 (byte 3): expected ',' or ']' after an array element, found '2'"),
            ("[1", "line 1, column 3 (byte 2): expected ',' or ']' after an array element, found the end of the text"),
            (#"{"a":1,}"#, "line 1, column 8 (byte 7): expected a string key, found '}'"),
            ("{1:2}", "line 1, column 2 (byte 1): expected a string key, found '1'"),
            (#"{"a" 1}"#, "line 1, column 6 (byte 5): expected ':' after an object key, found '1'"),
            (#"{"a":1 "b":2}"#, "line 1, column 8 (byte 7): expected ',' or '}' after an object member, found '\"'"),
            ("tru", "line 1, column 4 (byte 3): expected 'true', found the end of the text"),
            ("nulL", "line 1, column 4 (byte 3): expected 'null', found 'L'"),
            ("NaN", "line 1, column 1 (byte 0): expected a JSON value, found 'N'"),
            ("1 2", "line 1, column 3 (byte 2): expected the end of the text, found '2'"),
            ("{}\n// note", "line 2, column 1 (byte 3): expected the end of the text, found '/'"),
            ("-", "line 1, column 2 (byte 1): expected a digit, found the end of the text"),
            ("-a", "line 1, column 2 (byte 1): expected a digit, found 'a'"),
            ("+1", "line 1, column 1 (byte 0): expected a JSON value, found '+'"),
            (".5", "line 1, column 1 (byte 0): expected a JSON value, found '.'"),
            ("1.", "line 1, column 3 (byte 2): expected a digit after '.', found the end of the text"),
            ("1.e3", "line 1, column 3 (byte 2): expected a digit after '.', found 'e'"),
            ("1e", "line 1, column 3 (byte 2): expected a digit in the exponent, found the end of the text"),
            ("1e+", "line 1, column 4 (byte 3): expected a digit in the exponent, found the end of the text"),
            ("012", "line 1, column 2 (byte 1): a number cannot start with 0 followed by more digits"),
            ("[-01]", "line 1, column 4 (byte 3): a number cannot start with 0 followed by more digits"),
            ("[1e400]", "line 1, column 2 (byte 1): the number is too large for a Double"),
            (#""abc"#, "line 1, column 5 (byte 4): expected '\"' to end the string, found the end of the text"),
            (#""a\x""#, "line 1, column 4 (byte 3): 'x' cannot follow a backslash"),
            (#""a\"#, "line 1, column 4 (byte 3): expected an escape after '\\', found the end of the text"),
            (#""\u12G4""#, "line 1, column 6 (byte 5): expected four hex digits after '\\u', found 'G'"),
            (#""\u12""#, "line 1, column 6 (byte 5): expected four hex digits after '\\u', found '\"'"),
            (#""x\ud800""#, "line 1, column 3 (byte 2): \\ud800 is half a surrogate pair without its other half"),
            (#""\ud800\u0041""#, "line 1, column 2 (byte 1): \\ud800 is half a surrogate pair without its other half"),
            (#""\udc00\ud800""#, "line 1, column 2 (byte 1): \\udc00 is half a surrogate pair without its other half"),
            ("\"a\tb\"", "line 1, column 3 (byte 2): control character \\u0009 must be escaped"),
            ("[\n  \"é\",\n  x]", "line 3, column 3 (byte 12): expected a JSON value, found 'x'"),
            ("é", "line 1, column 1 (byte 0): expected a JSON value, found byte 0xC3"),
            ("[\u{1}]", "line 1, column 2 (byte 1): expected a JSON value, found byte 0x01"),
        ] as [(String, String)])
    func reportsEachErrorWithItsPosition(_ text: String, _ expected: String) {
        #expect(error(text) == "JSON error at " + expected)
    }

    @Test(
        arguments: [
            [0x22, 0xFF, 0x22], [0x22, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xE0, 0x80, 0xAF, 0x22],
            [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xC3, 0x22],
            [0x22, 0xE2, 0x82],
        ] as [[UInt8]])
    func rejectsInvalidUTF8InStrings(_ bytes: [UInt8]) {
        let error = errorValue(bytes)
        #expect(error?.kind == .invalidUTF8)
        #expect(error?.offset == 1)
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParseError.Kind.tooDeep(limit: 512)
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try parse(deepest) != .null)
        let mixed = String(repeating: #"{"a":["#, count: 256) + String(repeating: "]}", count: 256)
        #expect(try parse(mixed) != .null)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(errorValue(Array(tooDeep.utf8))?.kind == depth)
        #expect(errorValue(Array(tooDeep.utf8))?.offset == 512)
    }

    @Test func hostileNestingFailsInsteadOfCrashing() {
        let hostile = Array(repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(
            errorValue(hostile)?.description
                == "JSON error at line 1, column 513 (byte 512): arrays and objects nest deeper than 512 levels")
    }

    @Test func parsesAnyCollectionOfBytes() throws {
        let text = #"{"k":[1,2.5,"s"]}"#
        let expected = JSONValue.object(["k": .array([.integer(1), .number(2.5), .string("s")])])
        #expect(try JSONValue(parsing: text.utf8) == expected)
        #expect(try JSONValue(parsing: Array(text.utf8)[...]) == expected)
        #expect(try JSONValue(parsing: Array(text.utf8).lazy.map { $0 }) == expected)
    }
}
