import Foundation

/// A regular expression compiled once when a stub is added, matched against whole values.
///
/// WireMock's `matches` must match the entire value, not a part, so the expression is anchored here once
/// rather than leaving every user to write `^…$`.
struct CompiledRegex: @unchecked Sendable, Hashable {
    // NSRegularExpression is immutable after creation and documented as safe to use from several threads.
    private let expression: NSRegularExpression
    /// The same pattern matched without ICU, when it is simple enough (`SimpleRegex`).
    private let simple: SimpleRegex?
    let pattern: String

    init(_ pattern: String) throws(MockServerError) {
        do {
            expression = try NSRegularExpression(pattern: "^(?:\(pattern))$", options: [.dotMatchesLineSeparators])
        } catch {
            throw .invalidRegularExpression(pattern)
        }
        self.pattern = pattern
        simple = SimpleRegex(pattern)
    }

    /// Two expressions are the same when their text is: the compiled form follows from it.
    static func == (lhs: CompiledRegex, rhs: CompiledRegex) -> Bool { lhs.pattern == rhs.pattern }

    func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// Whether the whole text matches; a search past the time budget (a runaway pattern) counts as no match.
    func matches(_ text: String) -> Bool {
        if let simple, let matched = simple.matches(text) { return matched }
        return matchesWithICU(text)
    }

    /// The answer of ICU alone, as `matches` gives it when `SimpleRegex` cannot (for the tests that compare them).
    func matchesWithICU(_ text: String) -> Bool {
        if case .match = expression.firstMatch(in: text, budget: RegexBudget.seconds) { return true }
        return false
    }
}
