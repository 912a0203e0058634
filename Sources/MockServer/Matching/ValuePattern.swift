/// How a query parameter or a header value must look for a stub to match.
///
/// These are WireMock's string matchers. `matches` takes a regular expression that must match the whole value,
/// as WireMock's does; use `contains` for a substring.
public enum ValuePattern: Sendable, Hashable {
    /// The value is exactly this text.
    case equalTo(String)
    /// The value is this text, ignoring case (WireMock's `caseInsensitive: true`).
    case equalToIgnoringCase(String)
    /// The value contains this text.
    case contains(String)
    /// The value does not contain this text (WireMock's `doesNotContain`); it must be sent.
    case doesNotContain(String)
    /// The whole value matches this regular expression.
    case matches(String)
    /// The whole value does not match this regular expression (WireMock's `doesNotMatch`).
    case doesNotMatch(String)
    /// The parameter or header is not sent at all.
    case absent
    /// Every one of these holds (WireMock's `and`).
    indirect case all([ValuePattern])
    /// At least one of these holds (WireMock's `or`).
    indirect case any([ValuePattern])

    /// The pattern as it reads in a stub description: `alice`, `containing ali`, `matching a.*`.
    var summary: String {
        switch self {
        case .equalTo(let text): return text
        case .equalToIgnoringCase(let text): return "\(text) (any case)"
        case .contains(let text): return "containing \(text)"
        case .doesNotContain(let text): return "not containing \(text)"
        case .matches(let pattern): return "matching \(pattern)"
        case .doesNotMatch(let pattern): return "not matching \(pattern)"
        case .absent: return "absent"
        case .all(let patterns): return patterns.map(\.summary).joined(separator: " and ")
        case .any(let patterns): return patterns.map(\.summary).joined(separator: " or ")
        }
    }
}
