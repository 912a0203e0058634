import CLua
import LuaShim

/// A Swift value that can become one Lua value: what `LuaArgs.result(...)` and `LuaState.setGlobal` accept.
///
/// Conformances push directly, without building a `LuaValue` first, so returning an `Int` or a `Double` from a
/// Swift function costs one C call. Integers push as Lua integers, `Double` as floats. The scalar conformances are
/// `@inlinable`: inlined into a Swift function's `args.result(...)`, they never touch `state`, so the hot path of a
/// Lua→Swift call does not retain and release the state.
public protocol LuaPushable {
    /// Pushes the value onto `L`'s stack; `state` owns `L`.
    func push(on L: OpaquePointer, state: LuaState)
}

extension LuaValue: LuaPushable {
    /// Pushes the value, building tables anew from their snapshot.
    public func push(on L: OpaquePointer, state: LuaState) { LuaState.push(self, on: L, state: state) }
}

extension LuaTable: LuaPushable {
    /// Pushes a new Lua table with the same items.
    public func push(on L: OpaquePointer, state: LuaState) { LuaState.push(.table(self), on: L, state: state) }
}

extension LuaRef: LuaPushable {
    /// Pushes the referenced value itself (same identity).
    public func push(on L: OpaquePointer, state: LuaState) { push(on: L) }
}

extension Bool: LuaPushable {
    /// Pushes a Lua boolean.
    @inlinable
    public func push(on L: OpaquePointer, state: LuaState) { lua_pushboolean(L, self ? 1 : 0) }
}

extension Int: LuaPushable {
    /// Pushes a Lua integer.
    @inlinable
    public func push(on L: OpaquePointer, state: LuaState) { lua_pushinteger(L, lua_Integer(self)) }
}

extension Int64: LuaPushable {
    /// Pushes a Lua integer.
    @inlinable
    public func push(on L: OpaquePointer, state: LuaState) { lua_pushinteger(L, self) }
}

extension Int32: LuaPushable {
    /// Pushes a Lua integer.
    @inlinable
    public func push(on L: OpaquePointer, state: LuaState) { lua_pushinteger(L, lua_Integer(self)) }
}

extension Double: LuaPushable {
    /// Pushes a Lua float.
    @inlinable
    public func push(on L: OpaquePointer, state: LuaState) { lua_pushnumber(L, self) }
}

extension String: LuaPushable {
    /// Pushes the UTF-8 bytes, embedded zeros included.
    public func push(on L: OpaquePointer, state: LuaState) { LuaState.push(self, on: L) }
}

extension Array: LuaPushable where Element: LuaPushable {
    /// Pushes a sequence table.
    public func push(on L: OpaquePointer, state: LuaState) {
        lua_createtable(L, Int32(clamping: count), 0)
        for (offset, element) in enumerated() {
            element.push(on: L, state: state)
            lua_rawseti(L, -2, lua_Integer(offset + 1))
        }
    }
}

extension Dictionary: LuaPushable where Key: LuaPushable, Value: LuaPushable {
    /// Pushes a table with these keys.
    public func push(on L: OpaquePointer, state: LuaState) {
        lua_createtable(L, 0, Int32(clamping: count))
        for (key, value) in self {
            key.push(on: L, state: state)
            value.push(on: L, state: state)
            lua_rawset(L, -3)
        }
    }
}

extension Optional: LuaPushable where Wrapped: LuaPushable {
    /// Pushes the wrapped value, or `nil`.
    public func push(on L: OpaquePointer, state: LuaState) {
        switch self {
        case .some(let value): value.push(on: L, state: state)
        case .none: lua_pushnil(L)
        }
    }
}
