/// What a JSON parse makes of the values it reads, one call per value, in document order.
///
/// `JSONValue(parsing:)` builds `JSONValue`s with one; fscript's Lua bindings have another that pushes Lua values
/// straight onto the Lua stack, so a `/dump` becomes Lua tables without a `JSONValue` tree in between.
/// Strings arrive as UTF-8 bytes already unescaped and checked, valid only during the call.
///
/// An object member comes as `key` (before its value is parsed) then `set` (after); an array element as
/// `append`. Containers may nest, so a builder keeps per-container state in `ArrayState`/`ObjectState`.
public protocol JSONBuilder {
    associatedtype Value
    associatedtype ArrayState
    associatedtype ObjectState

    mutating func null() -> Value
    mutating func bool(_ flag: Bool) -> Value
    /// A number without fraction or exponent that fits in `Int64`.
    mutating func integer(_ integer: Int64) -> Value
    /// Any other number.
    mutating func number(_ number: Double) -> Value
    mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) -> Value

    mutating func beginArray() -> ArrayState
    mutating func append(_ element: Value, to array: inout ArrayState)
    mutating func endArray(_ array: ArrayState) -> Value

    mutating func beginObject() -> ObjectState
    mutating func key(_ utf8: UnsafeBufferPointer<UInt8>, in object: inout ObjectState)
    mutating func set(_ value: Value, in object: inout ObjectState)
    mutating func endObject(_ object: ObjectState) -> Value
}

extension JSONBuilder {
    /// Parses a UTF-8 JSON text with this builder, as strictly as `JSONValue(parsing:)` does.
    @inlinable
    public mutating func parse(_ text: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> Value {
        try JSONParser.parse(text, builder: &self)
    }
}

/// Builds `JSONValue`s.
struct JSONValueBuilder: JSONBuilder {
    struct Members {
        var members: [(String, JSONValue)] = []
        var key = ""
    }

    func null() -> JSONValue { .null }
    func bool(_ flag: Bool) -> JSONValue { .bool(flag) }
    func integer(_ integer: Int64) -> JSONValue { .integer(integer) }
    func number(_ number: Double) -> JSONValue { .number(number) }
    func string(_ utf8: UnsafeBufferPointer<UInt8>) -> JSONValue { .string(String(decoding: utf8, as: UTF8.self)) }

    func beginArray() -> [JSONValue] { [] }
    func append(_ element: JSONValue, to array: inout [JSONValue]) { array.append(element) }
    func endArray(_ array: [JSONValue]) -> JSONValue { .array(array) }

    // Members are collected first and hashed once into a dictionary of the right size; inserting one by one
    // rehashed every growing object of a dump several times.
    func beginObject() -> Members { Members() }
    func key(_ utf8: UnsafeBufferPointer<UInt8>, in object: inout Members) {
        object.key = String(decoding: utf8, as: UTF8.self)
    }
    func set(_ value: JSONValue, in object: inout Members) { object.members.append((object.key, value)) }
    func endObject(_ object: Members) -> JSONValue {
        // The last of duplicate keys wins, as in JavaScript's JSON.parse; RFC 8259 leaves the choice open.
        .object(Dictionary(object.members, uniquingKeysWith: { _, last in last }))
    }
}
