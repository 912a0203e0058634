import Foundation

/// XMLUnit's placeholders in an `equalToXml` document (`enablePlaceholders`): expected text or an attribute
/// value such as `${xmlunit.ignore}` stands for a kind of value instead of itself. The delimiters are regular
/// expressions (`placeholderOpeningDelimiterRegex`, `placeholderClosingDelimiterRegex`), `\$\{` and `\}` unless set.
struct XMLPlaceholders: @unchecked Sendable, Hashable {
    // NSRegularExpression is immutable after creation and safe to use from several threads.
    private let expression: NSRegularExpression
    let opening: String
    let closing: String

    /// Nil when a delimiter is not a regular expression.
    init?(opening: String = "\\$\\{", closing: String = "\\}") {
        let pattern = "^\\s*(?:\(opening))\\s*xmlunit\\.([A-Za-z]+)\\s*(?:\\((.*)\\))?\\s*(?:\(closing))\\s*$"
        guard let compiled = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else {
            return nil
        }
        expression = compiled
        self.opening = opening
        self.closing = closing
    }

    static func == (lhs: XMLPlaceholders, rhs: XMLPlaceholders) -> Bool {
        lhs.opening == rhs.opening && lhs.closing == rhs.closing
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(opening)
        hasher.combine(closing)
    }

    /// The placeholder's name and argument when `expected` is one.
    func placeholder(in expected: String) -> (name: String, argument: String?)? {
        let range = NSRange(expected.startIndex..., in: expected)
        guard let match = expression.firstMatch(in: expected, range: range),
            let name = Range(match.range(at: 1), in: expected)
        else { return nil }
        let argument = Range(match.range(at: 2), in: expected).map { String(expected[$0]) }
        return (String(expected[name]), argument)
    }

    /// Whether the expected text `${xmlunit.ignore}` stands for nothing at all as well as any text.
    func isIgnore(_ expected: String) -> Bool { placeholder(in: expected)?.name == "ignore" }

    /// Whether `actual` fits `expected`: as the placeholder says when it is one (ignore, isNumber, matchesRegex,
    /// isDateTime), otherwise when equal. An unknown placeholder fits nothing, as XMLUnit reports it different.
    func accepts(_ actual: String, expected: String) -> Bool {
        guard let (name, argument) = placeholder(in: expected) else { return actual == expected }
        switch name {
        case "ignore": return true
        case "isNumber": return Double(actual.trimmingCharacters(in: .whitespaces)) != nil
        case "matchesRegex":
            guard let argument, let regex = try? NSRegularExpression(pattern: argument) else { return false }
            return regex.firstMatch(in: actual, range: NSRange(actual.startIndex..., in: actual)) != nil
        case "isDateTime":
            return ISO8601DateFormatter().date(from: actual) != nil
        default: return false
        }
    }
}
