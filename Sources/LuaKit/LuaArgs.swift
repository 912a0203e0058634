import CLua
import LuaShim
import Platform

/// The arguments of one call from Lua to a Swift function, with strict conversions that fail in Lua's words.
///
/// Positions are the ones the Lua caller sees: for userdata methods `self` is not counted, so in
/// `app:touch(sel)` the selector is argument 1 and `self` is read with `object(as:)`. Every conversion error
/// is built here (`badArgument`), so all Swift functions read alike:
/// `bad argument #1 to 'touch' (string expected, got nil)`. `LuaArgs` is only valid during the call.
public struct LuaArgs {
    /// The thread running the call; raw C API code may use it directly.
    public let L: OpaquePointer
    /// The state the call runs in.
    public var state: LuaState { unmanagedState.takeUnretainedValue() }
    /// The state, borrowed: Lua keeps it alive for the whole call, and reading an `unowned(unsafe)` property
    /// would retain and release it around every push in `result(...)`.
    @usableFromInline let unmanagedState: Unmanaged<LuaState>
    unowned(unsafe) let box: FunctionBox

    init(L: OpaquePointer, state: LuaState, box: FunctionBox) {
        self.L = L
        self.unmanagedState = Unmanaged.passUnretained(state)
        self.box = box
    }

    /// The stack slot of user-visible argument `position` (1-based; 0 is `self` on methods).
    @inline(__always)
    func slot(_ position: Int) -> Int32 {
        Int32(truncatingIfNeeded: position) + (box.isMethod ? 1 : 0)
    }

    /// The name Lua errors use for this function.
    public var functionName: String { box.name }

    /// How many arguments were passed, `self` excluded.
    public var count: Int { max(0, Int(lua_gettop(L)) - (box.isMethod ? 1 : 0)) }

    /// The host object of the state, as its concrete type; see `LuaState.host`.
    public func host<Host: AnyObject>(as type: Host.Type) -> Host? {
        state.host as? Host
    }

    // MARK: Errors

    /// The error for a bad argument, in Lua's wording: `bad argument #N to 'name' (problem)`.
    public func badArgument(_ position: Int, _ problem: String) -> LuaError {
        .badArgument(position: position, function: box.name, problem: problem)
    }

    /// The error for an argument of the wrong type: `(expected expected, got actual)`; userdata are named by
    /// their metatable's `__name`, a missing argument is `no value`.
    public func typeError(_ position: Int, expected: String) -> LuaError {
        badArgument(position, "\(expected) expected, got \(typeName(position))")
    }

    /// The type name Lua's own errors would give argument `position`.
    public func typeName(_ position: Int) -> String {
        typeName(atSlot: slot(position))
    }

    private func typeName(atSlot index: Int32) -> String {
        if luaL_getmetafield(L, index, "__name") == LUA_TSTRING {
            defer { ls_pop(L, 1) }
            return String(cString: ls_tostring(L, -1))
        } else if lua_type(L, index) == LUA_TLIGHTUSERDATA {
            return "light userdata"
        } else if ls_isnone(L, index) != 0 {
            return "no value"
        }
        return String(cString: ls_typename(L, index))
    }

    // MARK: Checks

    /// True when argument `position` is absent or nil, for optional arguments.
    public func isNil(_ position: Int) -> Bool {
        ls_isnoneornil(L, slot(position)) != 0
    }

