import JSON
import LuaKit

/// Builds Lua values on the stack straight from JSON text: a `/dump` answer becomes nested tables without a
/// `JSONValue` tree (and its dictionaries and strings) in between, which cost more than the request itself.
///
/// The result is what `LuaJSON.push` makes of the same document: `json.null` for null, integers kept apart from
/// floats, objects as string-keyed tables marked `json.object` (so `{}` stays an object), arrays as sequences. Each value is pushed as it is parsed; containers
/// are stored into their parent at once. If the parse fails, whatever was pushed stays on the stack: the caller
/// resets the top.
public struct LuaJSONBuilder: JSONBuilder {
    let L: OpaquePointer

    /// A builder pushing onto `L`.
    public init(L: OpaquePointer) { self.L = L }

    public func null() { LuaJSON.pushNull(on: L) }
    public func bool(_ flag: Bool) { LuaStack(L).push(flag) }
    public func integer(_ integer: Int64) { LuaStack(L).push(integer) }
    public func number(_ number: Double) { LuaStack(L).push(number) }
    public func string(_ utf8: UnsafeBufferPointer<UInt8>) { LuaStack(L).push(bytes: utf8) }

    /// An array's state is the index of its last element.
    public func beginArray() -> Int64 {
        // A container holds two slots while it is filled (itself, and a key or element); nesting is bounded by
        // the parser's depth limit.
        LuaStack(L).reserve(3)
        LuaStack(L).newTable()
        return 0
    }

    public func append(_ element: Void, to array: inout Int64) {
        array += 1
        LuaStack(L).setItem(array, of: -2)
    }

    public func endArray(_ array: Int64) {}

    public func beginObject() {
        LuaStack(L).reserve(3)
        LuaStack(L).newTable()
        LuaJSON.mark(topAs: LuaJSON.objectKey, on: L)
    }

    public func key(_ utf8: UnsafeBufferPointer<UInt8>, in object: inout Void) { LuaStack(L).push(bytes: utf8) }
    public func set(_ value: Void, in object: inout Void) { LuaStack(L).setPair(of: -3) }
    public func endObject(_ object: Void) {}
}

extension LuaJSONBuilder {
    /// Pushes an already parsed value the way parsing its text would have.
    public mutating func push(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .integer(let whole): integer(whole)
        case .number(let real): number(real)
        case .string(let string): LuaState.push(string, on: L)
        case .array(let items):
            var array = beginArray()
            for item in items {
                push(item)
                append((), to: &array)
            }
            endArray(array)
        case .object(let members):
            var object: Void = beginObject()
            for (key, item) in members {
                LuaState.push(key, on: L)
                push(item)
                set((), in: &object)
            }
            endObject(object)
        }
    }
}
