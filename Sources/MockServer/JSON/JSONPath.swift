import Foundation
import JSON

/// The JSONPath that WireMock mappings use in `matchesJsonPath`: `$`, `.name` and `['name']`, `[n]` (negative
/// from the end), `[*]` and `.*`, `..name` (at any depth), and filters `[?(@.field)]`, `[?(@.field OP value)]`
/// with `==`, `!=`, `<`, `<=`, `>`, `>=` against numbers, 'strings', true, false and null, or `=~ /regex/`.
///
/// Written here because no JSONPath library is in the Swift package mirror; the subset is what mapping files in
/// the wild write. An expression outside it is a load error naming what is not supported.
struct JSONPath: Sendable, Hashable {
    /// Why an expression does not parse: what was found at which character.
    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    fileprivate indirect enum Step: Sendable, Hashable {
        case member(String)
        case index(Int)
        case wildcard
        case descendants(String?)
        case filter(Filter)
    }

    fileprivate struct Filter: Sendable, Hashable {
        var path: [String]
        var comparison: String?
        var operand: JSONValue?
        var regex: String?
    }

    let source: String
    fileprivate let steps: [Step]

    init(_ expression: String) throws(ParseError) {
        source = expression
        var parser = Parser(Array(expression.unicodeScalars))
        steps = try parser.parse()
    }

    /// Whether the expression names at most one value (only names and indexes), so a template prints that value
    /// rather than a list, as Jayway JsonPath (WireMock's) does.
    var isDefinite: Bool {
        steps.allSatisfy { step in
            switch step {
            case .member, .index: return true
            default: return false
            }
        }
    }

    /// Every value the expression selects in `root` (empty when nothing matches).
    func select(in root: JSONValue) -> [JSONValue] {
        var current = [root]
        for step in steps {
            var next: [JSONValue] = []
            for value in current { next += Self.apply(step, to: value) }
            current = next
        }
        return current
    }

    private static func apply(_ step: Step, to value: JSONValue) -> [JSONValue] {
        switch (step, value) {
        case (.member(let name), .object(let members)): return members[name].map { [$0] } ?? []
        case (.index(let i), .array(let items)):
            let index = i < 0 ? items.count + i : i
            return items.indices.contains(index) ? [items[index]] : []
        case (.wildcard, .array(let items)): return items
        case (.wildcard, .object(let members)): return members.keys.sorted().map { members[$0]! }
        case (.descendants(let name), _): return descendants(of: value, named: name)
        case (.filter(let filter), .array(let items)): return items.filter { filter.accepts($0) }
        case (.filter(let filter), .object): return filter.accepts(value) ? [value] : []
        default: return []
        }
    }

    /// `..name`: the member `name` of this value and of every value under it; `..*` every value under it.
    private static func descendants(of value: JSONValue, named name: String?) -> [JSONValue] {
        var found: [JSONValue] = []
        switch value {
        case .object(let members):
            for key in members.keys.sorted() {
                if name == nil || key == name { found.append(members[key]!) }
                found += descendants(of: members[key]!, named: name)
            }
        case .array(let items):
            for item in items {
                if name == nil { found.append(item) }
                found += descendants(of: item, named: name)
            }
        default: break
        }
        return found
    }

    /// A parser over the expression's characters, step by step from `$`.
    private struct Parser {
        let text: [Unicode.Scalar]
        var at = 0

        init(_ text: [Unicode.Scalar]) { self.text = text }

        private var current: Unicode.Scalar? { at < text.count ? text[at] : nil }

        private func fail(_ what: String) -> ParseError {
            let found = current.map { "'\($0)'" } ?? "the end"
            return ParseError(description: "\(what) at character \(at + 1), found \(found)")
        }

        private mutating func expect(_ scalar: Unicode.Scalar) throws(ParseError) {
            guard current == scalar else { throw fail("expected '\(scalar)'") }
            at += 1
        }

        mutating func parse() throws(ParseError) -> [Step] {
            try expect("$")
            var steps: [Step] = []
            while let c = current {
                if c == "." {
                    at += 1
                    if current == "." {
                        at += 1
                        if current == "*" { at += 1; steps.append(.descendants(nil)) } else { steps.append(.descendants(try name())) }
                    } else if current == "*" {
                        at += 1
                        steps.append(.wildcard)
                    } else {
                        steps.append(.member(try name()))
                    }
                } else if c == "[" {
                    at += 1
                    steps.append(try bracket())
                } else {
                    throw fail("expected '.' or '['")
                }
            }
            return steps
        }

