/// Reads what is inside one tag: a path, a literal, or a helper with parameters, `name=value` options and
/// `(subexpressions)`; in a block opener also `as |item index|`.
struct ExpressionReader {
    private enum Token: Equatable {
        case open, close, equals, pipe
        case string(String)
        case word(String)
    }

    private let scalars: [Unicode.Scalar]
    private let helpers: Set<String>
    private let location: Template.Location
    private var position = 0
    private var depth = 0

    init(_ scalars: [Unicode.Scalar], offset: Int, helpers: Set<String>, at location: Template.Location) {
        self.scalars = scalars
        self.helpers = helpers
        self.location = location
    }

    private func fail(_ message: String) -> TemplateError {
        TemplateError(message + " in {{" + String(String.UnicodeScalarView(scalars)) + "}}", at: location)
    }

    /// `{{head params… name=value…}}`.
    mutating func mustache() throws(TemplateError) -> Template.Expression {
        try headAndArguments(allowBlockParameters: false).0
    }

    /// `{{#head params… name=value… as |a b|}}`.
    mutating func blockHead() throws(TemplateError) -> (Template.Expression, [String]) {
        try headAndArguments(allowBlockParameters: true)
    }

    private mutating func headAndArguments(allowBlockParameters: Bool) throws(TemplateError) -> (Template.Expression, [String]) {
        guard let first = try token() else { throw fail("empty tag") }
        let head: Template.Expression
        switch first {
        case .word(let word):
            head = try atom(word)
        case .string(let text):
            head = .literal(.string(text))
        case .open:
            head = try subexpression()
        default:
            throw fail("unexpected '\(describe(first))'")
        }
        var parameters: [Template.Expression] = []
        var options: [(name: String, value: Template.Expression)] = []
        var blockParameters: [String] = []
        while let next = try token() {
            if case .word("as") = next, allowBlockParameters, try peek() == .pipe {
                _ = try token()
                while let name = try token() {
                    if name == .pipe { break }
                    guard case .word(let word) = name, !word.contains(".") else { throw fail("block parameters are plain names") }
                    blockParameters.append(word)
                }
                guard try token() == nil else { throw fail("nothing may follow as |…|") }
                break
            }
            if case .word(let word) = next, try peek() == .equals {
                _ = try token()
                guard let valueToken = try token() else { throw fail("\(word)= needs a value") }
                options.append((name: word, value: try argument(valueToken)))
                continue
            }
            guard options.isEmpty else { throw fail("parameters must come before name=value options") }
            parameters.append(try argument(next))
        }
        switch head {
        case .path(let path):
            let namesHelper = path.parents == 0 && !path.isData && !path.isExplicitThis && path.segments.count == 1
                && helpers.contains(path.segments[0])
            if namesHelper {
                let call = Template.Call(helper: path.segments[0], parameters: parameters, options: options, location: location)
                return (.call(call), blockParameters)
            }
            guard parameters.isEmpty && options.isEmpty else { throw unknownHelper(path.text) }
            return (head, blockParameters)
        default:
            guard parameters.isEmpty && options.isEmpty else { throw fail("only a helper takes parameters") }
            return (head, blockParameters)
        }
    }

    private func unknownHelper(_ name: String) -> TemplateError {
        fail("unknown helper '\(name)' (fscript's helpers: \(helpers.sorted().joined(separator: ", ")))")
    }

    private mutating func argument(_ token: Token) throws(TemplateError) -> Template.Expression {
        switch token {
        case .string(let text): return .literal(.string(text))
        case .word(let word): return try atom(word)
        case .open: return try subexpression()
        default: throw fail("unexpected '\(describe(token))'")
        }
    }

