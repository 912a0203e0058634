/// Whether a stub's matching and answer are light: bounded work, linear in the request's size, no disk and no
/// helper that can run long, so the mock may do them on the connection's event loop instead of handing the
/// request to a worker thread and back (two thread switches a request: the bench's 100 stubs went from 14,000–19,000
/// to 20,000–27,000 requests/s on 2 busy cores without them).
///
/// What is not light keeps its worker thread, which is what stops one slow request from stalling the others: a
/// regular expression that can backtrack (more than one repetition, alternation, groups with `(?`, back
/// references), dates, XML and XPath, body and form patterns, body files (read from disk), and templates with
/// helpers or blocks (their work is bounded only by a step budget of seconds).
extension Stub {
    var isLight: Bool {
        // A webhook renders its templates when the stub answers: off the event loop, as a template may be slow.
        request.isLight && responses.allSatisfy(\.isLight) && webhooks.isEmpty && unknownListeners.isEmpty
    }
}

extension RequestPattern {
    var isLight: Bool {
        if let url, !url.isLight { return false }
        guard bodyPatterns.isEmpty, formParameters.isEmpty else { return false }
        return queryParameters.values.allSatisfy(\.isLight) && headers.values.allSatisfy(\.isLight)
            && cookies.values.allSatisfy(\.isLight) && pathParameters.values.allSatisfy(\.isLight)
    }
}

extension URLPattern {
    var isLight: Bool {
        switch kind {
        case .path, .url, .template: return true
        case .pathRegex(let regex), .urlRegex(let regex): return regex.isLinear
        }
    }
}

extension ValuePattern {
    var isLight: Bool {
        switch check {
        case .equal, .equalIgnoringCase, .contains, .notContaining, .absent: return true
        case .regex(let regex), .notRegex(let regex): return regex.isLinear
        case .all(let patterns), .any(let patterns), .exactly(let patterns), .including(let patterns):
            return patterns.allSatisfy(\.isLight)
        case .not(let pattern): return pattern.isLight
        case .date, .xml, .xpath, .jsonSchema: return false
        }
    }
}

extension ResponseDefinition {
    var isLight: Bool {
        switch body {
        case .file, .fileTemplate: return false
        case .empty, .bytes, .text, .json: break
        }
        guard let templates else { return !templated }
        return (templates.body?.isLight ?? true) && templates.headers.allSatisfy { $0?.isLight ?? true }
    }
}

extension Template {
    /// Only text and values looked up by path (`{{request.path.[2]}}`): no helper, no block. Rendering it is one
    /// pass over the template.
    var isLight: Bool {
        nodes.allSatisfy { node in
            switch node {
            case .text: return true
            case .value(let expression, _, _):
                switch expression {
                case .path, .literal: return true
                case .call: return false
                }
            case .block: return false
            }
        }
    }
}

extension CompiledRegex {
    /// Whether a match takes time linear in the text: the pattern has at most one repetition (`*`, `+`, `?`,
    /// `{m,n}`), no alternation, no `(?…)` group (lookaround, flags, atomic or named groups) and no back reference,
    /// so a backtracking engine tries each length of the one repetition once (`/api/item/[0-9]+`, `/proxy/.*`).
    /// Anything it cannot read for sure counts as not linear.
    var isLinear: Bool {
        let scalars = Array(pattern.unicodeScalars)
        var repetitions = 0
        var afterRepetition = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            var repeats = false
            switch scalar {
            case "\\":
                guard index + 1 < scalars.count else { return false }
                let escaped = scalars[index + 1]
                if ("0"..."9").contains(escaped) || escaped == "k" || escaped == "Q" { return false }
                if ["p", "P", "x", "N"].contains(escaped), index + 2 < scalars.count, scalars[index + 2] == "{" {
                    guard let close = scalars[(index + 2)...].firstIndex(of: "}") else { return false }
                    index = close + 1
                } else {
                    index += 2
                }
            case "[":
                var end = index + 1
                if end < scalars.count, scalars[end] == "^" { end += 1 }
                if end < scalars.count, scalars[end] == "]" { end += 1 }
                while end < scalars.count, scalars[end] != "]" {
                    if scalars[end] == "[" { return false }
                    if scalars[end] == "\\" { end += 1 }
                    end += 1
                }
                guard end < scalars.count else { return false }
                index = end + 1
            case "(":
                if index + 1 < scalars.count, scalars[index + 1] == "?" { return false }
                index += 1
            case "|":
                return false
            case "*", "+", "?":
                // After a repetition these make it lazy or possessive: the same repetition.
                repeats = !afterRepetition
                index += 1
            case "{":
                guard let close = scalars[index...].firstIndex(of: "}") else { return false }
                repeats = true
                index = close + 1
            default:
                index += 1
            }
            if repeats { repetitions += 1 }
            afterRepetition = repeats
            if repetitions > 1 { return false }
        }
        return true
    }
}
