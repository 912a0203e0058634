/// How a query parameter, a header, a cookie or a path parameter must look for a stub to match.
///
/// These are WireMock's string matchers. `matches` takes a regular expression that must match the whole value,
/// as WireMock's does; use `contains` for a substring. A pattern is compiled when it is made, so a bad regular
/// expression is an error where the stub is written (a mapping's field, a Lua line), not at the first request,
/// and there is one type for the pattern as written and as run.
public struct ValuePattern: Sendable, Hashable {
    indirect enum Check: Sendable, Hashable {
        case equal(String)
        case equalIgnoringCase(String)
        case contains(String)
        case notContaining(String)
        case regex(CompiledRegex)
        case notRegex(CompiledRegex)
        case absent
        case all([ValuePattern])
        case any([ValuePattern])
        /// The inner pattern does not hold (WireMock 3's `not`).
        case not(ValuePattern)
        /// Multi-value (WireMock 3): every pattern fits one of the values sent, and as many values as patterns
        /// (`hasExactly`), or at least those (`includes`).
        case exactly([ValuePattern])
        case including([ValuePattern])
        /// A time before, after or equal to another (`before`, `after`, `equalToDateTime`).
        case date(DateMatcher)
        /// The value is XML (`equalToXml`, `matchesXPath` on a header or query parameter, as WireMock allows).
        case xml(XMLPattern)
        case xpath(XPathPattern)
        /// The value, read as JSON (or as a string when it is not JSON), satisfies a schema (`matchesJsonSchema`).
        case jsonSchema(JSONSchema)
    }

    let check: Check

    /// The value is exactly this text.
    public static func equalTo(_ text: String) -> ValuePattern { ValuePattern(check: .equal(text)) }
    /// The value is this text, ignoring case (WireMock's `caseInsensitive: true`).
    public static func equalToIgnoringCase(_ text: String) -> ValuePattern {
        ValuePattern(check: .equalIgnoringCase(text))
    }
    /// The value contains this text.
    public static func contains(_ text: String) -> ValuePattern { ValuePattern(check: .contains(text)) }
    /// The value does not contain this text (WireMock's `doesNotContain`); it must be sent.
    public static func doesNotContain(_ text: String) -> ValuePattern { ValuePattern(check: .notContaining(text)) }
    /// The whole value matches this regular expression.
    public static func matches(_ pattern: String) throws(MockServerError) -> ValuePattern {
        ValuePattern(check: .regex(try CompiledRegex(pattern)))
    }
    /// The whole value does not match this regular expression (WireMock's `doesNotMatch`).
    public static func doesNotMatch(_ pattern: String) throws(MockServerError) -> ValuePattern {
        ValuePattern(check: .notRegex(try CompiledRegex(pattern)))
    }
    /// The parameter or header is not sent at all.
    public static let absent = ValuePattern(check: .absent)
    /// Every one of these holds (WireMock's `and`).
    public static func all(_ patterns: [ValuePattern]) -> ValuePattern { ValuePattern(check: .all(patterns)) }
    /// At least one of these holds (WireMock's `or`).
    public static func any(_ patterns: [ValuePattern]) -> ValuePattern { ValuePattern(check: .any(patterns)) }

    /// True when one of the values sent fits (or, for `absent`, when none was sent). As in WireMock, a header or
    /// query parameter that was not sent fits `doesNotContain` and `doesNotMatch`, and a cookie that was not sent
    /// does not (`missingFitsNegatives: false`).
    func accepts(_ values: [String], missingFitsNegatives: Bool = true) -> Bool {
        switch check {
        case .absent: return values.isEmpty
        case .equal(let text): return values.contains(text)
        case .equalIgnoringCase(let text): return values.contains { $0.lowercased() == text.lowercased() }
        case .contains(let text): return values.contains { $0.contains(text) }
        case .notContaining(let text):
            return values.isEmpty ? missingFitsNegatives : values.contains { !$0.contains(text) }
        case .regex(let regex): return values.contains { regex.matches($0) }
        case .notRegex(let regex): return values.isEmpty ? missingFitsNegatives : values.contains { !regex.matches($0) }
        case .all(let patterns): return patterns.allSatisfy { $0.accepts(values, missingFitsNegatives: missingFitsNegatives) }
        case .any(let patterns): return patterns.contains { $0.accepts(values, missingFitsNegatives: missingFitsNegatives) }
        case .not(let pattern): return !pattern.accepts(values, missingFitsNegatives: missingFitsNegatives)
        case .exactly(let patterns):
            return values.count == patterns.count && Self.each(patterns, fitsOneOf: values)
                && values.allSatisfy { value in patterns.contains { $0.accepts([value]) } }
        case .including(let patterns): return Self.each(patterns, fitsOneOf: values)
        case .date(let matcher): return values.contains { matcher.accepts($0) }
        case .xml(let pattern): return values.contains { pattern.accepts(Array($0.utf8)) }
        case .xpath(let pattern): return values.contains { pattern.accepts(Array($0.utf8)) }
        case .jsonSchema(let schema): return values.contains { schema.accepts(text: $0) }
        }
    }

    private static func each(_ patterns: [ValuePattern], fitsOneOf values: [String]) -> Bool {
        patterns.allSatisfy { pattern in values.contains { pattern.accepts([$0]) } }
    }

    /// The pattern as it reads in a stub description: `alice`, `containing ali`, `matching a.*`.
    var summary: String {
        switch check {
        case .equal(let text): return text
        case .equalIgnoringCase(let text): return "\(text) (any case)"
        case .contains(let text): return "containing \(text)"
        case .notContaining(let text): return "not containing \(text)"
        case .regex(let regex): return "matching \(regex.pattern)"
        case .notRegex(let regex): return "not matching \(regex.pattern)"
        case .absent: return "absent"
        case .all(let patterns): return patterns.map(\.summary).joined(separator: " and ")
        case .any(let patterns): return patterns.map(\.summary).joined(separator: " or ")
        case .not(let pattern): return "not (\(pattern.summary))"
        case .exactly(let patterns): return "exactly [" + patterns.map(\.summary).joined(separator: ", ") + "]"
        case .including(let patterns): return "including [" + patterns.map(\.summary).joined(separator: ", ") + "]"
        case .date(let matcher): return "\(matcher.comparison.rawValue) \(matcher.source)"
        case .xml(let pattern): return "XML equal to \(pattern.expected)"
        case .xpath(let pattern): return "XML " + BodyPattern.selection(pattern)
        case .jsonSchema(let schema): return "matching the JSON schema " + schema.root.jsonString
        }
    }

    /// What was expected, for a mismatch message: as `summary`, but `nothing` for `absent`.
    var expectation: String {
        switch check {
        case .absent: return "nothing"
        case .all(let patterns): return patterns.map(\.expectation).joined(separator: " and ")
        case .any(let patterns): return patterns.map(\.expectation).joined(separator: " or ")
        default: return summary
        }
    }
}
