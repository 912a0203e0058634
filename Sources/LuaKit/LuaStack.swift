import CLua
import LuaShim

/// Lua's value stack, one step at a time, for the one binding that must work on it directly: the JSON
/// conversion (`LuaJSON`), which builds and reads nested tables in place because it sits on the path of every
/// `map` and `dump` call and because a `LuaValue` has no room for a metatable.
///
/// Each method is one C API call, so only LuaKit imports CLua and LuaShim. None of them raises a Lua error: reads
/// and stores are raw (no metamethod runs), so nothing longjmps across the Swift frames that call them. Only
/// running out of memory could, as anywhere in Lua.
public struct LuaStack {
    /// The thread whose stack this is.
    public let L: OpaquePointer

    /// The stack of `L`.
    public init(_ L: OpaquePointer) { self.L = L }

    /// The kinds of Lua value (`lua_type`).
    public enum Kind: Sendable {
        case none, `nil`, boolean, lightUserdata, number, string, table, function, userdata, thread
    }

    // MARK: Size

    /// The index of the top value (the number of values).
    public var top: Int32 { lua_gettop(L) }
    /// Drops or nil-fills the stack to `index` values.
    public func setTop(_ index: Int32) { lua_settop(L, index) }
    /// Makes room for `count` more values; false when the stack cannot grow.
    @discardableResult public func reserve(_ count: Int32) -> Bool { lua_checkstack(L, count) != 0 }
    /// `index` as an absolute index, which stays valid while values are pushed.
    public func absolute(_ index: Int32) -> Int32 { lua_absindex(L, index) }
    /// Pops `count` values.
    public func pop(_ count: Int32 = 1) { ls_pop(L, count) }

    // MARK: Reading

    /// The kind of the value at `index`.
    public func kind(at index: Int32) -> Kind {
        switch lua_type(L, index) {
        case LUA_TNIL: .nil
        case LUA_TBOOLEAN: .boolean
        case LUA_TLIGHTUSERDATA: .lightUserdata
        case LUA_TNUMBER: .number
        case LUA_TSTRING: .string
        case LUA_TTABLE: .table
        case LUA_TFUNCTION: .function
        case LUA_TUSERDATA: .userdata
        case LUA_TTHREAD: .thread
        default: .none
        }
    }

    /// Lua's name for the type of the value at `index` (`function`, `userdata`).
    public func typeName(at index: Int32) -> String { String(cString: ls_typename(L, index)) }
    /// The truth of the value at `index` (only nil and false are false).
    public func boolean(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }
    /// True when the value at `index` is a number with an integer representation stored as one.
    public func isInteger(at index: Int32) -> Bool { lua_isinteger(L, index) != 0 }
    /// The integer at `index`.
    public func integer(at index: Int32) -> Int64 { ls_tointeger(L, index) }
    /// The number at `index`.
    public func number(at index: Int32) -> Double { ls_tonumber(L, index) }
    /// The identity of the table (or other object) at `index`, to detect a table that contains itself.
    public func identity(at index: Int32) -> UnsafeRawPointer? { lua_topointer(L, index) }
    /// True when the values at `a` and `b` are the same value, without `__eq`.
    public func rawEqual(_ a: Int32, _ b: Int32) -> Bool { lua_rawequal(L, a, b) != 0 }

    /// The string at `index` as UTF-8 text (invalid bytes replaced); "" when it is not a string.
    public func string(at index: Int32) -> String {
        var length = 0
        guard let pointer = lua_tolstring(L, index, &length) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}
