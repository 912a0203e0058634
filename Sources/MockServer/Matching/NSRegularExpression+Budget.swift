import Foundation

/// A regular expression's first match, looked for under a time budget.
///
/// A pattern from a mapping or a template meets text from a request, and a backtracking engine (ICU's, behind
/// NSRegularExpression) can take exponential time on the two together: `(a+)+b` on forty `a`s and a `!` took 18 s
/// and held its thread. ICU reports progress during a long match (`reportProgress`), so the search stops once the
/// budget is spent, and the caller says what happened, instead of every other request waiting. Choosing an
/// engine with linear-time guarantees was the other way; none is packaged for Swift here, and WireMock's users
/// write Java (ICU-like) syntax that such engines do not all take.
enum RegexBudget {
    /// Seconds one search may take: generous for any reasonable pattern on a request's text.
    static let seconds = 0.25

    /// What a bounded search found.
    enum Outcome {
        case match(NSTextCheckingResult)
        case none
        /// The search took longer than the budget and was stopped.
        case overBudget
    }
}

extension NSRegularExpression {
    /// The first match in `text`, stopped after `budget` seconds.
    func firstMatch(in text: String, budget: Double = RegexBudget.seconds) -> RegexBudget.Outcome {
        var outcome = RegexBudget.Outcome.none
        let started = DispatchTime.now().uptimeNanoseconds
        let limit = UInt64(budget * 1e9)
        enumerateMatches(in: text, options: [.reportProgress], range: NSRange(text.startIndex..., in: text)) {
            result, _, stop in
            if let result {
                outcome = .match(result)
                stop.pointee = true
            } else if DispatchTime.now().uptimeNanoseconds - started > limit {
                outcome = .overBudget
                stop.pointee = true
            }
        }
        return outcome
    }
}