    /// A string argument (numbers convert, as in Lua). `expected` replaces "string" in the error text.
    public func string(_ position: Int, expected: String = "string") throws -> String {
        let index = slot(position)
        let type = lua_type(L, index)
        guard type == LUA_TSTRING || type == LUA_TNUMBER else { throw typeError(position, expected: expected) }
        var length = 0
        let pointer = lua_tolstring(L, index, &length)!
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    /// A string argument's exact bytes, for data that need not be UTF-8.
    public func bytes(_ position: Int, expected: String = "string") throws -> [UInt8] {
        let index = slot(position)
        let type = lua_type(L, index)
        guard type == LUA_TSTRING || type == LUA_TNUMBER else { throw typeError(position, expected: expected) }
        var length = 0
        let pointer = lua_tolstring(L, index, &length)!
        return Array(UnsafeRawBufferPointer(start: pointer, count: length))
    }

    /// An integer argument; a float with an exact integer value or a numeric string converts, 1.5 fails with
    /// `number has no integer representation`.
    public func integer(_ position: Int, expected: String = "number") throws -> Int64 {
        let index = slot(position)
        var isInteger: Int32 = 0
        let value = lua_tointegerx(L, index, &isInteger)
        if isInteger != 0 { return value }
        if lua_isnumber(L, index) != 0 { throw badArgument(position, "number has no integer representation") }
        throw typeError(position, expected: expected)
    }

    /// An integer argument as `Int`; see `integer(_:expected:)`.
    public func int(_ position: Int, expected: String = "number") throws -> Int {
        Int(try integer(position, expected: expected))
    }

    /// A number argument (integer or float; numeric strings convert, as in Lua).
    public func number(_ position: Int, expected: String = "number") throws -> Double {
        var isNumber: Int32 = 0
        let value = lua_tonumberx(L, slot(position), &isNumber)
        if isNumber != 0 { return value }
        throw typeError(position, expected: expected)
    }

    /// A number argument that must be finite and within `range`, checked where it enters (it may become a
    /// duration or an index, and Swift traps on converting NaN, infinity or 1e300):
    /// `bad argument #2 to 'touch_and_hold' (number of seconds from 0 to 86400 expected, got 1e+300)`.
    public func number(_ position: Int, in range: ClosedRange<Double>, expected: String = "number") throws -> Double {
        let value = try number(position, expected: expected)
        guard value.isFinite, range.contains(value) else {
            throw badArgument(
                position, "\(expected) from \(CheckedNumber.format(range.lowerBound)) to \(CheckedNumber.format(range.upperBound)) "
                    + "expected, got \(CheckedNumber.format(value))")
        }
        return value
    }

    /// A number as messages show it: `2`, `0.5`, `1e+300`, `nan`.
    /// A strict boolean argument: only `true` or `false` pass.
    public func boolean(_ position: Int, expected: String = "boolean") throws -> Bool {
        let index = slot(position)
        guard lua_type(L, index) == LUA_TBOOLEAN else { throw typeError(position, expected: expected) }
        return lua_toboolean(L, index) != 0
    }

    /// Argument `position` as Lua's truth test sees it (nil and false are false), for flags.
    public func truthy(_ position: Int) -> Bool {
        lua_toboolean(L, slot(position)) != 0
    }

    /// A table argument, copied into Swift.
    public func table(_ position: Int, expected: String = "table") throws -> LuaTable {
        let index = slot(position)
        guard lua_type(L, index) == LUA_TTABLE else { throw typeError(position, expected: expected) }
        return try LuaState.table(at: index, on: L, state: state, depth: 0)
    }

    /// A function argument, kept by reference so Swift may call it later.
    public func function(_ position: Int, expected: String = "function") throws -> LuaRef {
        let index = slot(position)
        guard lua_type(L, index) == LUA_TFUNCTION else { throw typeError(position, expected: expected) }
        lua_pushvalue(L, index)
        return LuaRef(popping: L, state: state)
    }

    /// Any argument, copied into Swift (`.nil` when missing).
    public func value(_ position: Int) throws -> LuaValue {
        try LuaState.value(at: slot(position), on: L, state: state)
    }

    /// A userdata argument of a registered class, or a `frank.Query expected, got table` error.
    public func object<Object: LuaObject>(_ position: Int, as type: Object.Type = Object.self) throws -> Object {
        guard let block = luaL_testudata(L, slot(position), Object.luaClassName),
            let object = LuaState.retainedObject(in: block) as? Object
        else { throw typeError(position, expected: Object.luaClassName) }
        return object
    }

    /// The `self` of a method call; fails as `calling 'touch' on bad self (frank.App expected, got table)`.
    public func object<Object: LuaObject>(as type: Object.Type = Object.self) throws -> Object {
        guard let block = luaL_testudata(L, 1, Object.luaClassName),
            let object = LuaState.retainedObject(in: block) as? Object
        else {
            let problem = "\(Object.luaClassName) expected, got \(typeName(atSlot: 1))"
            throw LuaError.badArgument(position: box.isMethod ? 0 : 1, function: box.name, problem: problem)
        }
        return object
    }

    // MARK: Results

    /// Pushes one result and returns it: `return args.result(count)`. Inlinable so each call site is
    /// specialised: returning one number costs one C call.
    @inlinable
    public func result<Value: LuaPushable>(_ value: Value) -> LuaReturn {
        unmanagedState._withUnsafeGuaranteedRef { value.push(on: L, state: $0) }
        return LuaReturn(count: 1, yields: false)
    }

    /// Pushes the results and returns them: `return args.result(count, names)`.
    @inlinable
    public func result<each Value: LuaPushable>(_ values: repeat each Value) -> LuaReturn {
        var count: Int32 = 0
        unmanagedState._withUnsafeGuaranteedRef { state in
            for value in repeat each values {
                value.push(on: L, state: state)
                count += 1
            }
        }
        return LuaReturn(count: count, yields: false)
    }

    /// Pushes an array of results, for a count known only at run time.
    public func results(_ values: [LuaValue]) -> LuaReturn {
        _ = lua_checkstack(L, Int32(clamping: values.count))
        for value in values {
            LuaState.push(value, on: L, state: state)
        }
        return LuaReturn(count: Int32(values.count), yields: false)
    }

    /// Yields the values from the running coroutine; the next `coroutine.resume` arguments become the call's
    /// results. Outside a coroutine Lua raises `attempt to yield from outside a coroutine`.
    public func yield<each Value: LuaPushable>(_ values: repeat each Value) -> LuaReturn {
        LuaReturn(count: result(repeat each values).count, yields: true)
    }
}
