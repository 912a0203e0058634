import Foundation

/// A JSON document as a value: what travels in Frankly envelopes, dumps, mock stubs and Lua tables.
///
/// Integers and floats are kept apart so that a Lua integer that goes out as `3` comes back as an integer,
/// not as `3.0`. Objects are unordered, as JSON says; encoding sorts keys so output is stable.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue {
    /// Parses a JSON text; throws the decoder's error when it is not JSON.
    public init(parsing data: some Collection<UInt8>) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: Data(data))
    }

    /// The compact JSON text of this value, keys sorted.
    public var jsonBytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue cannot fail except for non-finite numbers, which JSON cannot carry.
        return (try? Array(encoder.encode(self))) ?? Array("null".utf8)
    }

    /// The compact JSON text of this value, keys sorted.
    public var jsonString: String { String(decoding: jsonBytes, as: UTF8.self) }

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

    /// Frankly's BOOL: `true`/`1` are true; `false`/`0`/`null` are false; anything else is not a BOOL (nil).
    public var franklyBool: Bool? {
        switch self {
        case .bool(let value): return value
        case .integer(let value) where value == 0 || value == 1: return value == 1
        case .number(let value) where value == 0 || value == 1: return value == 1
        case .null: return false
        default: return nil
        }
    }
}
