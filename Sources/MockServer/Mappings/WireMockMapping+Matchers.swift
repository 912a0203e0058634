import Foundation
import JSON

/// WireMock's string matchers and body patterns, read once: the string matchers (`equalTo`, `contains`, …) are
/// the same keys in a header matcher, a body pattern and a `matchesJsonPath` object, so one function reads them
/// for all three, and each pattern is compiled as it is read.
extension WireMockMapping {
    /// The string matchers, in the order they are looked for.
    private static let stringMatchers = ["equalTo", "contains", "doesNotContain", "matches", "doesNotMatch", "absent"]
    /// WireMock matchers fscript does not have: named as unsupported rather than taken for typos of ours.
    private static let foreignMatchers: Set = [
        "equalToNumber", "greaterThanNumber", "lessThanNumber",
    ]

    /// One string matcher (equalTo with caseInsensitive, contains, doesNotContain, matches, doesNotMatch, absent,
    /// and `and` / `or` of them) from an object being read: a header's, or a `matchesJsonPath`'s beside its
    /// expression.
    static func valuePattern(_ spec: Fields) throws(Problem) -> ValuePattern {
        if let pattern = try stringMatcher(spec, ignoringCase: true) { return pattern }
        if let key = try spec.oneOf(["and", "or", "hasExactly", "includes"]) {
            guard let items = try spec.array(key), !items.isEmpty else {
                throw spec.fail(key, "expected a non-empty array of matchers")
            }
            var parts: [ValuePattern] = []
            for (index, item) in items.enumerated() {
                parts.append(try Fields.read(item, at: "\(spec.path(of: key))[\(index)]", valuePattern))
            }
            switch key {
            case "and": return .all(parts)
            case "or": return .any(parts)
            case "hasExactly": return ValuePattern(check: .exactly(parts))
            default: return ValuePattern(check: .including(parts))
            }
        }
        if let key = try spec.oneOf(["before", "after", "equalToDateTime"]) { return try dateMatcher(spec, key) }
        if spec.has("equalToXml") { return ValuePattern(check: .xml(try xmlPattern(spec))) }
        if spec.has("matchesXPath") { return ValuePattern(check: .xpath(try xpathPattern(spec))) }
        if spec.has("matchesJsonSchema") { return ValuePattern(check: .jsonSchema(try jsonSchema(spec))) }
        if let inner = spec.value("not") {
            return ValuePattern(check: .not(try Fields.read(inner, at: spec.path(of: "not"), valuePattern)))
        }
        let supported = ["equalTo", "caseInsensitive"] + stringMatchers.dropFirst()
            + ["and", "or", "not", "hasExactly", "includes", "before", "after", "equalToDateTime", "equalToXml",
                "matchesXPath", "matchesJsonSchema"]
        throw noMatcher(spec, kind: "matcher", supported: supported)
    }

    /// One content pattern (`equalTo`, `contains`, `matches`, `equalToJson`, `matchesJsonPath`): a body pattern
    /// in a mapping, and the pattern `/__admin/mappings/find-by-metadata` applies to a stub's metadata.
    static func bodyPattern(_ value: JSONValue, at path: String) throws(Problem) -> BodyPattern {
        try Fields.read(value, at: path) { spec throws(Problem) in
            let structured = [
                "equalToJson", "matchesJsonPath", "equalToXml", "matchesXPath", "binaryEqualTo", "and", "or",
                "matchesJsonSchema",
            ]
            if let key = try spec.oneOf(stringMatchers + structured) {
                switch key {
                case "equalToJson": return try jsonPattern(spec)
                case "matchesJsonPath": return try jsonPathPattern(spec)
                case "binaryEqualTo": return try binaryPattern(spec)
                case "equalToXml": return BodyPattern(check: .xml(try xmlPattern(spec)))
                case "matchesXPath": return BodyPattern(check: .xpath(try xpathPattern(spec)))
                case "and", "or": return try combinedBodyPattern(spec, key)
                case "matchesJsonSchema": return BodyPattern(check: .jsonSchema(try jsonSchema(spec)))
                default: break
                }
            }
            if let pattern = try stringMatcher(spec, ignoringCase: true) { return wholeBody(pattern) }
            throw noMatcher(spec, kind: "body pattern", supported: stringMatchers + structured)
        }
    }

    /// `binaryEqualTo`: the body is exactly the bytes the base64 text holds.
    private static func binaryPattern(_ spec: Fields) throws(Problem) -> BodyPattern {
        let text = try spec.requiredString("binaryEqualTo")
        guard let data = Data(base64Encoded: text) else { throw spec.fail("binaryEqualTo", "expected base64 text") }
        return BodyPattern(check: .binary(Array(data)))
    }

    /// `and` / `or` of body patterns: every one, or at least one, must hold.
    private static func combinedBodyPattern(_ spec: Fields, _ key: String) throws(Problem) -> BodyPattern {
        guard let items = try spec.array(key), !items.isEmpty else {
            throw spec.fail(key, "expected a non-empty array of body patterns")
        }
        var parts: [BodyPattern] = []
        for (index, item) in items.enumerated() {
            parts.append(try bodyPattern(item, at: "\(spec.path(of: key))[\(index)]"))
        }
        return BodyPattern(check: key == "and" ? .all(parts) : .any(parts))
    }

