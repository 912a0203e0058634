import CLua
import LuaShim

extension LuaState {
    /// Compiles a chunk without running it. `name` is Lua's chunk name: `=(command line)` shows as is,
    /// `@path` as a file name; both appear in error positions. Fails with `LuaError.syntax`.
    public func load(_ code: String, name: String) throws -> LuaRef {
        let L = current
        var code = code
        let status = code.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { ls_loadbuffer(L, $0.baseAddress, $0.count, name) }
        }
        return try popLoaded(status: status, on: L)
    }

    /// Compiles a script file (a leading `#!` line is skipped); errors name the file as given.
    public func load(file path: String) throws -> LuaRef {
        let L = current
        return try popLoaded(status: luaL_loadfilex(L, path, nil), on: L)
    }

    /// Compiles and runs a chunk, returning its results; see `load(_:name:)` and `call(_:)`.
    @discardableResult
    public func execute(_ code: String, name: String = "=(luakit)", arguments: [LuaValue] = []) throws
        -> [LuaValue]
    {
        try load(code, name: name).call(arguments: arguments)
    }

    private func popLoaded(status: Int32, on L: OpaquePointer) throws -> LuaRef {
        guard status == LUA_OK else {
            let message = ls_tostring(L, -1).map { String(cString: $0) } ?? "(error object is not a string)"
            ls_pop(L, 1)
            throw LuaError(status: status, message: message)
        }
        return LuaRef(popping: L, state: self)
    }

    /// Calls the function below `argumentCount` arguments on top of `L` under pcall with the traceback handler,
    /// then pops and returns its results. The stack is left as it was before the function was pushed.
    func protectedCall(on L: OpaquePointer, argumentCount: Int32) throws -> [LuaValue] {
        try protectedCall(on: L, argumentCount: argumentCount) { first, top in
            guard top >= first else { return [] }
            return try (first...top).map { try LuaState.value(at: $0, on: L, state: self) }
        }
    }

    /// Like `protectedCall(on:argumentCount:)`, but hands the results to `read` while they are still on the stack
    /// (slots `first...top`; none when `top < first`): for conversions that need the Lua values themselves, such
    /// as JSON markers in metatables.
    func protectedCall<Result>(
        on L: OpaquePointer, argumentCount: Int32, read: (_ first: Int32, _ top: Int32) throws -> Result
    ) throws -> Result {
        let functionSlot = lua_gettop(L) - argumentCount
        lua_pushcclosure(L, ls_msghandler, 0)
        ls_insert(L, functionSlot)
        let status = ls_pcall(L, argumentCount, LUA_MULTRET, functionSlot)
        defer { lua_settop(L, functionSlot - 1) }
        guard status == LUA_OK else {
            if ls_isstop(L, -1) != 0 { throw Self.stopError(at: -1, on: L) }
            let message = ls_tostring(L, -1).map { String(cString: $0) } ?? "(error object is not a string)"
            throw LuaError(status: status, message: message)
        }
        return try read(functionSlot + 1, lua_gettop(L))
    }

    /// The `LuaError.stopped` for the stop at `index` (ls_msghandler left its traceback in a field).
    static func stopError(at index: Int32, on L: OpaquePointer) -> LuaError {
        func field(_ name: String) -> String {
            lua_getfield(L, index, name)
            defer { ls_pop(L, 1) }
            return ls_tostring(L, -1).map { String(cString: $0) } ?? ""
        }
        let stop = LuaStop(kind: field("kind"), message: field("message"))
        return .stopped(stop, message: field("where") + stop.message, traceback: field("traceback"))
    }
}
