/// A copy of a Lua table: its sequence part and its other keys, kept apart so JSON arrays and objects fall out.
///
/// `array` holds `t[1]...t[n]` for the border `n = #t`; `fields` holds every other key. A table with only
/// `array` items is a JSON array, one with only string keys a JSON object; an empty table is both, and the
/// caller decides (JSON encoders usually pick an object).
public struct LuaTable: Hashable, CustomStringConvertible {
    /// The sequence `t[1]...t[n]`, in order.
    public var array: [LuaValue]
    /// Every key that is not in `1...array.count`, unordered as Lua's hash part is.
    public var fields: [LuaValue: LuaValue]

    /// Makes a table from a sequence and keyed fields; keys `1...array.count` in `fields` are shadowed by `array`.
    public init(array: [LuaValue] = [], fields: [LuaValue: LuaValue] = [:]) {
        self.array = array
        self.fields = fields
    }

    /// True when the table has no items at all.
    public var isEmpty: Bool { array.isEmpty && fields.isEmpty }

    /// True when every key is a string, the shape of a JSON object (an empty table counts).
    public var isObject: Bool {
        array.isEmpty && fields.keys.allSatisfy { if case .string = $0 { return true } else { return false } }
    }

    /// The string-keyed fields, as a JSON object would hold them; other keys are left out.
    public var stringFields: [String: LuaValue] {
        var result: [String: LuaValue] = [:]
        for (key, value) in fields {
            if case .string(let name) = key {
                result[name] = value
            }
        }
        return result
    }

    /// Reads or writes a string key; `.nil` when absent, and setting `.nil` removes the key, as in Lua.
    public subscript(key: String) -> LuaValue {
        get { fields[.string(key)] ?? .nil }
        set {
            if case .nil = newValue {
                fields[.string(key)] = nil
            } else {
                fields[.string(key)] = newValue
            }
        }
    }

    /// A debugging rendering in Lua table-constructor syntax, keys sorted so output is stable.
    public var description: String {
        let items = array.map(\.description)
        let keyed = fields.map { "[\($0.key)] = \($0.value)" }.sorted()
        return "{" + (items + keyed).joined(separator: ", ") + "}"
    }
}
