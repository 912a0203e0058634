import JSON
import Testing

@Suite struct JSONWriterTests {
    @Test(
        arguments: [
            (.null, "null"), (.bool(true), "true"), (.integer(0), "0"), (.integer(-42), "-42"),
            (.integer(.min), "-9223372036854775808"), (.integer(.max), "9223372036854775807"),
            (.number(1.5), "1.5"), (.number(0.1), "0.1"), (.number(320), "320"), (.number(-0.0), "-0"),
            (.number(1e16), "1e+16"), (.number(1e-7), "1e-07"), (.number(-375), "-375"), (.number(0), "0"),
            (.number(999_999_999_999_999), "999999999999999"), (.number(1e15), "1000000000000000"), (.number(-1e15), "-1000000000000000"),
            (.number(1.7976931348623157e308), "1.7976931348623157e+308"),
            (.number(.nan), "null"), (.number(.infinity), "null"), (.number(-.infinity), "null"),
            (.array([]), "[]"), (.object([:]), "{}"),
            (.array([.integer(1), .null, .array([.string("x")])]), #"[1,null,["x"]]"#),
            (.object(["b": .integer(1), "a": .object(["d": .null, "c": .bool(false)]), "B": .string("")]),
             #"{"B":"","a":{"c":false,"d":null},"b":1}"#),
        ] as [(JSONValue, String)])
    func writesCompactSortedText(_ value: JSONValue, _ expected: String) {
        #expect(value.jsonString == expected)
        #expect(value.jsonBytes == Array(expected.utf8))
    }

    @Test(
        arguments: [
            ("plain", #""plain""#), ("a/b", #""a/b""#), ("q\"b\\", #""q\"b\\""#),
            ("\u{8}\u{C}\n\r\t", #""\b\f\n\r\t""#), ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
            ("\u{7F}é\u{2028}😀", "\"\u{7F}é\u{2028}😀\""), ("end\n", #""end\n""#),
        ] as [(String, String)])
    func escapesOnlyWhatJSONRequires(_ string: String, _ expected: String) {
        #expect(JSONValue.string(string).jsonString == expected)
    }

    @Test(
        arguments: [
            "null", "true", "[]", "{}", "0", "-1", "1.5", "1e+16", #""a\"\\\n\u0001é😀/""#,
            #"{"a":[1,2.25,{"b":null}],"c":"d","e":{}}"#, #"[[[[]]],{"x":{"y":{"z":[false]}}}]"#,
        ])
    func roundTripsCanonicalText(_ text: String) throws {
        #expect(try JSONValue(parsing: text.utf8).jsonString == text)
    }

    @Test(
        arguments: [
            .integer(7), .number(2.5), .number(1e300), .number(-1.25e-300), .string("\u{0}\u{1F600}\"\\"),
            .object(["k": .array([.null, .bool(true), .integer(-1), .object([:])]), "": .string("")]),
        ] as [JSONValue])
    func roundTripsValues(_ value: JSONValue) throws {
        #expect(try JSONValue(parsing: value.jsonBytes) == value)
    }

    @Test func wholeFloatsReadBackAsIntegers() throws {
        // The price of writing 320.0 as 320, as JSONEncoder did: the float/integer distinction survives parsing,
        // not a write and read.
        #expect(try JSONValue(parsing: JSONValue.number(320).jsonBytes) == .integer(320))
    }
}
