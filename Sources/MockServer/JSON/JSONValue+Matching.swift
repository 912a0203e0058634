import JSON

/// WireMock's JSON comparisons for body matchers: integers and floats compare by value, so a stub that expects `1`
/// matches a body that sends `1.0`, and objects compare regardless of key order.
extension JSONValue {
    /// Equality as JSON means it: numbers by value, objects regardless of key order.
    func jsonEquals(_ other: JSONValue) -> Bool {
        matches(other, allowingExtraMembers: false)
    }

    /// True when every member this value names is present in `other` with a matching value; arrays must have the
    /// same length and match element by element. This is WireMock's `equalToJson` with `ignoreExtraElements`.
    func isSubset(of other: JSONValue) -> Bool {
        matches(other, allowingExtraMembers: true)
    }

    private func matches(_ other: JSONValue, allowingExtraMembers: Bool) -> Bool {
        switch (self, other) {
        case (.object(let expected), .object(let actual)):
            if !allowingExtraMembers && expected.count != actual.count { return false }
            return expected.allSatisfy { key, value in
                actual[key].map { value.matches($0, allowingExtraMembers: allowingExtraMembers) } ?? false
            }
        case (.array(let expected), .array(let actual)):
            return expected.count == actual.count
                && zip(expected, actual).allSatisfy { $0.matches($1, allowingExtraMembers: allowingExtraMembers) }
        default:
            if let left = doubleValue, let right = other.doubleValue { return left == right }
            return self == other
        }
    }
}
