/// A Lua value copied into Swift: what a Swift function reads from its arguments and what it returns.
///
/// Data is copied (tables become `LuaTable` snapshots, integers stay `.integer`), so the enum walks like a
/// JSON document: `nil`, booleans, numbers, strings and tables map one to one, which is how the layers above
/// convert to their own JSON type. Functions and other reference types (userdata, threads) are kept by a
/// registry reference instead, so they keep their identity when pushed back.
public enum LuaValue: Hashable {
    /// Lua `nil`; also what a missing argument reads as.
    case `nil`
    /// A Lua boolean.
    case boolean(Bool)
    /// A number whose `math.type` is `integer`.
    case integer(Int64)
    /// A number whose `math.type` is `float`.
    case number(Double)
    /// A string that is valid UTF-8 (embedded zeros included).
    case string(String)
    /// A string that is not valid UTF-8, kept byte for byte.
    case bytes([UInt8])
    /// A table, copied: its sequence `1...n` in `array` and every other key in `fields`.
    case table(LuaTable)
    /// A Lua or Swift function, by reference; call it with `LuaRef.call`.
    case function(LuaRef)
    /// Userdata, threads and light userdata, by reference; they can only be handed back to Lua.
    case reference(LuaRef)

    /// True for `nil` and `false`, the two values Lua treats as false.
    public var isFalsy: Bool {
        switch self {
        case .nil, .boolean(false): return true
        default: return false
        }
    }

    /// The Lua type name (`type(v)` in Lua) of the value.
    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .integer, .number: return "number"
        case .string, .bytes: return "string"
        case .table: return "table"
        case .function: return "function"
        case .reference(let ref): return ref.typeName
        }
    }

    /// The boolean, or nil when the value is not a boolean.
    public var boolValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The integer, also from a float with an exact integer value (as Lua's `math.tointeger`).
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .number(let value): return Int64(exactly: value)
        default: return nil
        }
    }

    /// The number as a Double, for either number subtype.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    /// The string; invalid UTF-8 is repaired with U+FFFD.
    public var stringValue: String? {
        switch self {
        case .string(let value): return value
        case .bytes(let value): return String(decoding: value, as: UTF8.self)
        default: return nil
        }
    }

    /// The table snapshot, or nil.
    public var tableValue: LuaTable? {
        if case .table(let value) = self { return value }
        return nil
    }

    /// Looks up a string key of a table value; `.nil` for anything else, as Lua indexing reads.
    public subscript(key: String) -> LuaValue {
        tableValue?[key] ?? .nil
    }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `nil` in Swift is Lua `nil`.
    public init(nilLiteral: ()) { self = .nil }
    /// `true`/`false` are Lua booleans.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// Integer literals stay Lua integers.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// Float literals are Lua floats.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// String literals are Lua strings.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `[a, b]` is a sequence table.
    public init(arrayLiteral elements: LuaValue...) { self = .table(LuaTable(array: elements)) }
    /// `["k": v]` is a table with keyed fields.
    public init(dictionaryLiteral elements: (LuaValue, LuaValue)...) {
        self = .table(LuaTable(fields: Dictionary(elements, uniquingKeysWith: { _, last in last })))
    }
}

extension LuaValue: CustomStringConvertible {
    /// A debugging rendering close to Lua literal syntax; not a serialisation format.
    public var description: String {
        switch self {
        case .nil: return "nil"
        case .boolean(let value): return String(value)
        case .integer(let value): return String(value)
        case .number(let value): return String(value)
        case .string(let value): return "\"" + value + "\""
        case .bytes(let value): return "<\(value.count) bytes>"
        case .table(let value): return value.description
        case .function, .reference: return typeName
        }
    }
}
