import JSON

/// Splits a Shelley selector into tokens.
///
/// The lexing is context-sensitive in one place: right after `:` a digit (or `-` and a digit) starts a number,
/// while elsewhere digits belong to names (`IDENT` is `[A-Za-z0-9_]+`). That is how `a:1b:'x'` reads as `a:`,
/// `1`, `b:`, `'x'`. Quotes have no escapes; a string ends at the next quote of the same kind, or at the end.
struct SelectorLexer {
    private let characters: [Character]

    /// A lexer over `text`, column 1 being its first character.
    init(_ text: String) {
        characters = Array(text)
    }

    /// All the tokens, the last one being `.end`.
    func tokens() -> [SelectorToken] {
        var tokens: [SelectorToken] = []
        var index = 0
        var afterColon = false
        while index < characters.count {
            let start = index
            let character = characters[index]
            let kind: SelectorToken.Kind
            if character == " " || character == "\t" {
                index = skip(from: index) { $0 == " " || $0 == "\t" }
                kind = .space
            } else if afterColon, startsNumber(at: index) {
                (kind, index) = number(from: index)
            } else if Self.isNameCharacter(character) {
                index = skip(from: index, while: Self.isNameCharacter)
                kind = .word(String(characters[start..<index]))
            } else if character == ":" {
                index += 1
                kind = .colon
            } else if character == "'" || character == "\"" {
                let end = skip(from: index + 1) { $0 != character }
                kind = .string(String(characters[(index + 1)..<end]), quote: character)
                index = min(end + 1, characters.count)
            } else {
                index += 1
                kind = .other(character)
            }
            tokens.append(SelectorToken(kind: kind, column: start + 1))
            afterColon = kind == .colon
        }
        tokens.append(SelectorToken(kind: .end, column: characters.count + 1))
        return tokens
    }

    /// True for `[A-Za-z0-9_]`: the characters of filter and method names.
    static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_")
    }

    private func skip(from start: Int, while predicate: (Character) -> Bool) -> Int {
        var index = start
        while index < characters.count, predicate(characters[index]) { index += 1 }
        return index
    }

    private func isDigit(at index: Int) -> Bool {
        index < characters.count && characters[index].isASCII && characters[index].isWholeNumber
    }

    private func startsNumber(at index: Int) -> Bool {
        isDigit(at: index) || (characters[index] == "-" && isDigit(at: index + 1))
    }

    /// Reads `-?[0-9]+(\.[0-9]+)?`; whole numbers become integers so `index:2` and `tag:5` stay integers.
    private func number(from start: Int) -> (SelectorToken.Kind, Int) {
        var index = characters[start] == "-" ? start + 1 : start
        index = skip(from: index) { $0.isASCII && $0.isWholeNumber }
        var isWhole = true
        if index < characters.count, characters[index] == ".", isDigit(at: index + 1) {
            isWhole = false
            index = skip(from: index + 1) { $0.isASCII && $0.isWholeNumber }
        }
        let text = String(characters[start..<index])
        let value: JSONValue
        if isWhole, let integer = Int64(text) {
            value = .integer(integer)
        } else {
            value = .number(Double(text) ?? 0)
        }
        return (.number(value, text: text), index)
    }
}
