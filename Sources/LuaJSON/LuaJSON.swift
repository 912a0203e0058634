import JSON
import LuaKit

/// The one conversion between JSON and Lua values, used by everything that crosses it: the `json` module (and
/// through it the stdlib's reports and steps), `frank` results and arguments, `app:request` bodies, mock stubs and
/// the mock journal.
///
/// Lua has no null that survives inside a table, so JSON `null` becomes one unique userdata kept in the registry
/// (`json.null`, also `frank.null`): a `map` result list keeps its length and order, and `v == json.null` tests
/// for it. Integers stay integers both ways (`3` is not `3.0`). A table with a sequence part is an array and one
/// with string keys an object; an empty table has no kind of its own, so `json.array()` and `json.object()` set
/// a marker metatable that decides it (unmarked, it is `[]`, the likelier argument), and every object read from
/// JSON carries the object marker, so `{}` survives a round trip. The conversion works on the raw stack, without
/// an intermediate `LuaValue`, because it sits on the path of every `map` and `dump` call and because a
/// `LuaValue` has no room for a metatable.
public enum LuaJSON {
    /// The registry key under which the `json.null` userdata lives.
    public static let nullKey = "json.null"
    /// The registry key (and `__name`) of the metatable that marks a table as a JSON object.
    public static let objectKey = "json.object"
    /// The registry key (and `__name`) of the metatable that marks a table as a JSON array.
    public static let arrayKey = "json.array"

    /// Creates the `json.null` sentinel and the two marker metatables once per state.
    public static func install(on L: OpaquePointer) {
        let stack = LuaStack(L)
        stack.pushRegistry(nullKey)
        let exists = stack.kind(at: -1) != .nil
        stack.pop()
        guard !exists else { return }
        stack.defineMetatable(objectKey)
        stack.defineMetatable(arrayKey)
        stack.pushSentinel(name: "json.null", text: "null")
        stack.setRegistry(nullKey)
    }

    /// Pushes `json.null`.
    public static func pushNull(on L: OpaquePointer) {
        LuaStack(L).pushRegistry(nullKey)
    }

    /// True when the value at `index` is `json.null`.
    public static func isNull(at index: Int32, on L: OpaquePointer) -> Bool {
        let stack = LuaStack(L)
        guard stack.kind(at: index) == .userdata else { return false }
        let absolute = stack.absolute(index)
        pushNull(on: L)
        defer { stack.pop() }
        return stack.rawEqual(absolute, -1)
    }

    /// Gives the table on top of the stack the marker metatable `key` (`objectKey` or `arrayKey`).
    public static func mark(topAs key: String, on L: OpaquePointer) {
        let stack = LuaStack(L)
        stack.pushRegistry(key)
        stack.setMetatable(of: -2)
    }

    /// The kind the table at `index` was marked with, or nil when it has neither marker.
    public static func marker(at index: Int32, on L: OpaquePointer) -> String? {
        let stack = LuaStack(L)
        guard stack.pushMetatable(of: index) else { return nil }
        defer { stack.pop(2) }
        stack.pushRegistry(objectKey)
        if stack.rawEqual(-1, -2) { return objectKey }
        stack.pop()
        stack.pushRegistry(arrayKey)
        return stack.rawEqual(-1, -2) ? arrayKey : nil
    }

    /// Pushes `value` as a Lua value: null as `json.null`, objects and arrays as new tables. The mapping is
    /// `LuaJSONBuilder`'s, the same one `app:dump()` uses when it parses straight into Lua.
    public static func push(_ value: JSONValue, on L: OpaquePointer) {
        var builder = LuaJSONBuilder(L: L)
        builder.push(value)
    }

    /// Pushes the value of a JSON text, built straight from the text (`LuaJSONBuilder`). When the text does not
    /// parse, nothing stays pushed and the parser's error (with line and column) is thrown.
    public static func push(parsing text: UnsafeBufferPointer<UInt8>, on L: OpaquePointer) throws(JSONParseError) {
        let top = LuaStack(L).top
        do {
            var builder = LuaJSONBuilder(L: L)
            try builder.parse(text)
        } catch {
            LuaStack(L).setTop(top)
            throw error
        }
    }

    /// Why a Lua value has no JSON form; the caller words it as a bad argument.
    public struct ConversionError: Error {
        /// E.g. `cannot send a function as JSON`.
        public var problem: String
    }

    /// Reads the value at `index` as JSON. nil and `json.null` are null; a marked table is what its marker says;
    /// otherwise a table with a sequence part is an array, one with string keys an object, an empty one `[]`.
    public static func json(at index: Int32, on L: OpaquePointer) throws(ConversionError) -> JSONValue {
        var path: [UnsafeRawPointer] = []
        return try json(at: index, on: L, path: &path)
    }

