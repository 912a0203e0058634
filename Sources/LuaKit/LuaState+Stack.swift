import CLua
import LuaShim

/// Stack steps for bindings that build a Lua value in place and then store it: a module table's extra field
/// (`frank.null`), a global set from a Swift function (`app`), a field of a table being filled.
///
/// They live here so that only LuaKit speaks Lua's C API (no other target imports CLua or LuaShim), and every
/// store is raw: no `__newindex` runs, so nothing can raise a Lua error and longjmp across the Swift frames that
/// called it.
extension LuaState {
    /// Pops `count` values off `L`.
    public static func pop(_ count: Int32 = 1, on L: OpaquePointer) {
        ls_pop(L, count)
    }

    /// Pops the top value into field `name` of the table just below it, which stays on the stack.
    public static func setField(_ name: String, on L: OpaquePointer) {
        push(name, on: L)
        lua_rotate(L, -2, 1)
        lua_rawset(L, -3)
    }

    /// Pops the top value into the global `name`.
    public static func setGlobal(_ name: String, on L: OpaquePointer) {
        lua_rawgeti(L, ls_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_rotate(L, -2, 1)
        setField(name, on: L)
        ls_pop(L, 1)
    }
}

extension LuaArgs {
    /// Pushes the value at `path` inside table argument `position` (`opts.json`, `spec.body.json`), read with raw
    /// gets so that the table itself is read, markers and all, and no metamethod runs. False, with nothing
    /// pushed, when a step before the last is not a table (the caller's table changed while it was read).
    public func pushField(of position: Int, path: [LuaValue]) -> Bool {
        _ = lua_checkstack(L, 3)
        lua_pushvalue(L, slot(position))
        for key in path {
            guard lua_type(L, -1) == LUA_TTABLE else {
                ls_pop(L, 1)
                return false
            }
            LuaState.push(key, on: L, state: state)
            lua_rawget(L, -2)
            ls_remove(L, -2)
        }
        return true
    }
}
