import CLua
import LuaShim

extension LuaState {
    /// How deep nested tables may go before pulling gives up; also what stops a table that contains itself.
    static let maximumTableDepth = 200

    /// Reads the value at `index` on the running thread without popping it.
    public func value(at index: Int32) throws -> LuaValue {
        try LuaState.value(at: index, on: current, state: self)
    }

    /// Reads a Lua string's bytes: `.string` when they are valid UTF-8, `.bytes` otherwise.
    static func stringValue(at index: Int32, on L: OpaquePointer) -> LuaValue {
        var length = 0
        guard let pointer = lua_tolstring(L, index, &length) else { return .nil }
        let buffer = UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self)
        if let string = String(validating: buffer, as: UTF8.self) {
            return .string(string)
        }
        return .bytes(Array(buffer))
    }

    /// Copies the value at `index` into Swift. Raw access only: no metamethod runs, so nothing can raise.
    static func value(at index: Int32, on L: OpaquePointer, state: LuaState, depth: Int = 0) throws -> LuaValue {
        switch lua_type(L, index) {
        case LUA_TNONE, LUA_TNIL:
            return .nil
        case LUA_TBOOLEAN:
            return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 {
                return .integer(ls_tointeger(L, index))
            }
            return .number(ls_tonumber(L, index))
        case LUA_TSTRING:
            return stringValue(at: index, on: L)
        case LUA_TTABLE:
            return .table(try table(at: index, on: L, state: state, depth: depth))
        case LUA_TFUNCTION:
            lua_pushvalue(L, index)
            return .function(LuaRef(popping: L, state: state))
        default:
            lua_pushvalue(L, index)
            return .reference(LuaRef(popping: L, state: state))
        }
    }

    /// Copies a table: `t[1]...t[#t]` (raw length) into `array`, every other key into `fields`.
    static func table(at index: Int32, on L: OpaquePointer, state: LuaState, depth: Int) throws -> LuaTable {
        guard depth < maximumTableDepth else {
            throw LuaError.conversion(
                message: "table nested deeper than \(maximumTableDepth) levels (does it contain itself?)")
        }
        guard lua_checkstack(L, 4) != 0 else {
            throw LuaError.conversion(message: "stack overflow while copying a table")
        }
        let table = lua_absindex(L, index)
        let length = lua_Integer(lua_rawlen(L, table))
        var result = LuaTable()
        if length > 0 {
            result.array.reserveCapacity(Int(length))
            for position in 1...length {
                lua_rawgeti(L, table, position)
                defer { ls_pop(L, 1) }
                result.array.append(try value(at: -1, on: L, state: state, depth: depth + 1))
            }
        }
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            defer { ls_pop(L, 1) }
            if lua_isinteger(L, -2) != 0 {
                let key = ls_tointeger(L, -2)
                if key >= 1 && key <= length { continue }
            }
            let key = try value(at: -2, on: L, state: state, depth: depth + 1)
            result.fields[key] = try value(at: -1, on: L, state: state, depth: depth + 1)
        }
        return result
    }
}
