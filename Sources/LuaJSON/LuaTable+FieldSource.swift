import JSON
import LuaKit
import Platform

/// Lua option tables read by the same `FieldReader` as JSON, so `stub{…}` refuses unknown keys and names bad
/// fields exactly as a WireMock mapping does, in Lua's own wording (`string expected, got number`).
extension LuaTable: FieldSource {
    public var fieldNames: [String] { Array(stringFields.keys) }

    /// List items, or a key that is not a string: an options table takes names only.
    public var unnamedEntry: String? {
        if !array.isEmpty { return "unexpected list items in the options table; use named options" }
        guard let key = fields.keys.first(where: { $0.stringValue == nil }) else { return nil }
        return "unknown option \(key.typeName) key \(key)"
    }

    public func field(_ name: String) -> LuaValue? {
        let value = self[name]
        if case .nil = value { return nil }
        return value
    }

    /// A string, or an integer as its digits (`query = {page = 2}` means `"2"`).
    public static func string(_ value: LuaValue) -> String? {
        if case .integer(let number) = value { return String(number) }
        return value.stringValue
    }
    public static func integer(_ value: LuaValue) -> Int64? { value.integerValue }
    public static func number(_ value: LuaValue) -> Double? { value.doubleValue }
    public static func bool(_ value: LuaValue) -> Bool? { value.boolValue }
    public static func object(_ value: LuaValue) -> LuaTable? { value.tableValue }
    public static func array(_ value: LuaValue) -> [LuaValue]? {
        guard let table = value.tableValue, table.fields.isEmpty else { return nil }
        return table.array
    }
    /// `'text'`, `3`, `0.5`, `true`, or the type name of anything else (a table, a function).
    public static func shown(_ value: LuaValue) -> String {
        switch value {
        case .string(let text): return "'\(text)'"
        case .integer(let number): return String(number)
        case .number(let number): return CheckedNumber.format(number)
        case .boolean(let flag): return String(flag)
        default: return value.typeName
        }
    }

    /// `string expected, got number`: the wording of Lua's own argument errors.
    public static func mismatch(expected: FieldType, got value: LuaValue) -> String {
        switch expected {
        case .string: return "string expected, got \(value.typeName)"
        case .integer:
            if case .number = value { return "number has no integer representation" }
            return "integer expected, got \(value.typeName)"
        case .number: return "number expected, got \(value.typeName)"
        case .bool: return "true or false expected, got \(value.typeName)"
        case .object: return "table expected, got \(value.typeName)"
        case .array: return "list expected, got \(value.typeName)"
        }
    }
}
