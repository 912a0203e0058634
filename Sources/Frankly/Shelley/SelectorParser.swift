import JSON

/// Turns selector text into a `Selector`, following FRANKLY.md's grammar:
/// filters separated by spaces or tabs, each `IDENT` or `IDENT ':' ARG { IDENT ':' ARG }` with no spaces inside.
///
/// Errors name what was expected and where; the words themselves live in `SelectorError`.
struct SelectorParser {
    private let source: String
    private let tokens: [SelectorToken]
    private var index = 0

    /// A parser for `source`.
    init(_ source: String) {
        self.source = source
        self.tokens = SelectorLexer(source).tokens()
    }

    /// Parses the whole selector.
    mutating func parse() throws(SelectorError) -> Selector {
        var filters: [Selector.Filter] = []
        var columns: [Int] = []
        skipSpace()
        repeat {
            columns.append(current.column)
            filters.append(try parseFilter())
            skipSpace()
        } while current.kind != .end
        return Selector(source: source, filters: filters, columns: columns)
    }

    private var current: SelectorToken { tokens[index] }

    private mutating func advance() { index = min(index + 1, tokens.count - 1) }

    private mutating func skipSpace() {
        if current.kind == .space { advance() }
    }

    private func position(of token: SelectorToken) -> SelectorPosition {
        SelectorPosition(selector: source, column: token.column)
    }

    private static func found(_ token: SelectorToken) -> SelectorError.Found {
        switch token.kind {
        case .word(let word): return .word(word)
        case .colon: return .character(":")
        case .string(let text, let quote): return .string(text, quote: quote)
        case .number(_, let text): return .number(text)
        case .space: return .character(" ")
        case .other(let character): return .character(character)
        case .end: return .end
        }
    }

    /// Parses one filter; stops before the space or end that follows it.
    private mutating func parseFilter() throws(SelectorError) -> Selector.Filter {
        guard case .word(let name) = current.kind else {
            // A quoted string where a filter should start is a stray quote: point at the quote itself.
            let found: SelectorError.Found
            if case .string(_, let quote) = current.kind {
                found = .character(quote)
            } else {
                found = Self.found(current)
            }
            throw .expectedFilter(found: found, at: position(of: current))
        }
        advance()
        switch current.kind {
        case .space, .end:
            return Self.keywordFilter(name)
        case .colon:
            return try parseMethod(firstPart: name)
        default:
            throw .expectedSeparator(after: name, found: Self.found(current), at: position(of: current))
        }
    }

    /// Parses `a:ARG b:ARG …` from the colon after `firstPart`.
    private mutating func parseMethod(firstPart: String) throws(SelectorError) -> Selector.Filter {
        var part = firstPart
        var method = ""
        var arguments: [JSONValue] = []
        while true {
            advance()  // the colon
            let argumentToken = current
            let argument: JSONValue
            switch argumentToken.kind {
            case .string(let text, _): argument = .string(text)
            case .number(let value, _): argument = value
            default:
                let found = Self.found(argumentToken)
                let at = position(of: argumentToken)
                if method.isEmpty, part == "view" { throw .expectedClassName(found: found, at: at) }
                if method.isEmpty, part == "index" { throw .expectedIndex(found: found, at: at) }
                throw .expectedArgument(method: part + ":", found: found, at: at)
            }
            method += part + ":"
            arguments.append(argument)
            advance()
            switch current.kind {
            case .space, .end:
                return try Self.methodFilter(method, arguments, argumentToken: argumentToken, source: source)
            case .word(let next):
                part = next
                advance()
                guard current.kind == .colon else {
                    throw .expectedColon(after: next, found: Self.found(current), at: position(of: current))
                }
            default:
                throw .expectedNextPart(method: part + ":", found: Self.found(current), at: position(of: current))
            }
        }
    }

    /// A filter written without arguments: a class keyword, one of Shelley's operators, or a BOOL predicate.
    private static func keywordFilter(_ name: String) -> Selector.Filter {
        if let className = Selector.classKeywords[name] { return .ofClass(className) }
        switch name {
        case "parent": return .parent
        case "descendant": return .descendant
        case "first": return .first
        default: return .predicate(method: name, arguments: [])
        }
    }

    /// A filter with arguments: `view:'Class'`, `index:N`, or a predicate.
    private static func methodFilter(
        _ method: String, _ arguments: [JSONValue], argumentToken: SelectorToken, source: String
    ) throws(SelectorError) -> Selector.Filter {
        let at = SelectorPosition(selector: source, column: argumentToken.column)
        switch method {
        case "view:":
            guard case .string(let className) = arguments[0] else {
                throw .expectedClassName(found: found(argumentToken), at: at)
            }
            return .ofClass(className)
        case "index:":
            guard case .integer(let value) = arguments[0], let index = Int(exactly: value) else {
                throw .expectedIndex(found: found(argumentToken), at: at)
            }
            return .index(index)
        default:
            return .predicate(method: method, arguments: arguments)
        }
    }
}
