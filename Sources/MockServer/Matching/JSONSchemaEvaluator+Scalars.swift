import Foundation
import JSON

/// The keywords for numbers and strings.
extension JSONSchemaEvaluator {
    /// `minimum`, `maximum`, the exclusive bounds, `multipleOf`; `minLength`, `maxLength`, `pattern`.
    mutating func scalar(_ keywords: [String: JSONValue], _ instance: JSONValue) -> Bool {
        switch instance {
        case .integer, .number: return number(keywords, instance)
        case .string(let text): return string(keywords, text)
        default: return true
        }
    }

    private func number(_ keywords: [String: JSONValue], _ instance: JSONValue) -> Bool {
        let exclusiveMinimum = keywords["exclusiveMinimum"]
        let exclusiveMaximum = keywords["exclusiveMaximum"]
        if let minimum = keywords["minimum"] {
            let strict = version.booleanExclusives && exclusiveMinimum == .bool(true)
            guard let order = Self.compare(instance, minimum), strict ? order > 0 : order >= 0 else { return false }
        }
        if let maximum = keywords["maximum"] {
            let strict = version.booleanExclusives && exclusiveMaximum == .bool(true)
            guard let order = Self.compare(instance, maximum), strict ? order < 0 : order <= 0 else { return false }
        }
        if !version.booleanExclusives {
            if let bound = exclusiveMinimum, bound.doubleValue != nil {
                guard let order = Self.compare(instance, bound), order > 0 else { return false }
            }
            if let bound = exclusiveMaximum, bound.doubleValue != nil {
                guard let order = Self.compare(instance, bound), order < 0 else { return false }
            }
        }
        if let divisor = keywords["multipleOf"], !Self.isMultiple(instance, of: divisor) { return false }
        return true
    }

    /// -1, 0 or 1 as `lhs` is below, at or above `rhs`: exactly for two integers, as doubles otherwise.
    static func compare(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        if case .integer(let a) = lhs, case .integer(let b) = rhs { return a < b ? -1 : (a == b ? 0 : 1) }
        guard let a = lhs.doubleValue, let b = rhs.doubleValue else { return nil }
        return a < b ? -1 : (a == b ? 0 : 1)
    }

    /// `multipleOf` as the reference validator (Python's `jsonschema`) decides it: integers by remainder, and a
    /// fractional divisor by whether the quotient is whole (so `0.3` is not a multiple of `0.1` in binary floating
    /// point, there as here).
    static func isMultiple(_ instance: JSONValue, of divisor: JSONValue) -> Bool {
        if case .integer(let value) = instance, case .integer(let step) = divisor {
            return step != 0 && value % step == 0
        }
        guard let value = instance.doubleValue, let step = divisor.doubleValue, step != 0 else { return false }
        if case .integer = divisor { return fmod(value, step) == 0 }
        let quotient = value / step
        guard quotient.isFinite else { return false }
        return quotient.rounded(.towardZero) == quotient
    }

    private mutating func string(_ keywords: [String: JSONValue], _ text: String) -> Bool {
        // Lengths count code points, as the specification says, not UTF-16 units or grapheme clusters.
        let length = text.unicodeScalars.count
        if let minimum = keywords["minLength"]?.doubleValue, Double(length) < minimum { return false }
        if let maximum = keywords["maxLength"]?.doubleValue, Double(length) > maximum { return false }
        if let pattern = keywords["pattern"]?.stringValue {
            guard search(pattern, in: text) else { return false }
        }
        return true
    }
}
