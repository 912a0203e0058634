import Foundation
import JSON

/// How `equalToJson` compares, as WireMock's options say.
public struct JSONMatchOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Members and array items the body has beyond the expected ones do not matter (`ignoreExtraElements`).
    public static let ignoreExtraElements = JSONMatchOptions(rawValue: 1)
    /// Arrays match whatever their order (`ignoreArrayOrder`).
    public static let ignoreArrayOrder = JSONMatchOptions(rawValue: 2)
}

/// WireMock's JSON comparisons for body matchers (JSONUnit's, which WireMock uses): integers and floats compare by
/// value, objects regardless of key order, the options above, and json-unit placeholders in the expected JSON:
/// `${json-unit.any-string}`, `${json-unit.any-number}`, `${json-unit.any-boolean}`, `${json-unit.ignore}` (any
/// value), `${json-unit.ignore-element}` (any value, or the member absent) and `${json-unit.regex}PATTERN` (a
/// string matching the whole pattern).
extension JSONValue {
    /// Whether `actual` has what this expected value says, under `options`.
    func matches(_ actual: JSONValue, options: JSONMatchOptions) -> Bool {
        if case .string(let text) = self, text.hasPrefix("${json-unit.") { return Self.placeholder(text, accepts: actual) }
        switch (self, actual) {
        case (.object(let expected), .object(let members)):
            if !options.contains(.ignoreExtraElements), members.keys.contains(where: { expected[$0] == nil }) {
                return false
            }
            return expected.allSatisfy { key, value in
                guard let present = members[key] else { return value == .string("${json-unit.ignore-element}") }
                return value.matches(present, options: options)
            }
        case (.array(let expected), .array(let items)):
            let extra = options.contains(.ignoreExtraElements)
            guard extra ? expected.count <= items.count : expected.count == items.count else { return false }
            if !options.contains(.ignoreArrayOrder) {
                return zip(expected, items).allSatisfy { $0.matches($1, options: options) }
            }
            var taken = [Bool](repeating: false, count: items.count)
            return Self.assign(expected[...], to: items, taken: &taken, options: options)
        default:
            if let left = doubleValue, let right = actual.doubleValue { return left == right }
            return self == actual
        }
    }

    /// Pairs each expected item with a distinct actual item that it matches (backtracking; arrays in stubs are
    /// short), for arrays compared regardless of order.
    private static func assign(
        _ expected: ArraySlice<JSONValue>, to items: [JSONValue], taken: inout [Bool], options: JSONMatchOptions
    ) -> Bool {
        guard let first = expected.first else { return true }
        for index in items.indices where !taken[index] && first.matches(items[index], options: options) {
            taken[index] = true
            if assign(expected.dropFirst(), to: items, taken: &taken, options: options) { return true }
            taken[index] = false
        }
        return false
    }

    /// Whether a json-unit placeholder (`${json-unit.any-number}`, …) accepts `actual`.
    static func placeholder(_ text: String, accepts actual: JSONValue) -> Bool {
        switch text {
        case "${json-unit.any-string}": if case .string = actual { return true } else { return false }
        case "${json-unit.any-number}": return actual.doubleValue != nil
        case "${json-unit.any-boolean}": if case .bool = actual { return true } else { return false }
        case "${json-unit.ignore}", "${json-unit.ignore-element}": return true
        default:
            let prefix = "${json-unit.regex}"
            guard text.hasPrefix(prefix), case .string(let value) = actual,
                let regex = try? NSRegularExpression(pattern: "^(?:\(text.dropFirst(prefix.count)))$")
            else { return text == actual.stringValue }
            if case .match = regex.firstMatch(in: value, budget: RegexBudget.seconds) { return true }
            return false
        }
    }
}
