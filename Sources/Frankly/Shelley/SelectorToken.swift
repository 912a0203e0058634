import JSON

/// One lexical piece of a selector, with the 1-based column where it starts.
///
/// `SelectorLexer` produces them and `SelectorParser` consumes them; the column is what error messages point at.
struct SelectorToken: Equatable {
    /// What sort of piece.
    enum Kind: Equatable {
        /// `[A-Za-z0-9_]+`: a filter name or a part of a method name.
        case word(String)
        /// The `:` ending a method name part.
        case colon
        /// `'…'` or `"…"`, without the quotes; an unterminated one runs to the end of the input.
        case string(String, quote: Character)
        /// A numeric argument (only lexed right after `:`), with its text as written.
        case number(JSONValue, text: String)
        /// A run of spaces and tabs: the separator between filters.
        case space
        /// Any other character; only ever an error for the parser.
        case other(Character)
        /// The end of the input.
        case end
    }

    var kind: Kind
    var column: Int
}