    /// `path` holds the tables being converted around this value, to tell a cycle from deep nesting.
    private static func json(
        at index: Int32, on L: OpaquePointer, path: inout [UnsafeRawPointer]
    ) throws(ConversionError) -> JSONValue {
        let stack = LuaStack(L)
        switch stack.kind(at: index) {
        case .none, .nil:
            return .null
        case .boolean:
            return .bool(stack.boolean(at: index))
        case .number:
            if stack.isInteger(at: index) { return .integer(stack.integer(at: index)) }
            let number = stack.number(at: index)
            guard number.isFinite else { throw ConversionError(problem: "\(number) has no JSON form") }
            return .number(number)
        case .string:
            return .string(stack.string(at: index))
        case .table:
            let table = stack.absolute(index)
            // A table's address is its identity while it is on the stack; Lua never gives a table a null one.
            let pointer = stack.identity(at: table)!
            guard !path.contains(pointer) else {
                throw ConversionError(problem: "a table that contains itself has no JSON form")
            }
            guard path.count < 100 else { throw ConversionError(problem: "tables nested deeper than 100 levels") }
            path.append(pointer)
            defer { path.removeLast() }
            return try self.table(at: table, on: L, path: &path)
        default:
            if isNull(at: index, on: L) { return .null }
            throw ConversionError(problem: "cannot send a \(stack.typeName(at: index)) as JSON")
        }
    }

    private static func table(
        at table: Int32, on L: OpaquePointer, path: inout [UnsafeRawPointer]
    ) throws(ConversionError) -> JSONValue {
        let stack = LuaStack(L)
        stack.reserve(4)
        let length = stack.rawLength(at: table)
        var items: [JSONValue] = []
        var members: [String: JSONValue] = [:]
        if length > 0 {
            for position in 1...length {
                stack.pushItem(position, of: table)
                defer { stack.pop() }
                items.append(try json(at: -1, on: L, path: &path))
            }
        }
        stack.pushNil()
        while stack.next(of: table) {
            if stack.isInteger(at: -2), case let key = stack.integer(at: -2), key >= 1, key <= length {
                stack.pop()
                continue
            }
            guard stack.kind(at: -2) == .string else {
                stack.pop(2)
                throw ConversionError(problem: "a table mixing a list with non-string keys has no JSON form")
            }
            let key = stack.string(at: -2)
            do {
                members[key] = try json(at: -1, on: L, path: &path)
            } catch {
                stack.pop(2)
                throw error
            }
            stack.pop()
        }
        switch marker(at: table, on: L) {
        case objectKey?:
            guard items.isEmpty else {
                throw ConversionError(problem: "a table marked json.object() has list items (keys 1..\(length))")
            }
            return .object(members)
        case arrayKey?:
            guard members.isEmpty else {
                let names = members.keys.sorted().prefix(3).map { "'\($0)'" }.joined(separator: ", ")
                throw ConversionError(problem: "a table marked json.array() has string keys (\(names))")
            }
            return .array(items)
        default:
            if members.isEmpty { return .array(items) }
            guard items.isEmpty else {
                throw ConversionError(problem: "a table with both a list part and string keys has no JSON form")
            }
            return .object(members)
        }
    }
}

/// A JSON value that `args.result(...)` can push directly, with `json.null` for null.
public struct LuaJSONResult: LuaPushable {
    /// The value to push.
    public var value: JSONValue

    /// Wraps `value`.
    public init(value: JSONValue) { self.value = value }

    public func push(on L: OpaquePointer, state: LuaState) {
        LuaJSON.push(value, on: L)
    }
}

extension LuaArgs {
    /// The stack slot of user-visible argument `position` (1-based, `self` not counted on methods).
    public func stackSlot(_ position: Int) -> Int32 {
        LuaStack(L).top - Int32(count) + Int32(position)
    }

    /// Argument `position` as JSON (nil and `json.null` are null), or a bad-argument error.
    public func json(_ position: Int) throws -> JSONValue {
        do {
            return try LuaJSON.json(at: stackSlot(position), on: L)
        } catch {
            throw badArgument(position, error.problem)
        }
    }
}

extension LuaJSON {
    /// A value already copied out of Lua (an app file's view spec), as JSON by the same rules. It is pushed back
    /// onto `state`'s stack to be read: a copied table has lost its metatable, so an empty one is `[]`.
    public static func json(_ value: LuaValue, in state: LuaState) throws(ConversionError) -> JSONValue {
        let L = state.current
        value.push(on: L, state: state)
        defer { LuaStack(L).pop() }
        return try json(at: -1, on: L)
    }
}

/// A JSON value handed to Lua as a function argument or a single result: `null` is `nil` there (an absent
/// argument, a property without a value), and `json.null` only inside tables, where nil would leave a hole.
public struct LuaJSONArgument: LuaPushable {
    /// The value to push.
    public var value: JSONValue

    /// Wraps `value`.
    public init(_ value: JSONValue) { self.value = value }

    public func push(on L: OpaquePointer, state: LuaState) {
        if case .null = value {
            LuaStack(L).pushNil()
        } else {
            LuaJSON.push(value, on: L)
        }
    }
}
