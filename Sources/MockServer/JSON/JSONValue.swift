import Foundation

/// A parsed JSON document, for the body matchers and WireMock mapping files.
///
/// MockServer keeps its own small JSON type so that it does not depend on Frankly. Integers and floats are kept
/// apart when parsing but compare by value, so a stub that expects `1` matches a body that sends `1.0`.
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

extension JSONValue: Codable {
    init(from decoder: any Decoder) throws {
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

    func encode(to encoder: any Encoder) throws {
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
    /// Parses JSON text; nil when it is not JSON.
    init?(parsing bytes: some Collection<UInt8>) {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else { return nil }
        self = value
    }

    /// The compact JSON text, keys sorted, so that messages and responses are stable.
    var text: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Only non-finite numbers fail to encode, and parsed JSON cannot hold them.
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "null"
    }

    /// The member `key` of an object, or nil.
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string, or nil when this is not a string.
    var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as a Double, integers included, or nil.
    var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    /// The name of the JSON type, for error messages in mapping files.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Equality as JSON means it: numbers by value, objects regardless of key order.
    func jsonEquals(_ other: JSONValue) -> Bool {
        matches(other, allowingExtraMembers: false)
    }

    /// True when every member this value names is present in `other` with a matching value; arrays must have the
    /// same length and match element by element. This is WireMock's `equalToJson` with `ignoreExtraElements`.
    func isSubset(of other: JSONValue) -> Bool {
        matches(other, allowingExtraMembers: true)
    }

    private func matches(_ other: JSONValue, allowingExtraMembers: Bool) -> Bool {
        switch (self, other) {
        case (.object(let expected), .object(let actual)):
            if !allowingExtraMembers && expected.count != actual.count { return false }
            return expected.allSatisfy { key, value in
                actual[key].map { value.matches($0, allowingExtraMembers: allowingExtraMembers) } ?? false
            }
        case (.array(let expected), .array(let actual)):
            return expected.count == actual.count
                && zip(expected, actual).allSatisfy { $0.matches($1, allowingExtraMembers: allowingExtraMembers) }
        default:
            if let left = doubleValue, let right = other.doubleValue { return left == right }
            return self == other
        }
    }
}
