import CLua
import LuaShim

extension LuaState {
    /// `require(module)[name]`: a function of a Lua module, for a host that calls into its own Lua library.
    ///
    /// Hosts used to compose source text for this (`"return require('fscript.runner').main(...)"`), which hides
    /// the call from the compiler and from a reader; a reference says which module and function, and a missing
    /// one fails naming both.
    public func function(_ name: String, inModule module: String) throws -> LuaRef {
        let L = current
        lua_getglobal(L, "require")
        LuaState.push(module, on: L)
        return try protectedCall(on: L, argumentCount: 1) { first, top in
            guard top >= first, lua_type(L, first) == LUA_TTABLE else {
                throw LuaError.runtime(message: "module '\(module)' is not a table of functions", traceback: "")
            }
            lua_getfield(L, first, name)
            guard lua_type(L, -1) == LUA_TFUNCTION else {
                ls_pop(L, 1)
                throw LuaError.runtime(message: "module '\(module)' has no function '\(name)'", traceback: "")
            }
            return LuaRef(popping: L, state: self)
        }
    }
}
