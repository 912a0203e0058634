import CLua
import LuaShim

/// A Lua value kept alive from Swift through a registry reference (`luaL_ref`), released on deinit.
///
/// Use it to hold on to a Lua function or table beyond one call: a callback given to a Swift function, a step
/// body, a module table. The reference does not keep the state alive; once the state is gone, calls fail
/// instead of crashing.
public final class LuaRef: Hashable {
    let lifetime: LuaState.Lifetime
    let ref: Int32
    /// The Lua type name of the referenced value (`function`, `table`, `userdata`, `thread`).
    public let typeName: String

    /// Takes a reference to the value on top of `L`'s stack and pops it.
    init(popping L: OpaquePointer, state: LuaState) {
        typeName = String(cString: ls_typename(L, -1))
        ref = luaL_ref(L, ls_registryindex())
        lifetime = state.lifetime
    }

    deinit {
        // Once the state began closing, lua_close frees the registry anyway.
        if let state = lifetime.state {
            // The running thread, not the main one: a __gc in a coroutine may be what released this reference.
            luaL_unref(state.current, ls_registryindex(), ref)
        }
    }

    /// Pushes the referenced value onto `L`, any thread of the owning state.
    func push(on L: OpaquePointer) {
        lua_rawgeti(L, ls_registryindex(), lua_Integer(ref))
    }

    /// Calls the referenced function (or callable value) in protected mode, on the thread that is running now,
    /// and returns all of its results. Lua errors come back as `LuaError.runtime` with a traceback.
    @discardableResult
    public func call(_ arguments: LuaValue...) throws -> [LuaValue] {
        try call(arguments: arguments)
    }

    /// Calls the referenced function with an array of arguments; see `call(_:)`.
    @discardableResult
    public func call(arguments: [LuaValue]) throws -> [LuaValue] {
        guard let state = lifetime.state else {
            throw LuaError.runtime(message: "attempt to call a Lua value after its state was closed", traceback: "")
        }
        let L = state.current
        push(on: L)
        for argument in arguments {
            LuaState.push(argument, on: L, state: state)
        }
        return try state.protectedCall(on: L, argumentCount: Int32(arguments.count))
    }

    /// Calls the referenced function with arguments of any pushable kind, and gives `read` the stack and the slot
    /// of its first result (nil when it returned nothing) before the results are popped. Lua errors come back as
    /// `LuaError.runtime` with a traceback, as from `call(_:)`.
    public func call<Result>(
        pushing arguments: [any LuaPushable], read: (OpaquePointer, Int32?) throws -> Result
    ) throws -> Result {
        guard let state = lifetime.state else {
            throw LuaError.runtime(message: "attempt to call a Lua value after its state was closed", traceback: "")
        }
        let L = state.current
        push(on: L)
        for argument in arguments {
            argument.push(on: L, state: state)
        }
        return try state.protectedCall(on: L, argumentCount: Int32(arguments.count)) { first, top in
            try read(L, top >= first ? first : nil)
        }
    }

    /// References are equal when they are the same reference object.
    public static func == (lhs: LuaRef, rhs: LuaRef) -> Bool { lhs === rhs }

    /// Hashes by identity, matching `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
