/// Something with named fields that a `FieldReader` can read: a JSON object, a Lua option table.
///
/// Outside data reaches fscript as JSON (WireMock mappings, the admin API, project and app files) and as Lua
/// tables (the `mock` module's options). Both are read the same way, field by field with a path for errors and
/// unknown keys refused, so the checking lives once in `FieldReader` and each source only says how its values
/// look: which are strings, integers, objects, and how a type mismatch is worded in its own language.
public protocol FieldSource {
    /// One field's value.
    associatedtype Value

    /// The names of the fields.
    var fieldNames: [String] { get }
    /// An entry that has no name (a Lua list item, a key that is not a string), described for an error, or nil.
    var unnamedEntry: String? { get }
    /// The value of the field `name`, or nil when it is absent.
    func field(_ name: String) -> Value?

    /// The value as text, or nil when it is not a string.
    static func string(_ value: Value) -> String?
    /// The value as a whole number, or nil when it is not an integer.
    static func integer(_ value: Value) -> Int64?
    /// The value as a number (integers included), or nil.
    static func number(_ value: Value) -> Double?
    /// The value as a flag, or nil when it is not a boolean.
    static func bool(_ value: Value) -> Bool?
    /// The value as a source of its own fields, or nil when it is not an object.
    static func object(_ value: Value) -> Self?
    /// The items of the value, or nil when it is not an array.
    static func array(_ value: Value) -> [Value]?
    /// The value as it would be written in the source, for an error (`"2"`, `[1,2]`).
    static func shown(_ value: Value) -> String
    /// The problem when `value` is not of type `expected`, worded as the source's users expect it.
    static func mismatch(expected: FieldType, got value: Value) -> String
}

/// The kinds of value a `FieldReader` asks for, to word a type mismatch.
public enum FieldType: Sendable {
    case string, integer, number, bool, object, array
}

extension JSONValue: FieldSource {
    public var fieldNames: [String] {
        if case .object(let members) = self { return Array(members.keys) }
        return []
    }
    public var unnamedEntry: String? { nil }
    public func field(_ name: String) -> JSONValue? { self[name] }

    public static func string(_ value: JSONValue) -> String? { value.stringValue }
    public static func integer(_ value: JSONValue) -> Int64? {
        if case .integer(let number) = value { return number }
        return nil
    }
    public static func number(_ value: JSONValue) -> Double? { value.doubleValue }
    public static func bool(_ value: JSONValue) -> Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }
    public static func object(_ value: JSONValue) -> JSONValue? {
        if case .object = value { return value }
        return nil
    }
    public static func array(_ value: JSONValue) -> [JSONValue]? {
        if case .array(let items) = value { return items }
        return nil
    }
    public static func shown(_ value: JSONValue) -> String { value.jsonString }

    /// `expected a string, got a number`: the wording of fscript's JSON errors.
    public static func mismatch(expected: FieldType, got value: JSONValue) -> String {
        switch expected {
        case .string: return "expected a string, got \(value.typeName)"
        case .integer: return "expected an integer, got \(value.doubleValue == nil ? value.typeName : value.jsonString)"
        case .number: return "expected a number, got \(value.typeName)"
        case .bool: return "expected true or false, got \(value.jsonString)"
        case .object: return "expected an object, got \(value.typeName)"
        case .array: return "expected an array, got \(value.typeName)"
        }
    }
}