        private mutating func name() throws(ParseError) -> String {
            let start = at
            while let c = current, c != ".", c != "[" { at += 1 }
            guard at > start else { throw fail("expected a member name") }
            return String(String.UnicodeScalarView(text[start..<at]))
        }

        private mutating func bracket() throws(ParseError) -> Step {
            skipSpaces()
            let step: Step
            if current == "*" {
                at += 1
                step = .wildcard
            } else if current == "'" || current == "\"" {
                step = .member(try quoted())
            } else if current == "?" {
                at += 1
                step = .filter(try filter())
            } else {
                step = .index(try integer())
            }
            skipSpaces()
            try expect("]")
            return step
        }

        private mutating func skipSpaces() {
            while current == " " { at += 1 }
        }

        private mutating func quoted() throws(ParseError) -> String {
            let quote = current!
            at += 1
            let start = at
            while let c = current, c != quote { at += 1 }
            let value = String(String.UnicodeScalarView(text[start..<at]))
            try expect(quote)
            return value
        }

        private mutating func integer() throws(ParseError) -> Int {
            let start = at
            if current == "-" { at += 1 }
            while let c = current, ("0"..."9").contains(c) { at += 1 }
            guard let value = Int(String(String.UnicodeScalarView(text[start..<at]))) else { throw fail("expected an index, *, a quoted name or a ?(filter)") }
            return value
        }

        /// `(@.a.b)`, `(@.a OP value)`, `(@.a =~ /regex/)`.
        private mutating func filter() throws(ParseError) -> Filter {
            try expect("(")
            skipSpaces()
            try expect("@")
            var path: [String] = []
            while current == "." {
                at += 1
                path.append(try filterName())
            }
            skipSpaces()
            var filter = Filter(path: path)
            if current != ")" {
                let start = at
                while let c = current, "=!<>~".unicodeScalars.contains(c) { at += 1 }
                let op = String(String.UnicodeScalarView(text[start..<at]))
                guard ["==", "!=", "<", "<=", ">", ">=", "=~"].contains(op) else {
                    throw fail("expected a comparison (==, !=, <, <=, >, >=, =~)")
                }
                skipSpaces()
                if op == "=~" {
                    try expect("/")
                    let begin = at
                    while let c = current, c != "/" { at += 1 }
                    filter.regex = String(String.UnicodeScalarView(text[begin..<at]))
                    try expect("/")
                } else {
                    filter.comparison = op
                    filter.operand = try operand()
                }
                skipSpaces()
            }
            try expect(")")
            return filter
        }

        private mutating func filterName() throws(ParseError) -> String {
            let start = at
            while let c = current, c != ".", c != " ", c != ")", !"=!<>~".unicodeScalars.contains(c) { at += 1 }
            guard at > start else { throw fail("expected a member name") }
            return String(String.UnicodeScalarView(text[start..<at]))
        }

        private mutating func operand() throws(ParseError) -> JSONValue {
            if current == "'" || current == "\"" { return .string(try quoted()) }
            let start = at
            while let c = current, c != ")", c != " " { at += 1 }
            let word = String(String.UnicodeScalarView(text[start..<at]))
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default:
                if let integer = Int64(word) { return .integer(integer) }
                if let number = Double(word), number.isFinite { return .number(number) }
                throw fail("expected a number, a 'string', true, false or null")
            }
        }
    }
}

extension JSONPath.Filter {
    /// Whether `item` passes the filter: the path exists (and compares as asked).
    func accepts(_ item: JSONValue) -> Bool {
        var value = item
        for name in path {
            guard case .object(let members) = value, let next = members[name] else { return false }
            value = next
        }
        if let regex {
            guard case .string(let text) = value, let expression = try? NSRegularExpression(pattern: regex) else {
                return false
            }
            if case .match = expression.firstMatch(in: text, budget: RegexBudget.seconds) { return true }
            return false
        }
        guard let comparison, let operand else { return true }
        if let left = value.doubleValue, let right = operand.doubleValue {
            switch comparison {
            case "==": return left == right
            case "!=": return left != right
            case "<": return left < right
            case "<=": return left <= right
            case ">": return left > right
            default: return left >= right
            }
        }
        switch comparison {
        case "==": return value == operand
        case "!=": return value != operand
        default:
            guard case .string(let left) = value, case .string(let right) = operand else { return false }
            switch comparison {
            case "<": return left < right
            case "<=": return left <= right
            case ">": return left > right
            default: return left >= right
            }
        }
    }
}