    /// `(helper params… name=value…)`.
    private mutating func subexpression() throws(TemplateError) -> Template.Expression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= TemplateParser.maximumDepth else { throw fail("subexpressions nest too deep") }
        guard case .word(let name)? = try token() else { throw fail("( must be followed by a helper name") }
        guard helpers.contains(name) else { throw unknownHelper(name) }
        var call = Template.Call(helper: name, parameters: [], options: [], location: location)
        while true {
            guard let next = try token() else { throw fail("( is never closed with )") }
            if next == .close { break }
            if case .word(let word) = next, try peek() == .equals {
                _ = try token()
                guard let valueToken = try token() else { throw fail("\(word)= needs a value") }
                call.options.append((name: word, value: try argument(valueToken)))
                continue
            }
            call.parameters.append(try argument(next))
        }
        return .call(call)
    }

    /// A bare word: a number, true/false/null, or a path.
    private func atom(_ word: String) throws(TemplateError) -> Template.Expression {
        switch word {
        case "true": return .literal(.bool(true))
        case "false": return .literal(.bool(false))
        case "null", "undefined": return .literal(.null)
        default: break
        }
        if let integer = Int64(word) { return .literal(.integer(integer)) }
        if word.first.map({ $0 == "-" || $0.isNumber }) == true, let number = Double(word), number.isFinite {
            return .literal(.number(number))
        }
        return .path(try path(word))
    }

    /// `a.b.[c d].0`, `this.x`, `./x`, `../x`, `@index`.
    private func path(_ word: String) throws(TemplateError) -> Template.Path {
        var rest = Substring(word)
        var parents = 0
        while rest.hasPrefix("../") {
            parents += 1
            rest = rest.dropFirst(3)
        }
        let isData = rest.hasPrefix("@")
        if isData { rest = rest.dropFirst() }
        var explicitThis = false
        if rest == "this" || rest == "." {
            return Template.Path(parents: parents, isData: isData, segments: [], isExplicitThis: true, text: word)
        }
        if rest.hasPrefix("this.") || rest.hasPrefix("this/") {
            explicitThis = true
            rest = rest.dropFirst(5)
        } else if rest.hasPrefix("./") {
            explicitThis = true
            rest = rest.dropFirst(2)
        }
        var segments: [String] = []
        var current = ""
        var index = rest.startIndex
        var justClosedBracket = false
        while index < rest.endIndex {
            let character = rest[index]
            if character == "[" && current.isEmpty && !justClosedBracket {
                guard let end = rest[index...].firstIndex(of: "]") else { throw fail("[ without ] in path '\(word)'") }
                segments.append(String(rest[rest.index(after: index)..<end]))
                index = rest.index(after: end)
                justClosedBracket = true
                continue
            }
            if character == "." || character == "/" {
                if !justClosedBracket {
                    guard !current.isEmpty else { throw fail("empty segment in path '\(word)'") }
                    segments.append(current)
                }
                current = ""
                justClosedBracket = false
            } else {
                guard !justClosedBracket else { throw fail("'.' expected after ] in path '\(word)'") }
                current.append(character)
            }
            index = rest.index(after: index)
        }
        if !justClosedBracket {
            guard !current.isEmpty else { throw fail("empty segment in path '\(word)'") }
            segments.append(current)
        }
        return Template.Path(parents: parents, isData: isData, segments: segments, isExplicitThis: explicitThis, text: word)
    }

    private func describe(_ token: Token) -> String {
        switch token {
        case .open: return "("
        case .close: return ")"
        case .equals: return "="
        case .pipe: return "|"
        case .string(let text): return "'\(text)'"
        case .word(let word): return word
        }
    }

    private mutating func peek() throws(TemplateError) -> Token? {
        let saved = position
        defer { position = saved }
        return try token()
    }

    private mutating func token() throws(TemplateError) -> Token? {
        while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
        guard position < scalars.count else { return nil }
        let scalar = scalars[position]
        switch scalar {
        case "(": position += 1; return .open
        case ")": position += 1; return .close
        case "=": position += 1; return .equals
        case "|": position += 1; return .pipe
        case "'", "\"":
            var text = String.UnicodeScalarView()
            position += 1
            while position < scalars.count {
                let current = scalars[position]
                if current == "\\", position + 1 < scalars.count, scalars[position + 1] == scalar {
                    text.append(scalar)
                    position += 2
                    continue
                }
                if current == scalar {
                    position += 1
                    return .string(String(text))
                }
                text.append(current)
                position += 1
            }
            throw fail("string is never closed with \(scalar)")
        default:
            var word = String.UnicodeScalarView()
            var inBracket = false
            while position < scalars.count {
                let current = scalars[position]
                if inBracket {
                    if current == "]" { inBracket = false }
                } else {
                    if current.properties.isWhitespace || "()=|".unicodeScalars.contains(current) { break }
                    if current == "[" { inBracket = true }
                }
                word.append(current)
                position += 1
            }
            return .word(String(word))
        }
    }
}
