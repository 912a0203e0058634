import Foundation
import LuaKit
import Platform

/// Regular-expression step patterns, as Frank's and cucumber-ruby's step files write them
/// (`^I wait for ([\d\.]+) second(?:s)?$`), for `step()` beside `{string}` expressions.
///
/// ICU's syntax (NSRegularExpression) covers what Ruby step regexes use: groups, `(?:…)`, classes, `\d`,
/// quantifiers, anchors. Each pattern is compiled once per session; the stdlib's `fscript.steps.pattern` calls
/// `fscript.regex_match(pattern, text)`, which answers the captures (false for a group that took no part) or nil.
final class StepRegex {
    private var compiled: [String: NSRegularExpression] = [:]

    /// The compiled expression, or the reason it does not compile.
    func expression(_ pattern: String) throws(LuaError) -> NSRegularExpression {
        if let known = compiled[pattern] { return known }
        do {
            let expression = try NSRegularExpression(pattern: pattern)
            compiled[pattern] = expression
            return expression
        } catch {
            throw LuaError.runtime(
                message: "invalid regular expression in step pattern \"\(pattern)\": \(error.localizedDescription)",
                traceback: "")
        }
    }

    /// `fscript.regex_match(pattern, text)`.
    func match(_ args: LuaArgs) throws -> LuaReturn {
        let pattern = try args.string(1, expected: "regular expression")
        let text = try args.string(2)
        let expression: NSRegularExpression
        do {
            expression = try self.expression(pattern)
        } catch {
            throw args.badArgument(1, error.message)
        }
        guard let found = try Self.firstMatch(expression, in: text) else { return args.result(LuaValue.nil) }
        var captures: [LuaValue] = []
        for group in 1..<max(found.numberOfRanges, 1) {
            let groupRange = found.range(at: group)
            if groupRange.location == NSNotFound {
                captures.append(.boolean(false))
            } else if let swiftRange = Range(groupRange, in: text) {
                captures.append(.string(String(text[swiftRange])))
            }
        }
        return args.result(LuaValue.table(LuaTable(array: captures)))
    }

    /// The first match, stopped by Ctrl-C, SIGTERM or the scenario's time limit: ICU's backtracking can take
    /// minutes on a step regex like `^(a+)+$` and a long step, and no Lua hook fires inside it, so the search
    /// asks the script thread's stop check each time ICU reports progress.
    private static func firstMatch(_ expression: NSRegularExpression, in text: String) throws
        -> NSTextCheckingResult?
    {
        var found: NSTextCheckingResult?
        var stopped: (any Error)?
        let range = NSRange(text.startIndex..., in: text)
        expression.enumerateMatches(in: text, options: [.reportProgress], range: range) { result, _, stop in
            if let result {
                found = result
                stop.pointee = true
            } else {
                do { try Interruption.throwIfStopped() } catch {
                    stopped = error
                    stop.pointee = true
                }
            }
        }
        if let stopped { throw stopped }
        return found
    }
}
