import CLua
import LuaShim

/// A Swift class whose instances Lua holds as full userdata, e.g. `frank.App` or `frank.Query`.
///
/// Lua keeps a strong reference per userdata and drops it in `__gc`, so the Swift object lives exactly as long
/// as Lua can reach it (or Swift holds it too). Register the class once with `LuaState.register(_:)` before
/// pushing instances; then return them with `args.result(object)` and read them with `args.object(n, as:)`.
public protocol LuaObject: AnyObject, LuaPushable {
    /// The metatable name (`__name`): what `tostring` shows and what type errors say, e.g. `frank.Query`.
    static var luaClassName: String { get }
}

extension LuaObject {
    /// Pushes the object as a userdata with its class's metatable.
    public func push(on L: OpaquePointer, state: LuaState) {
        LuaState.pushRetained(self, on: L, metatable: Self.luaClassName)
    }
}

/// The Lua face of a `LuaObject` class: its methods and metamethods, registered once per state.
public struct LuaClass<Object: LuaObject> {
    /// A method: the receiver, then the arguments numbered without `self`.
    public typealias Method = (Object, LuaArgs) throws -> LuaReturn

    /// Methods reachable as `obj:name(...)`.
    public var methods: [String: Method]
    /// What `tostring(obj)` shows; by default `frank.App: 0x…`.
    public var description: ((Object) -> String)?
    /// Answers `obj.key` for keys that are not methods (argument 1 is the key), e.g. properties.
    public var index: Method?
    /// Answers `#obj`.
    public var length: ((Object) -> Int)?

    /// Describes a class; `==` between two userdata compares Swift identity.
    public init(
        _ type: Object.Type = Object.self, methods: [String: Method] = [:],
        description: ((Object) -> String)? = nil, index: Method? = nil, length: ((Object) -> Int)? = nil
    ) {
        self.methods = methods
        self.description = description
        self.index = index
        self.length = length
    }
}

extension LuaState {
    /// Creates the metatable for `Object` (`__name`, `__index`, `__gc`, `__tostring`, `__eq`, `__len`).
    public func register<Object: LuaObject>(_ luaClass: LuaClass<Object>) {
        let L = current
        let name = Object.luaClassName
        luaL_newmetatable(L, name)
        lua_pushcclosure(L, LuaState.releaseRetained, 0)
        lua_setfield(L, -2, "__gc")

        for (method, body) in luaClass.methods {
            setMethod(method, isMethod: true, on: L) { args in try body(try args.object(as: Object.self), args) }
        }
        let describe = luaClass.description
        setMethod("__tostring", isMethod: false, on: L) { args in
            let object = try args.object(as: Object.self)
            if let describe { return args.result(describe(object)) }
            let address = UInt(bitPattern: ObjectIdentifier(object).hashValue)
            return args.result("\(name): 0x" + String(address, radix: 16))
        }
        setMethod("__eq", isMethod: false, on: L) { args in
            let other = luaL_testudata(args.L, 2, name).flatMap(LuaState.retainedObject(in:))
            let object = try args.object(as: Object.self)
            return args.result(other != nil && other === object)
        }
        if let length = luaClass.length {
            setMethod("__len", isMethod: false, on: L) { args in args.result(length(try args.object(as: Object.self))) }
        }
        if let index = luaClass.index {
            // Methods first (they live in the metatable), then the class's own answer.
            setMethod("__index", isMethod: true, on: L) { args in
                let object = try args.object(as: Object.self)
                if lua_getmetatable(args.L, 1) != 0 {
                    lua_pushvalue(args.L, 2)
                    if lua_rawget(args.L, -2) != LUA_TNIL { return .pushed(1) }
                    ls_pop(args.L, 2)
                }
                return try index(object, args)
            }
        } else {
            lua_pushvalue(L, -1)
            lua_setfield(L, -2, "__index")
        }
        ls_pop(L, 1)
    }

    /// Stores a Swift function in the table on top of `L`.
    private func setMethod(_ name: String, isMethod: Bool, on L: OpaquePointer, _ body: @escaping LuaFunction) {
        LuaState.push(FunctionBox(name: name, isMethod: isMethod, function: body), on: L)
        lua_setfield(L, -2, name)
    }

    /// Creates a module table of Swift functions and values, sets it as global `name` (or `global`, for a module
    /// required by a dotted name) and in `package.loaded[name]` (so `require(name)` returns it), and returns a
    /// reference for adding more later.
    @discardableResult
    public func register(
        module name: String, functions: [String: LuaFunction], values: [String: LuaValue] = [:],
        global: String? = nil
    ) -> LuaRef {
        let L = current
        lua_createtable(L, 0, Int32(clamping: functions.count + values.count))
        for (field, function) in functions {
            LuaState.push(FunctionBox(name: field, isMethod: false, function: function), on: L)
            lua_setfield(L, -2, field)
        }
        for (field, value) in values {
            LuaState.push(value, on: L, state: self)
            lua_setfield(L, -2, field)
        }
        lua_getfield(L, ls_registryindex(), "_LOADED")
        lua_pushvalue(L, -2)
        lua_setfield(L, -2, name)
        ls_pop(L, 1)
        ls_rawgetglobals(L)
        lua_pushvalue(L, -2)
        lua_setfield(L, -2, global ?? name)
        ls_pop(L, 1)
        return LuaRef(popping: L, state: self)
    }
}