    /// The string matcher in `spec` as a value pattern, or nil when it has none; `caseInsensitive` is read
    /// beside `equalTo` only where fscript can honour it.
    private static func stringMatcher(_ spec: Fields, ignoringCase: Bool) throws(Problem)
        -> ValuePattern?
    {
        guard let key = try spec.oneOf(stringMatchers) else { return nil }
        if key == "absent" {
            guard try spec.bool("absent") == true else { throw spec.fail("absent", "expected true") }
            return .absent
        }
        let text = try spec.requiredString(key)
        var anyCase = false
        if key == "equalTo", ignoringCase { anyCase = try spec.bool("caseInsensitive") ?? false }
        do {
            switch key {
            case "equalTo": return anyCase ? .equalToIgnoringCase(text) : .equalTo(text)
            case "contains": return .contains(text)
            case "doesNotContain": return .doesNotContain(text)
            case "matches": return try .matches(text)
            default: return try .doesNotMatch(text)
            }
        } catch {
            throw spec.fail(key, error.description)
        }
    }

    /// The same string matcher applied to the whole body.
    private static func wholeBody(_ value: ValuePattern) -> BodyPattern {
        switch value.check {
        case .equal(let text): return .equalTo(text)
        case .equalIgnoringCase(let text): return BodyPattern(check: .equalIgnoringCase(text))
        case .contains(let text): return .contains(text)
        case .notContaining(let text): return .doesNotContain(text)
        case .regex(let regex): return BodyPattern(check: .regex(regex))
        case .notRegex(let regex): return BodyPattern(check: .notRegex(regex))
        case .absent, .all, .any, .not, .exactly, .including, .date, .xml, .xpath, .jsonSchema: return .absent
        }
    }

    /// `before`/`after`/`equalToDateTime` with `actualFormat` and `expectedOffset`/`expectedOffsetUnit`; WireMock's
    /// truncation options are refused by name rather than ignored.
    private static func dateMatcher(_ spec: Fields, _ key: String) throws(Problem) -> ValuePattern {
        let text = try spec.requiredString(key)
        for option in ["truncateExpected", "truncateActual", "applyTruncationLast"] where spec.value(option) != nil {
            throw spec.fail(option, "date truncation is not supported by the mock yet")
        }
        let offset = try spec.integer("expectedOffset").map { Int($0) } ?? 0
        var unit = Calendar.Component.day
        if let name = try spec.string("expectedOffsetUnit") {
            guard let named = DateMatcher.unitNamed(name) else {
                throw spec.fail("expectedOffsetUnit", "expected seconds, minutes, hours, days, months or years")
            }
            unit = named
        }
        guard let expected = DateMatcher.expected(text, offset: offset, unit: unit) else {
            throw spec.fail(key, "expected an ISO 8601 time or now with an offset (now +3 days), got '\(text)'")
        }
        let matcher = DateMatcher(comparison: DateMatcher.Comparison(rawValue: key) ?? .equalToDateTime,
            expected: expected, actualFormat: try spec.string("actualFormat"), source: text)
        return ValuePattern(check: .date(matcher))
    }

    /// `equalToJson`, inline or as a string holding JSON (WireMock accepts both), with its two options.
    private static func jsonPattern(_ spec: Fields) throws(Problem) -> BodyPattern {
        let json = spec.value("equalToJson") ?? .null
        let text = json.stringValue ?? json.jsonString
        var options: JSONMatchOptions = []
        if try spec.bool("ignoreExtraElements") == true { options.insert(.ignoreExtraElements) }
        if try spec.bool("ignoreArrayOrder") == true { options.insert(.ignoreArrayOrder) }
        do {
            return try .json(text, options)
        } catch {
            throw spec.fail("equalToJson", "not valid JSON: \(error.description)")
        }
    }

    /// `matchesJsonPath`: a bare expression, or `{"expression": …, matcher}` with a string matcher for what it
    /// selects.
    private static func jsonPathPattern(_ spec: Fields) throws(Problem) -> BodyPattern {
        let key = "matchesJsonPath"
        let value = spec.value(key) ?? .null
        if let expression = value.stringValue { return try jsonPath(expression, nil, at: spec.path(of: key)) }
        return try Fields.read(value, at: spec.path(of: key)) { inner throws(Problem) in
            let expression = try inner.requiredString("expression")
            // `equalToJson` (with its options) compares what is selected as JSON.
            if inner.value("equalToJson") != nil {
                let selected = try jsonPath(expression, nil, at: inner.path(of: "expression"))
                guard case .jsonPath(let path, _) = selected.check else { return selected }
                return BodyPattern(check: .jsonPathBody(path, try jsonPattern(inner)))
            }
            // `{"expression": …}` alone asks only that something is selected.
            var matcher: ValuePattern?
            if inner.source.fieldNames.count > 1 { matcher = try valuePattern(inner) }
            return try jsonPath(expression, matcher, at: inner.path(of: "expression"))
        }
    }

    private static func jsonPath(_ expression: String, _ matcher: ValuePattern?, at path: String) throws(Problem)
        -> BodyPattern
    {
        do {
            return try .jsonPath(expression, matcher)
        } catch {
            throw Problem(path, error.description)
        }
    }

    /// The error for an object with no matcher: a near miss of a known key is a typo, a WireMock matcher fscript
    /// lacks is named as unsupported.
    private static func noMatcher(_ spec: Fields, kind: String, supported: [String]) -> Problem {
        let given = spec.source.fieldNames.sorted()
        for key in given where !foreignMatchers.contains(key) {
            if let nearest = EditDistance.nearest(to: key, among: supported, ignoringCase: true) {
                return Problem(spec.path(of: key), .unknownKey(key, nearest: nearest, known: supported))
            }
        }
        let shown = given.isEmpty ? "none given" : given.joined(separator: ", ")
        return spec.fail(nil, "unsupported \(kind) \(shown) (supported: \(supported.joined(separator: ", ")))")
    }
}
