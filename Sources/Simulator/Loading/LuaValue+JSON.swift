import Frankly
import JSON
import LuaKit

/// A Lua value that cannot travel as JSON (a function where data was expected).
struct ConversionError: Error, CustomStringConvertible {
    var description: String
}

extension LuaValue {
    /// The value as JSON: a table with only a sequence is an array, any other table an object (an empty one too).
    func json(at path: String = "value") throws -> JSONValue {
        switch self {
        case .nil: return .null
        case .boolean(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .bytes(let bytes): return .string(String(decoding: bytes, as: UTF8.self))
        case .table(let table):
            if table.fields.isEmpty && !table.array.isEmpty {
                return .array(try table.array.enumerated().map { try $1.json(at: "\(path)[\($0 + 1)]") })
            }
            var members: [String: JSONValue] = [:]
            for (index, item) in table.array.enumerated() { members[String(index + 1)] = try item.json(at: "\(path)[\(index + 1)]") }
            for (key, item) in table.fields {
                let name: String
                switch key {
                case .string(let text): name = text
                case .integer(let number): name = String(number)
                default: throw ConversionError(description: "\(path) has a \(key.typeName) key, which JSON cannot hold")
                }
                members[name] = try item.json(at: "\(path).\(name)")
            }
            return .object(members)
        case .function, .reference:
            throw ConversionError(description: "\(path) is a \(typeName), which cannot be a property value")
        }
    }
}

extension JSONValue {
    /// The value as Lua: null is nil, arrays are sequences, objects are string-keyed tables.
    var lua: LuaValue {
        switch self {
        case .null: return .nil
        case .bool(let flag): return .boolean(flag)
        case .integer(let number): return .integer(number)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let items): return .table(LuaTable(array: items.map(\.lua)))
        case .object(let members):
            var table = LuaTable()
            for (key, value) in members { table[key] = value.lua }
            return .table(table)
        }
    }
}
