/// A JSON document as a value: what travels in Frankly envelopes, dumps, mock stubs and Lua tables.
///
/// Every target that speaks JSON shares this one type, so a value parsed by the mock server, a dump read by the
/// client and a result the simulator answers all compare and print the same way. Integers and floats are kept
/// apart so that a Lua integer that goes out as `3` comes back as an integer, not as `3.0`. Objects are
/// unordered, as JSON says; the written form sorts keys so output is stable.
///
/// Parsing and writing are hand-written (`JSONParser`, `JSONWriter`) because they sit on the path of every
/// Frankly request; the `Codable` conformance exists for the wire structs that embed a value.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number written without fraction or exponent that fits in 64 bits, e.g. `3` or `-12`.
    case integer(Int64)
    /// Any other number: `3.0`, `1e2`, `0.5`, or an integer too large for `Int64`.
    case number(Double)
    /// A string, escapes decoded.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; a key written twice keeps its last value.
    case object([String: JSONValue])
}

extension JSONValue {
    /// Parses a UTF-8 JSON text (RFC 8259, strictly: no comments, no trailing commas, no NaN).
    ///
    /// Any value may be the top level, whitespace may surround it, and a leading byte order mark is skipped.
    /// The error says what was expected where: `JSON error at line 1, column 5 (byte 4): expected ',' or ']'
    /// after an array element, found '}'`.
    public init(parsing bytes: some Collection<UInt8>) throws(JSONParseError) {
        var result: Result<JSONValue, JSONParseError>?
        _ = bytes.withContiguousStorageIfAvailable { buffer in
            result = Result { () throws(JSONParseError) in
                var builder = JSONValueBuilder()
                return try builder.parse(buffer)
            }
        }
        if result == nil {
            let copy = Array(bytes)
            copy.withUnsafeBufferPointer { buffer in
                result = Result { () throws(JSONParseError) in
                var builder = JSONValueBuilder()
                return try builder.parse(buffer)
            }
            }
        }
        self = try result!.get()
    }

    /// The compact JSON text of this value, keys sorted; whole floats lose their `.0` and non-finite ones are
    /// written `null` (see `JSONWriter`).
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }

    /// The compact JSON text of this value, keys sorted.
    public var jsonString: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// The text of this value spread over lines, each level indented by `indent` (e.g. two spaces), keys sorted:
    /// the same values as `jsonString`, for files people read.
    public func jsonString(indent: String) -> String {
        var writer = JSONWriter()
        writer.write(self, indent: Array(indent.utf8), depth: 0)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string, or nil when this is not a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as a Double, integers included, or nil.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    /// The value as an Int when it is a whole number, written either way (`3` or `3.0`).
    public var intValue: Int? {
        switch self {
        case .integer(let value): return Int(exactly: value)
        case .number(let value): return Int(exactly: value)
        default: return nil
        }
    }

    /// The name of the JSON type with its article (`a string`, `an object`, `null`), for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
