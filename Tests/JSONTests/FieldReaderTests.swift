import Testing

@testable import JSON

@Suite struct FieldReaderTests {
    private func json(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: text.utf8)
    }

    private func problem(
        _ text: String, at path: String = "root", _ read: (FieldReader<JSONValue>) throws(FieldError) -> Void
    ) throws -> String {
        do {
            try FieldReader<JSONValue>.read(try json(text), at: path, read)
            Issue.record("expected an error")
            return ""
        } catch let error as FieldError {
            return error.description
        }
    }

    @Test func readsTypedFieldsAndAcceptsWhatItRead() throws {
        let value = try json(#"{"name": "a", "count": 3, "ratio": 0.5, "on": true, "list": [1], "inner": {"x": "y"}}"#)
        try FieldReader<JSONValue>.read(value, at: "") { fields throws(FieldError) in
            #expect(try fields.string("name") == "a")
            #expect(try fields.integer("count", in: 1...5) == 3)
            #expect(try fields.number("ratio", in: 0...1) == 0.5)
            #expect(try fields.bool("on") == true)
            #expect(try fields.array("list") == [.integer(1)])
            #expect(try fields.object("inner") { inner throws(FieldError) in try inner.string("x") } == "y")
            #expect(try fields.string("absent") == nil)
        }
    }

    @Test func anUnknownKeyNamesItsPathAndTheNearestKnownKey() throws {
        let text = #"{"equalTo": "a", "caseInsensitve": true}"#
        let message = try problem(text, at: "request.headers.Accept") { fields throws(FieldError) in
            _ = try fields.string("equalTo")
            _ = try fields.bool("caseInsensitive")
        }
        #expect(message == "request.headers.Accept.caseInsensitve: unknown key 'caseInsensitve'; "
            + "did you mean 'caseInsensitive'?")
    }

    @Test func anUnknownKeyFarFromEveryKnownOneListsThem() throws {
        let message = try problem(#"{"b": 1, "zzzzzz": 2}"#) { fields throws(FieldError) in
            _ = try fields.integer("b")
            fields.allow(["a"])
        }
        #expect(message == "root.zzzzzz: unknown key 'zzzzzz' (known: a, b)")
    }

    @Test func typeAndRangeErrorsNameTheField() throws {
        #expect(try problem(#"{"n": "x"}"#) { f throws(FieldError) in _ = try f.integer("n") }
            == "root.n: expected an integer, got a string")
        #expect(try problem(#"{"n": 0}"#) { f throws(FieldError) in _ = try f.integer("n", in: 1...10) }
            == "root.n: expected an integer from 1 to 10, got 0")
        #expect(try problem(#"{"n": 1e300}"#) { f throws(FieldError) in _ = try f.number("n", in: 0...1) }
            == "root.n: expected a number from 0 to 1, got 1e+300")
        #expect(try problem(#"{"a": 1, "b": 2}"#) { f throws(FieldError) in _ = try f.oneOf(["a", "b"]) }
            == "root.b: only one of a, b may be given")
        #expect(try problem("[1]") { _ throws(FieldError) in } == "root: expected an object, got an array")
    }

    @Test(arguments: [
        ("caseInsensitve", "caseInsensitive", 1), ("lable", "label", 1), ("Button", "button", 1),
        ("kitten", "sitting", 3), ("", "abc", 3), ("same", "same", 0),
    ])
    func editDistance(lhs: String, rhs: String, distance: Int) {
        #expect(EditDistance.between(lhs, rhs, limit: 5) == distance)
        #expect(EditDistance.between(lhs, rhs, limit: distance - 1) == nil)
    }

    @Test func editDistanceIgnoresCaseWhenAsked() {
        #expect(EditDistance.between("Button", "button", limit: 0, ignoringCase: true) == 0)
        #expect(EditDistance.nearest(to: "stauts", among: ["status", "body", "headers"]) == "status")
        #expect(EditDistance.nearest(to: "xyz", among: ["status", "body"]) == nil)
    }

    /// A key from a file can be any length: the banded distance with its early stop keeps a huge one cheap (a full
    /// table for two 100,000-character words would be ten billion cells).
    @Test func aHugeKeyCostsLinearTime() {
        let huge = String(repeating: "a", count: 100_000)
        let other = String(repeating: "a", count: 99_999) + "b"
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(EditDistance.between(huge, other, limit: 3) == 1)
            #expect(EditDistance.between(huge, String(repeating: "b", count: 100_000), limit: 3) == nil)
            #expect(EditDistance.nearest(to: huge, among: ["caseInsensitive", "equalTo"]) == nil)
        }
        #expect(elapsed < .seconds(20))
    }
}
