import CLua
import LuaShim

extension LuaState {
    /// Pushes any pushable value onto the running thread, e.g. before `lua_setfield` in raw C API code.
    public func push(_ value: some LuaPushable) {
        value.push(on: current, state: self)
    }

    /// Pushes a string's UTF-8 bytes as one Lua string (embedded zeros included), for raw C API code on `L`.
    public static func push(_ string: String, on L: OpaquePointer) {
        var string = string
        string.withUTF8 { bytes in
            _ = lua_pushlstring(L, bytes.baseAddress, bytes.count)
        }
    }

    /// Pushes a `LuaValue`: tables are built anew (raw sets, so no metamethods run), references push their value.
    static func push(_ value: LuaValue, on L: OpaquePointer, state: LuaState) {
        switch value {
        case .nil:
            lua_pushnil(L)
        case .boolean(let flag):
            lua_pushboolean(L, flag ? 1 : 0)
        case .integer(let integer):
            lua_pushinteger(L, integer)
        case .number(let number):
            lua_pushnumber(L, number)
        case .string(let string):
            push(string, on: L)
        case .bytes(let bytes):
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
            }
        case .table(let table):
            _ = lua_checkstack(L, 3)
            lua_createtable(L, Int32(clamping: table.array.count), Int32(clamping: table.fields.count))
            for (offset, item) in table.array.enumerated() {
                push(item, on: L, state: state)
                lua_rawseti(L, -2, lua_Integer(offset + 1))
            }
            for (key, item) in table.fields {
                // Lua rejects nil and NaN keys with an error; a snapshot cannot hold them meaningfully anyway.
                if case .nil = key { continue }
                if case .number(let number) = key, number.isNaN { continue }
                push(key, on: L, state: state)
                push(item, on: L, state: state)
                lua_rawset(L, -3)
            }
        case .function(let ref), .reference(let ref):
            ref.push(on: L)
        }
    }
}
