import CLua
import LuaShim

/// A Swift function callable from Lua. It reads its arguments through `LuaArgs`, pushes its results with
/// `args.result(...)` and returns what that gives back. A thrown error becomes a Lua error blamed on the
/// calling Lua line (`file:line: message`), raised by the C trampoline after this Swift frame has returned.
public typealias LuaFunction = (LuaArgs) throws -> LuaReturn

/// What a Swift function hands back to the trampoline: how many values it pushed, and whether to yield them.
///
/// Make one with `args.result(...)`, `args.yield(...)` or `.none`; the count must match what was pushed.
public struct LuaReturn: Sendable {
    @usableFromInline let count: Int32
    @usableFromInline let yields: Bool

    @usableFromInline init(count: Int32, yields: Bool) {
        self.count = count
        self.yields = yields
    }

    /// No results.
    public static let none = LuaReturn(count: 0, yields: false)

    /// Returns the top `count` values already pushed onto the stack (for code using the raw C API).
    public static func pushed(_ count: Int) -> LuaReturn { LuaReturn(count: Int32(count), yields: false) }

    /// Yields the top `count` values already pushed: the enclosing coroutine suspends, and its next `resume`
    /// arguments become this call's results.
    public static func yielding(_ count: Int) -> LuaReturn { LuaReturn(count: Int32(count), yields: true) }
}

/// The Swift closure behind one Lua function value, kept alive by the Lua userdata in its upvalue 1.
final class FunctionBox {
    let name: String
    /// True for userdata methods: stack slot 1 is `self`, so user-visible argument #1 is slot 2.
    let isMethod: Bool
    let function: LuaFunction

    init(name: String, isMethod: Bool, function: @escaping LuaFunction) {
        self.name = name
        self.isMethod = isMethod
        self.function = function
    }
}

extension LuaState {
    /// The registry name of the metatable whose `__gc` releases a `FunctionBox`.
    static let functionMetatable = "luakit.function"

    /// Installs the one dispatcher the C trampoline calls; evaluated once per process.
    static let installDispatcher: Void = {
        ls_setdispatcher { L in LuaState.dispatch(L!) }
    }()

    /// Pushes `function` as a Lua function named `name` (the name argument errors use).
    public func push(function: @escaping LuaFunction, name: String) {
        LuaState.push(FunctionBox(name: name, isMethod: false, function: function), on: current)
    }

    /// Sets a global Swift function, e.g. `register(global: "sleep_until", ...)`.
    public func register(global name: String, _ function: @escaping LuaFunction) {
        let L = current
        ls_rawgetglobals(L)
        LuaState.push(name, on: L)
        push(function: function, name: name)
        lua_rawset(L, -3)
        ls_pop(L, 1)
    }

    /// Pushes a box as a C closure of the trampoline with the box's userdata as upvalue 1.
    static func push(_ box: FunctionBox, on L: OpaquePointer) {
        pushRetained(box, on: L, metatable: functionMetatable)
        ls_pushswiftclosure(L, 1)
    }

    /// Pushes a full userdata holding a +1 reference to `object`, with the named metatable (released by `__gc`).
    static func pushRetained(_ object: AnyObject, on L: OpaquePointer, metatable: String) {
        let block = ls_newuserdata0(L, MemoryLayout<UnsafeRawPointer>.size)!
        block.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer?.self)
        guard ls_getmetatable(L, metatable) == LUA_TTABLE else {
            fatalError("LuaKit: no metatable '\(metatable)'; register its LuaClass before pushing objects")
        }
        lua_setmetatable(L, -2)
    }

    /// The object a `pushRetained` userdata holds, or nil after `__gc` released it.
    static func retainedObject(in block: UnsafeMutableRawPointer) -> AnyObject? {
        guard let pointer = block.load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// `__gc` for every userdata made by `pushRetained`: drops the Swift reference once. It cannot raise, so it
    /// is a plain C function rather than a trampoline closure, and it still works while `lua_close` runs.
    static let releaseRetained: lua_CFunction = { L in
        guard let block = lua_touserdata(L, 1),
            let pointer = block.load(as: UnsafeMutableRawPointer?.self)
        else { return 0 }
        block.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
        // The object's deinit may drop LuaRefs, which unreference on the running thread: make that this one.
        let state = Unmanaged<LuaState>.fromOpaque(ls_getextraspace(L).load(as: UnsafeRawPointer.self))
        state._withUnsafeGuaranteedRef { state in
            let previous = state.current
            state.current = L!
            defer { state.current = previous }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        return 0
    }

    /// Creates the metatable function boxes use; called once per state.
    static func makeFunctionMetatable(_ L: OpaquePointer) {
        luaL_newmetatable(L, functionMetatable)
        lua_pushcclosure(L, releaseRetained, 0)
        lua_setfield(L, -2, "__gc")
        ls_pop(L, 1)
    }

    /// Runs the Swift function behind a trampoline call and turns its outcome into the trampoline's int.
    static func dispatch(_ L: OpaquePointer) -> Int32 {
        // Both objects are kept alive by Lua for the whole call (the closure's upvalue, the state itself), so
        // they are borrowed without retain/release: this is the hot path of every Lua→Swift call.
        let box = Unmanaged<FunctionBox>.fromOpaque(
            lua_touserdata(L, ls_upvalueindex(1)).load(as: UnsafeRawPointer.self))
        let state = Unmanaged<LuaState>.fromOpaque(ls_getextraspace(L).load(as: UnsafeRawPointer.self))
        return box._withUnsafeGuaranteedRef { box in
            state._withUnsafeGuaranteedRef { state in
                let previous = state.current
                state.current = L
                defer { state.current = previous }
                do {
                    let outcome = try box.function(LuaArgs(L: L, state: state, box: box))
                    if outcome.yields {
                        ls_setyieldcount(L, outcome.count)
                        return Int32(LS_YIELD)
                    }
                    return outcome.count
                } catch {
                    pushError(error, on: L)
                    return Int32(LS_RAISE)
                }
            }
        }
    }

    /// Pushes the Lua error value for a thrown Swift error. Errors that came out of Lua already carry their
    /// position; everything else gets the caller's `file:line:` (luaL_where level 1), as `error()` does.
    static func pushError(_ error: any Error, on L: OpaquePointer) {
        if let error = error as? LuaError, case .runtime(let message, _) = error {
            push(message, on: L)
            return
        }
        // A stop stays a stop on its way back into Lua: from a nested call (its text already has the position),
        // or from a Swift wait that Ctrl-C or the deadline ended (the caller's line).
        if let error = error as? LuaError, case .stopped(let stop, let message, _) = error {
            ls_pushstop(L, stop.kind, message, -1)
            return
        }
        if let error = error as? any LuaStopError {
            ls_pushstop(L, error.stop.kind, error.stop.message, 1)
            return
        }
        luaL_where(L, 1)
        push(String(describing: error), on: L)
        lua_concat(L, 2)
    }
}
