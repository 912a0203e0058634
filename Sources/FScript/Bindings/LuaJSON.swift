import CLua
import Frankly
import JSON
import LuaKit
import LuaShim

/// Converts between Frankly's `JSONValue` and Lua values on the stack, with `frank.null` standing for JSON null.
///
/// Lua has no null that survives inside a table, so JSON `null` becomes one unique userdata kept in the registry
/// (`frank.null`): a `map` result list keeps its length and order, and `v == frank.null` tests for it. Integers
/// stay integers both ways (`3` is not `3.0`), objects become string-keyed tables and arrays sequences. The
/// conversion works on the raw stack, without an intermediate `LuaValue`, because it sits on the path of every
/// `map` and `dump` call.
enum LuaJSON {
    /// The registry key under which the `frank.null` userdata lives.
    static let nullKey = "frank.null"

    /// Creates the `frank.null` sentinel once per state (its metatable gives it the `__name` `frank.null`).
    static func installNull(on L: OpaquePointer) {
        lua_getfield(L, ls_registryindex(), nullKey)
        let exists = lua_type(L, -1) != LUA_TNIL
        ls_pop(L, 1)
        guard !exists else { return }
        _ = lua_newuserdatauv(L, 0, 0)
        if luaL_newmetatable(L, nullKey) != 0 {
            lua_pushcclosure(L, { L in
                lua_pushstring(L, "frank.null")
                return 1
            }, 0)
            lua_setfield(L, -2, "__tostring")
        }
        lua_setmetatable(L, -2)
        lua_setfield(L, ls_registryindex(), nullKey)
    }

    /// Pushes `frank.null`.
    static func pushNull(on L: OpaquePointer) {
        lua_getfield(L, ls_registryindex(), nullKey)
    }

    /// True when the value at `index` is `frank.null`.
    static func isNull(at index: Int32, on L: OpaquePointer) -> Bool {
        guard lua_type(L, index) == LUA_TUSERDATA else { return false }
        let absolute = lua_absindex(L, index)
        pushNull(on: L)
        defer { ls_pop(L, 1) }
        return lua_rawequal(L, absolute, -1) != 0
    }

    /// Pushes `value` as a Lua value: null as `frank.null`, objects and arrays as new tables. The mapping is
    /// `LuaJSONBuilder`'s, the same one `app:dump()` uses when it parses straight into Lua.
    static func push(_ value: JSONValue, on L: OpaquePointer) {
        var builder = LuaJSONBuilder(L: L)
        builder.push(value)
    }

    /// Why a Lua value has no JSON form; the caller words it as a bad argument.
    struct ConversionError: Error {
        /// E.g. `cannot send a function as JSON`.
        var problem: String
    }

    /// Reads the value at `index` as JSON. nil and `frank.null` are null; a table with a sequence part is an
    /// array, any other table an object (an empty table is an empty array, the likelier argument).
    static func json(at index: Int32, on L: OpaquePointer, depth: Int = 0) throws(ConversionError) -> JSONValue {
        guard depth < 100 else { throw ConversionError(problem: "a table nested too deep (does it contain itself?)") }
        switch lua_type(L, index) {
        case LUA_TNONE, LUA_TNIL:
            return .null
        case LUA_TBOOLEAN:
            return .bool(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .integer(ls_tointeger(L, index)) }
            let number = ls_tonumber(L, index)
            guard number.isFinite else { throw ConversionError(problem: "\(number) has no JSON form") }
            return .number(number)
        case LUA_TSTRING:
            return .string(string(at: index, on: L))
        case LUA_TTABLE:
            return try table(at: lua_absindex(L, index), on: L, depth: depth)
        default:
            if isNull(at: index, on: L) { return .null }
            throw ConversionError(problem: "cannot send a \(String(cString: ls_typename(L, index))) as JSON")
        }
    }

    private static func table(at table: Int32, on L: OpaquePointer, depth: Int) throws(ConversionError) -> JSONValue {
        _ = lua_checkstack(L, 4)
        let length = lua_Integer(lua_rawlen(L, table))
        var items: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        if length > 0 {
            for position in 1...length {
                lua_rawgeti(L, table, position)
                defer { ls_pop(L, 1) }
                items.append(try json(at: -1, on: L, depth: depth + 1))
            }
        }
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if lua_isinteger(L, -2) != 0, case let key = ls_tointeger(L, -2), key >= 1, key <= length {
                ls_pop(L, 1)
                continue
            }
            guard lua_type(L, -2) == LUA_TSTRING else {
                ls_pop(L, 2)
                throw ConversionError(problem: "a table mixing a list with non-string keys has no JSON form")
            }
            let key = string(at: -2, on: L)
            do {
                members[key] = try json(at: -1, on: L, depth: depth + 1)
            } catch {
                ls_pop(L, 2)
                throw error
            }
            ls_pop(L, 1)
        }
        if members.isEmpty { return .array(items) }
        guard items.isEmpty else {
            throw ConversionError(problem: "a table with both a list part and string keys has no JSON form")
        }
        return .object(members)
    }

    private static func string(at index: Int32, on L: OpaquePointer) -> String {
        var length = 0
        let pointer = lua_tolstring(L, index, &length)!
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}

/// A JSON value that `args.result(...)` can push directly, with `frank.null` for null.
struct LuaJSONResult: LuaPushable {
    /// The value to push.
    var value: JSONValue

    func push(on L: OpaquePointer, state: LuaState) {
        LuaJSON.push(value, on: L)
    }
}

extension LuaArgs {
    /// The stack slot of user-visible argument `position` (1-based, `self` not counted on methods).
    func stackSlot(_ position: Int) -> Int32 {
        lua_gettop(L) - Int32(count) + Int32(position)
    }

    /// Argument `position` as JSON (nil and `frank.null` are null), or a bad-argument error.
    func json(_ position: Int) throws -> JSONValue {
        do {
            return try LuaJSON.json(at: stackSlot(position), on: L)
        } catch {
            throw badArgument(position, error.problem)
        }
    }
}
