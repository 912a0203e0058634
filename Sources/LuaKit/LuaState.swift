import CLua
import LuaPatterns
import LuaShim

/// One Lua 5.4 interpreter with the standard libraries, owned by Swift and confined to the thread that made it.
///
/// Everything that enters Lua goes through here: running chunks (always under pcall with a traceback handler),
/// registering Swift functions, modules and userdata classes, and reaching the host object from inside a Swift
/// function. The state's address lives in the `lua_getextraspace` slot, which every coroutine copies, so a
/// Swift function running in any coroutine finds its `LuaState` and `host` without a lookup table.
public final class LuaState {
    /// The main thread of the interpreter, for code that needs the raw C API.
    public let L: OpaquePointer
    /// The thread a Swift function is running on right now (a coroutine, or `L`); Swift pushes and calls go here.
    /// Written on every Lua→Swift call; the state is confined to one thread, so the dynamic exclusivity check
    /// would only cost time.
    @exclusivity(unchecked) public internal(set) var current: OpaquePointer
    /// The Swift object that owns this state (the runner, the simulator's app), reachable from every Swift
    /// function through `LuaArgs.host(as:)`. Held weakly: the host owns the state, not the other way round.
    public weak var host: AnyObject?
    /// The check run by the interrupt hook; see `setInterrupt(every:check:)`.
    var interruptCheck: (() -> LuaStop?)?
    /// Tells `LuaRef`s, and hosts that must not keep the state alive, whether the state is still open.
    public let lifetime = Lifetime()

    /// What to hold instead of a weak reference to the state (`LuaRef` does, so does fscript's interrupt guard):
    /// one weak reference anywhere gives the state a side table and puts every retain/release of it, on the
    /// Lua→Swift hot path too, on Swift's slow refcounting path.
    public final class Lifetime {
        /// The open state; nil once its deinit began.
        public internal(set) unowned(unsafe) var state: LuaState?
    }

    /// Creates a state with Lua's standard libraries opened.
    public init() {
        LuaState.installDispatcher
        guard let L = luaL_newstate() else {
            fatalError("luaL_newstate failed: out of memory")
        }
        self.L = L
        current = L
        ls_getextraspace(L).storeBytes(
            of: Unmanaged.passUnretained(self).toOpaque(), as: UnsafeMutableRawPointer.self)
        luaL_openlibs(L)
        // The string library's pattern functions, in a version the interrupt hook can stop (see LuaPatterns).
        lp_open(L)
        LuaState.makeFunctionMetatable(L)
        lifetime.state = self
    }

    deinit {
        lifetime.state = nil
        lua_close(L)
    }

    /// The state that owns `L` (any of its threads), read from the extraspace slot.
    static func owner(of L: OpaquePointer) -> LuaState {
        Unmanaged<LuaState>.fromOpaque(ls_getextraspace(L).load(as: UnsafeRawPointer.self))
            .takeUnretainedValue()
    }

    /// The host object as its concrete type, or nil when there is none or it has another type.
    public func host<Host: AnyObject>(as type: Host.Type) -> Host? {
        host as? Host
    }

    /// Sets a global variable without running `_G` metamethods.
    public func setGlobal(_ name: String, _ value: LuaValue) {
        let L = current
        ls_rawgetglobals(L)
        LuaState.push(name, on: L)
        LuaState.push(value, on: L, state: self)
        lua_rawset(L, -3)
        ls_pop(L, 1)
    }

    /// Reads a global variable (raw, no metamethods) as a Swift value.
    public func global(_ name: String) throws -> LuaValue {
        let L = current
        ls_rawgetglobals(L)
        LuaState.push(name, on: L)
        lua_rawget(L, -2)
        defer { ls_pop(L, 2) }
        return try LuaState.value(at: -1, on: L, state: self)
    }

    /// Puts `directory` first on `package.path` (`dir/?.lua;dir/?/init.lua`), so `require "fscript.x"` finds
    /// `dir/fscript/x.lua` before anything installed elsewhere.
    public func prependPackagePath(directory: String) {
        let L = current
        lua_getfield(L, ls_registryindex(), "_LOADED")
        lua_getfield(L, -1, "package")
        lua_getfield(L, -1, "path")
        let old = ls_tostring(L, -1).map { String(cString: $0) } ?? ""
        ls_pop(L, 1)
        let dir = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        LuaState.push("\(dir)/?.lua;\(dir)/?/init.lua;" + old, on: L)
        lua_setfield(L, -2, "path")
        ls_pop(L, 2)
    }

    /// Stops runaway scripts: every `instructions` VM instructions the hook asks `check`, and when it returns a
    /// message, the running code raises it as a Lua error (blamed on the running line). Pass nil to remove it.
    ///
    /// The check keeps answering after the first interrupt, so a script that catches the error with `pcall` is
    /// interrupted again. Coroutines created after this call inherit the hook; set it before running scripts.
    public func setInterrupt(every instructions: Int = 10_000, check: (() -> LuaStop?)?) {
        interruptCheck = check
        guard check != nil else {
            ls_setinterrupt(L, nil, 0)
            return
        }
        ls_setinterrupt(
            L,
            { L in
                guard let L else { return 0 }
                // The check may inspect the running thread (`runningSource()`), so make it current meanwhile.
                let state = LuaState.owner(of: L)
                let previous = state.current
                state.current = L
                defer { state.current = previous }
                guard let stop = state.interruptCheck?() else { return 0 }
                LuaState.push(stop.kind, on: L)
                LuaState.push(stop.message, on: L)
                return 1
            }, Int32(clamping: instructions))
    }

    /// Runs a full garbage collection, e.g. before checking that userdata released their Swift objects.
    public func collectGarbage() {
        _ = ls_gccollect(L)
    }
}
