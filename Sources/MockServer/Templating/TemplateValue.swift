import Foundation
import JSON

/// A value a response template works with: part of the request model, a literal, or what a helper returned.
///
/// Close to JSON, with two additions WireMock's model has: `values`, a header, query or cookie that may repeat
/// (it prints as its first value, `.1` and `.last` reach the others), and `path`, the request path that prints
/// whole but also answers `.0` with a segment and `.name` with a `urlPathTemplate` parameter.
enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([TemplateValue])
    /// Members in order, so `toJson request.headers` lists them as they arrived.
    case object([(key: String, value: TemplateValue)])
    /// One or many values of a repeated field; prints as the first.
    case values([String])
    /// The request path: prints whole; `.N` is a segment, `.name` a path-template parameter.
    case path(String, segments: [String], parameters: [String: String])

    static func == (lhs: TemplateValue, rhs: TemplateValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.values(let a), .values(let b)): return a == b
        case (.path(let a, _, _), .path(let b, _, _)): return a == b
        default:
            // Numbers only, checked first: `numberValue` parses text, and `value == .null` is asked on every
            // path step of every render.
            guard lhs.isNumber, rhs.isNumber, let a = lhs.numberValue, let b = rhs.numberValue else { return false }
            return a == b
        }
    }

    var isNumber: Bool {
        switch self {
        case .integer, .number: return true
        default: return false
        }
    }

    /// Handlebars' truthiness: null, false, "", 0 and empty lists are false.
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .integer(let value): return value != 0
        case .number(let value): return value != 0
        case .string(let text): return !text.isEmpty
        case .array(let items): return !items.isEmpty
        case .object: return true
        case .values(let items): return !items.isEmpty
        case .path: return true
        }
    }

    /// The number this value reads as: numbers, numeric strings and the first of several values.
    var numberValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        case .bool, .null, .array, .object, .path: return nil
        case .string, .values: return Double(rendered.trimmingCharacters(in: .whitespaces))
        }
    }

    /// The integer this value reads as, when it is a whole number.
    var integerValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .number(let value): return value.rounded() == value && abs(value) < 9e18 ? Int64(value) : nil
        default:
            let text = rendered.trimmingCharacters(in: .whitespaces)
            return Int64(text) ?? numberValue.flatMap { $0.rounded() == $0 && abs($0) < 9e18 ? Int64($0) : nil }
        }
    }

    /// The items a list-like value iterates: arrays, repeated values and object members' values.
    var items: [TemplateValue]? {
        switch self {
        case .array(let items): return items
        case .values(let items): return items.map { .string($0) }
        default: return nil
        }
    }

    /// The text `{{value}}` writes, before HTML escaping: as WireMock (Java) prints it.
    var rendered: String {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .integer(let value): return String(value)
        case .number(let value): return Self.javaString(value)
        case .string(let text): return text
        case .array(let items): return "[" + items.map(\.rendered).joined(separator: ", ") + "]"
        case .object: return jackson(pretty: true)
        case .values(let items): return items.first ?? ""
        case .path(let whole, _, _): return whole
        }
    }

    /// Java's `Double.toString` for the numbers templates meet: `2.5`, `4.0`, `1.0E10`.
    static func javaString(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-Infinity" : "Infinity") }
        if value.rounded() == value, abs(value) < 1e7 { return String(format: "%.1f", value) }
        if abs(value) >= 1e-3, abs(value) < 1e7 { return "\(value)" }
        let text = "\(value)"  // Swift writes 1e+10; Java writes 1.0E10
        guard let e = text.firstIndex(of: "e") else { return text }
        var mantissa = String(text[..<e])
        if !mantissa.contains(".") { mantissa += ".0" }
        var exponent = String(text[text.index(after: e)...])
        if exponent.hasPrefix("+") { exponent.removeFirst() }
        return mantissa + "E" + exponent
    }

    /// A member by name: object keys (headers ignore case), list indexes (`0`, `-1`, `first`, `last`), path
    /// segments and parameters.
    func member(_ name: String) -> TemplateValue {
        switch self {
        case .object(let members):
            if let found = members.first(where: { $0.key == name }) { return found.value }
            if let found = members.first(where: { $0.key.caseInsensitiveCompare(name) == .orderedSame }) {
                return found.value
            }
            return .null
        case .array(let items):
            return Self.item(named: name, count: items.count) { items[$0] }
        case .values(let items):
            return Self.item(named: name, count: items.count) { .string(items[$0]) }
        case .path(_, let segments, let parameters):
            if let value = parameters[name] { return .string(value) }
            return Self.item(named: name, count: segments.count) { .string(segments[$0]) }
        case .string(let text):
            return name == "length" ? .integer(Int64(text.count)) : .null
        default:
            return .null
        }
    }

    /// A list's member by name (`0`, `-1`, `first`, `last`, `size`), from its count and a way to make item N, so
    /// a path's segments and a header's values are not copied into an array first.
    private static func item(named name: String, count: Int, _ item: (Int) -> TemplateValue) -> TemplateValue {
        if name == "first" { return count > 0 ? item(0) : .null }
        if name == "last" { return count > 0 ? item(count - 1) : .null }
        if name == "size" || name == "length" { return .integer(Int64(count)) }
        guard let index = Int(name) else { return .null }
        let position = index < 0 ? count + index : index
        return (0..<count).contains(position) ? item(position) : .null
    }

    /// A JSON document as a template value.
    init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(value)
        case .number(let value): self = .number(value)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(TemplateValue.init))
        case .object(let members):
            self = .object(members.keys.sorted().map { (key: $0, value: TemplateValue(members[$0]!)) })
        }
    }

    /// This value as JSON; repeated values become an array of strings, a path its text.
    var json: JSONValue {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .integer(let value): return .integer(value)
        case .number(let value): return .number(value)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(\.json))
        case .object(let members):
            return .object(Dictionary(members.map { ($0.key, $0.value.json) }, uniquingKeysWith: { _, last in last }))
        case .values(let items): return items.count == 1 ? .string(items[0]) : .array(items.map { .string($0) })
        case .path(let whole, _, _): return .string(whole)
        }
    }

    /// JSON text as Jackson (WireMock's JSON library) writes it: pretty is `{\n  "a" : 1\n}` with arrays inline
    /// as `[ 1, 2 ]`; compact has no spaces. Member order is kept.
    func jackson(pretty: Bool, indent: String = "") -> String {
        switch self {
        case .array(let items):
            if items.isEmpty { return pretty ? "[ ]" : "[]" }
            let parts = items.map { $0.jackson(pretty: pretty, indent: indent) }
            return pretty ? "[ " + parts.joined(separator: ", ") + " ]" : "[" + parts.joined(separator: ",") + "]"
        case .object(let members):
            if members.isEmpty { return pretty ? "{ }" : "{}" }
            guard pretty else {
                return "{" + members.map { Self.quoted($0.key) + ":" + $0.value.jackson(pretty: false) }
                    .joined(separator: ",") + "}"
            }
            let inner = indent + "  "
            let lines = members.map { inner + Self.quoted($0.key) + " : " + $0.value.jackson(pretty: true, indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        case .values(let items) where items.count > 1:
            return TemplateValue.array(items.map { .string($0) }).jackson(pretty: pretty, indent: indent)
        case .string, .values, .path: return Self.quoted(rendered)
        case .null: return "null"
        case .bool, .integer: return rendered
        case .number(let value): return value.isFinite ? rendered : "null"
        }
    }

    private static func quoted(_ text: String) -> String {
        JSONValue.string(text).jsonString
    }
}

extension TemplateValue {
    /// About how many bytes the value holds, for the renderer's work budget (text by its bytes, a list or an
    /// object by its members, anything else a few bytes), without rendering it.
    var size: Int {
        switch self {
        case .string(let text): return text.utf8.count
        case .values(let items): return items.reduce(0) { $0 + $1.utf8.count }
        case .array(let items): return items.reduce(8) { $0 + $1.size }
        case .object(let members): return members.reduce(8) { $0 + $1.key.utf8.count + $1.value.size }
        default: return 8
        }
    }
}
