import CLua
import LuaShim

extension LuaStack {
    // MARK: Pushing

    /// Pushes nil.
    public func pushNil() { lua_pushnil(L) }
    /// Pushes a boolean.
    public func push(_ flag: Bool) { lua_pushboolean(L, flag ? 1 : 0) }
    /// Pushes an integer.
    public func push(_ integer: Int64) { lua_pushinteger(L, integer) }
    /// Pushes a float.
    public func push(_ number: Double) { lua_pushnumber(L, number) }
    /// Pushes a string's UTF-8 bytes.
    public func push(_ string: String) { LuaState.push(string, on: L) }
    /// Pushes bytes as one Lua string (Lua 5.4 reads no pointer for a zero length, which may then be nil).
    public func push(bytes: UnsafeBufferPointer<UInt8>) {
        bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
    }
    /// Pushes a copy of the value at `index`.
    public func pushCopy(of index: Int32) { lua_pushvalue(L, index) }

    // MARK: Tables, raw

    /// Pushes a new table with room for `array` list items and `fields` other keys.
    public func newTable(array: Int32 = 0, fields: Int32 = 0) { lua_createtable(L, array, fields) }
    /// The raw length of the table at `index` (`#t` without `__len`).
    public func rawLength(at index: Int32) -> Int64 { Int64(lua_rawlen(L, index)) }
    /// Pushes `t[position]` of the table at `index`.
    public func pushItem(_ position: Int64, of index: Int32) { lua_rawgeti(L, index, position) }
    /// Pops the top value into `t[position]` of the table at `index`.
    public func setItem(_ position: Int64, of index: Int32) { lua_rawseti(L, index, position) }
    /// Pops a key and a value (the value on top) into the table at `index`.
    public func setPair(of index: Int32) { lua_rawset(L, index) }
    /// Pops the top value into field `name` of the table just below it.
    public func setField(_ name: String) { LuaState.setField(name, on: L) }
    /// The next pair of the table at `index` after the key on top (pops it, pushes key and value); false at
    /// the end, with nothing pushed. Start with `pushNil()`.
    public func next(of index: Int32) -> Bool { lua_next(L, index) != 0 }

    // MARK: Registry and metatables

    /// Pushes the registry's field `name` (nil when absent).
    public func pushRegistry(_ name: String) {
        LuaState.push(name, on: L)
        lua_rawget(L, ls_registryindex())
    }

    /// Pops the top value into the registry's field `name`.
    public func setRegistry(_ name: String) {
        LuaState.push(name, on: L)
        lua_rotate(L, -2, 1)
        lua_rawset(L, ls_registryindex())
    }

    /// Creates the registry metatable `name` (with `__name`) unless it exists, and pops it.
    public func defineMetatable(_ name: String) {
        _ = luaL_newmetatable(L, name)
        ls_pop(L, 1)
    }

    /// Pops the table on top and makes it the metatable of the value at `index`.
    public func setMetatable(of index: Int32) { lua_setmetatable(L, index) }

    /// Pushes the metatable of the value at `index`; false, with nothing pushed, when it has none.
    public func pushMetatable(of index: Int32) -> Bool { lua_getmetatable(L, index) != 0 }

    /// Pushes a new empty userdata whose metatable names it `name` and prints it as `text`: a unique value a
    /// binding can hand out and recognise (JSON's `null`).
    public func pushSentinel(name: String, text: String) {
        _ = lua_newuserdatauv(L, 0, 0)
        lua_createtable(L, 0, 2)
        push(name)
        setField("__name")
        push(text)
        lua_pushcclosure(L, { L in
            lua_pushvalue(L, ls_upvalueindex(1))
            return 1
        }, 1)
        setField("__tostring")
        lua_setmetatable(L, -2)
    }
}
