import JSON

/// JSON Schema's idea of equality and of types, which are not `JSONValue`'s: `1` and `1.0` are the same number
/// (and `1.0` an integer from draft 6 on), while `true` is never the number `1`.
extension JSONSchema {
    /// Equal as `enum`, `const` and `uniqueItems` compare: numbers by value, containers member by member.
    static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.integer(let a), .integer(let b)): return a == b
        case (.integer, .number), (.number, .integer), (.number, .number):
            return lhs.doubleValue == rhs.doubleValue
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { equal(value, $0) } ?? false }
        default: return lhs == rhs
        }
    }

    /// Whether `value` is of the named type (`integer` includes whole floats from draft 6 on).
    static func has(type name: String, _ value: JSONValue, version: Version) -> Bool {
        switch (name, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object):
            return true
        case ("number", .integer), ("number", .number), ("integer", .integer): return true
        case ("integer", .number(let number)):
            return version != .v4 && number.isFinite && number.rounded(.towardZero) == number
        default: return false
        }
    }

    /// The type names a schema's `type` may use.
    static let typeNames: Set = ["null", "boolean", "string", "number", "integer", "array", "object"]
}
