import JSON

/// Where a selector went wrong: the selector's text and a 1-based column, counted in characters.
///
/// It travels with every `SelectorError` so the message can show the selector with a caret under the column,
/// the way argument-parser's `InputOrigin` lets its errors point at the argument at fault.
public struct SelectorPosition: Sendable, Equatable {
    /// The whole selector as the user wrote it.
    public var selector: String
    /// The column of the offending character, 1 for the first one; one past the end for "end of selector".
    public var column: Int

    /// A position in `selector`.
    public init(selector: String, column: Int) {
        self.selector = selector
        self.column = column
    }
}

/// Why a Shelley selector cannot be used: it does not parse, or a predicate method does not answer a BOOL.
///
/// Every case carries its `SelectorPosition`; the wording of all of them is produced here and nowhere else, in
/// `message` (one line), `summary` (`column N: message`, what a server puts in `details`) and `description` (the
/// full text with the selector and a caret, what a user sees).
public enum SelectorError: Error, Sendable, Equatable {
    /// What the parser saw where it expected something else.
    public enum Found: Sendable, Equatable {
        /// The selector ended.
        case end
        /// A single character that cannot start anything here (`-`, a stray quote, a newline).
        case character(Character)
        /// A name, e.g. the `foo` of `marked:foo`.
        case word(String)
        /// A quoted string, with the quote character it was written with.
        case string(String, quote: Character)
        /// A number, as written.
        case number(String)
    }

    /// Where a filter should start, something else is (`-`, a quote, a newline, nothing at all).
    case expectedFilter(found: Found, at: SelectorPosition)
    /// After `name:` there is no quoted string or number.
    case expectedArgument(method: String, found: Found, at: SelectorPosition)
    /// `view:` takes a quoted class name.
    case expectedClassName(found: Found, at: SelectorPosition)
    /// `index:` takes a whole number.
    case expectedIndex(found: Found, at: SelectorPosition)
    /// A filter name runs into something that is neither a space nor `:`.
    case expectedSeparator(after: String, found: Found, at: SelectorPosition)
    /// An argument runs into something that is neither a space nor the next part of the method name.
    case expectedNextPart(method: String, found: Found, at: SelectorPosition)
    /// A later part of a multi-part method (`b` in `a:1b`) has no `:` and argument.
    case expectedColon(after: String, found: Found, at: SelectorPosition)
    /// A predicate method answered something that is not a BOOL (a string, a rect, 5…), so it cannot filter.
    case notABool(method: String, value: JSONValue, at: SelectorPosition)

    /// The position the error points at.
    public var position: SelectorPosition {
        switch self {
        case .expectedFilter(_, let position), .expectedArgument(_, _, let position),
            .expectedClassName(_, let position), .expectedIndex(_, let position),
            .expectedSeparator(_, _, let position), .expectedNextPart(_, _, let position),
            .expectedColon(_, _, let position), .notABool(_, _, let position):
            return position
        }
    }

    /// The 1-based column the error points at.
    public var column: Int { position.column }

    /// One line saying what was expected and what was found.
    public var message: String {
        switch self {
        case .expectedFilter(let found, _):
            return "expected a filter name (letters, digits or _), found \(found.phrase)"
        case .expectedArgument(let method, let found, _):
            return "expected a quoted string or a number after '\(method)', found \(found.phrase)"
        case .expectedClassName(let found, _):
            return "expected a quoted class name after 'view:', found \(found.phrase)"
        case .expectedIndex(let found, _):
            return "expected a whole number after 'index:', found \(found.phrase)"
        case .expectedSeparator(let name, let found, _):
            return "expected a space or ':' after '\(name)', found \(found.phrase)"
        case .expectedNextPart(let method, let found, _):
            return "expected a space or the next part of the method name after the argument of '\(method)', "
                + "found \(found.phrase)"
        case .expectedColon(let name, let found, _):
            return "expected ':' and an argument after '\(name)' (every part of a multi-part method takes one), "
                + "found \(found.phrase)"
        case .notABool(let method, let value, _):
            return "'\(method)' does not answer a BOOL (a view answered \(value.jsonString)), so it cannot filter views"
        }
    }

    /// `column N: message`, the form a server sends as the `details` of `invalid selector`.
    public var summary: String { "column \(column): \(message)" }
}

extension SelectorError: CustomStringConvertible {
    /// The full text: the message, then the selector and a caret under the column.
    public var description: String {
        let position = self.position
        // Control characters would break the two-line picture, so they are shown as visible symbols of width one;
        // tabs stay tabs in both lines so the caret still lines up in a terminal.
        let shown = String(position.selector.map { $0 == "\t" ? "\t" : Self.visible($0) })
        let padding = String(
            position.selector.prefix(max(0, position.column - 1)).map { $0 == "\t" ? "\t" : " " })
        return "selector error at \(summary)\n  \(shown)\n  \(padding)^"
    }

    private static func visible(_ character: Character) -> Character {
        switch character {
        case "\n", "\r\n": return "\u{2424}"
        case "\r": return "\u{240D}"
        default: return character
        }
    }
}

extension SelectorError.Found {
    /// How the found thing reads inside a message.
    var phrase: String {
        switch self {
        case .end: return "the end of the selector"
        case .character("\n"), .character("\r\n"): return "a newline"
        case .character("\r"): return "a carriage return"
        case .character("'"): return "a quote (')"
        case .character("\""): return "a quote (\")"
        case .character(let character):
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                scalar.properties.generalCategory == .control
            {
                return "the control character U+\(String(scalar.value, radix: 16, uppercase: true))"
            }
            return "'\(character)'"
        case .word(let word): return "'\(word)'"
        case .string(let text, let quote): return "the string \(quote)\(text)\(quote)"
        case .number(let text): return "the number \(text)"
        }
    }
}
