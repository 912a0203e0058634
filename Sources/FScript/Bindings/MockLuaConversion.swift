import Foundation
import Frankly
import JSON
import LuaKit
import MockServer

/// Lua values to and from the JSON text the mock server works with, and journal entries as Lua tables.
///
/// The rules follow `stdlib/fscript/json.lua`, so a table means the same in a stub as in a step: a table with only
/// a sequence is an array, one with only string keys an object, an empty table is `[]`, integers stay integers.
/// JSON `null` reads back as `nil` (a missing field). Named apart from the `frank` module's conversions on purpose:
/// the two bindings evolve independently.
enum MockLuaConversion {
    /// Why a Lua value cannot be JSON; the caller turns it into a `bad argument` error naming the field.
    struct Problem: Error {
        let message: String
    }

    /// The compact JSON text of a Lua value (keys sorted).
    static func jsonText(_ value: LuaValue) throws(Problem) -> String {
        try json(value, depth: 0).jsonString
    }

    private static func json(_ value: LuaValue, depth: Int) throws(Problem) -> JSONValue {
        guard depth < 100 else { throw Problem(message: "a table nested deeper than 100 levels cannot be JSON") }
        switch value {
        case .nil: return .null
        case .boolean(let flag): return .bool(flag)
        case .integer(let integer): return .integer(integer)
        case .number(let number):
            guard number.isFinite else { throw Problem(message: "\(number) cannot be JSON (not a finite number)") }
            return .number(number)
        case .string(let text): return .string(text)
        case .bytes: throw Problem(message: "a string that is not UTF-8 cannot be JSON")
        case .table(let table):
            if table.fields.isEmpty {
                var items: [JSONValue] = []
                for item in table.array { items.append(try json(item, depth: depth + 1)) }
                return .array(items)
            }
            guard table.array.isEmpty else {
                throw Problem(message: "a table with both list items and keys cannot be JSON")
            }
            var members: [String: JSONValue] = [:]
            for (key, item) in table.fields {
                guard case .string(let name) = key else {
                    throw Problem(message: "a table with a \(key.typeName) key (\(key)) cannot be a JSON object")
                }
                members[name] = try json(item, depth: depth + 1)
            }
            return .object(members)
        case .function, .reference:
            throw Problem(message: "a \(value.typeName) cannot be JSON")
        }
    }

    /// The Lua value of a JSON text, or nil when the text is not JSON.
    static func luaValue(parsing bytes: [UInt8]) -> LuaValue? {
        guard !bytes.isEmpty, let value = try? JSONValue(parsing: bytes) else { return nil }
        return luaValue(value)
    }

    private static func luaValue(_ value: JSONValue) -> LuaValue {
        switch value {
        case .null: return .nil
        case .bool(let flag): return .boolean(flag)
        case .integer(let integer): return .integer(integer)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let items): return .table(LuaTable(array: items.map(luaValue)))
        case .object(let members):
            var table = LuaTable()
            for (name, member) in members { table[name] = luaValue(member) }
            return .table(table)
        }
    }

    /// A journal entry as the table `requests`, `wait_for_request` return: `method`, `path`, `query` and
    /// `headers` (names lower-cased, the first value of each), `body`, `json` (when the body is JSON), `time`
    /// (seconds since 1970), `sequence`, and `stub` (the summary of the stub that answered; nil when none did).
    static func table(for request: LoggedRequest) -> LuaValue {
        var table = LuaTable()
        table["method"] = .string(request.method)
        table["path"] = .string(request.path)
        var query = LuaTable()
        for item in request.queryItems where query[item.name] == .nil { query[item.name] = .string(item.value) }
        table["query"] = .table(query)
        var headers = LuaTable()
        for header in request.headers {
            let name = header.name.lowercased()
            if headers[name] == .nil { headers[name] = .string(header.value) }
        }
        table["headers"] = .table(headers)
        if let text = String(validating: request.body, as: UTF8.self) {
            table["body"] = .string(text)
        } else {
            table["body"] = .bytes(request.body)
        }
        if let json = luaValue(parsing: request.body) { table["json"] = json }
        table["time"] = .number(request.receivedAt.timeIntervalSince1970)
        table["sequence"] = .integer(Int64(request.sequence))
        if let stub = request.matchedStubSummary { table["stub"] = .string(stub) }
        return .table(table)
    }
}
