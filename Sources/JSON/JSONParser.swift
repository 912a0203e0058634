/// A strict RFC 8259 recursive-descent parser over UTF-8 bytes, behind `JSONValue(parsing:)` and
/// `JSONBuilder.parse(_:)`.
///
/// It reads the bytes in place and hands each value to a `JSONBuilder`, with no tokens and no intermediate `Any`:
/// a `/map` answer is parsed on every Frankly call, and Foundation's `JSONDecoder` cost more than the rest of the
/// round trip. The builder decides what a value becomes (a `JSONValue`, or a Lua table pushed straight onto the
/// Lua stack); the parser is inlinable so that each builder gets its own specialised copy.
/// Strictness is the point of writing it out: trailing commas, comments, leading zeros, `NaN`, raw control
/// characters, invalid UTF-8 and lone surrogates are all errors, each at its byte offset. Nesting is limited to
/// `maximumDepth` so that hostile input (`[[[[…`) fails instead of exhausting the thread's stack.
@usableFromInline
struct JSONParser<Builder: JSONBuilder> {
    /// How deep arrays and objects may nest. 512 levels cost well under 100 KB of stack, so the parse is safe even
    /// on a secondary thread, and no Frankly or mock document comes near it.
    @usableFromInline static var maximumDepth: Int { 512 }

    @usableFromInline let text: UnsafeBufferPointer<UInt8>
    @usableFromInline var position = 0
    @usableFromInline var depth = 0
    @usableFromInline var builder: Builder
    /// Where a string with escapes is decoded; reused from string to string.
    @usableFromInline var scratch: [UInt8] = []

    @inlinable
    init(text: UnsafeBufferPointer<UInt8>, builder: Builder) {
        self.text = text
        self.builder = builder
    }

    /// Parses `text` as one JSON value surrounded by optional whitespace.
    @inlinable
    static func parse(_ text: UnsafeBufferPointer<UInt8>, builder: inout Builder) throws(JSONParseError)
        -> Builder.Value
    {
        var parser = JSONParser(text: text, builder: builder)
        defer { builder = parser.builder }
        // RFC 8259 §8.1 lets a parser skip a byte order mark; editors on Windows still write one in mapping files.
        if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { parser.position = 3 }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == text.count else { throw parser.unexpected(expected: "the end of the text") }
        return value
    }

    // MARK: Values

    @inlinable
    mutating func parseValue() throws(JSONParseError) -> Builder.Value {
        skipWhitespace()
        guard position < text.count else { throw unexpected(expected: "a JSON value") }
        switch text[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            let string = try scanString()
            return withBytes(of: string) { $0.string($1) }
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return builder.bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return builder.bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return builder.null()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw unexpected(expected: "a JSON value")
        }
    }

    @inlinable
    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let expected = "'\(literal)'"
        for byte in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard position < text.count, text[position] == byte else { throw unexpected(expected: expected) }
            position += 1
        }
    }

    @inlinable
    mutating func parseObject() throws(JSONParseError) -> Builder.Value {
        try enterContainer()
        position += 1
        var object = builder.beginObject()
        skipWhitespace()
        if position < text.count, text[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return builder.endObject(object)
        }
        while true {
            skipWhitespace()
            guard position < text.count, text[position] == UInt8(ascii: "\"") else {
                throw unexpected(expected: "a string key")
            }
            let key = try scanString()
            skipWhitespace()
            guard position < text.count, text[position] == UInt8(ascii: ":") else {
                throw unexpected(expected: "':' after an object key")
            }
            position += 1
            withBytes(of: key) { $0.key($1, in: &object) }
            let value = try parseValue()
            builder.set(value, in: &object)
            skipWhitespace()
            guard position < text.count else { throw unexpected(expected: "',' or '}' after an object member") }
            switch text[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return builder.endObject(object)
            default:
                throw unexpected(expected: "',' or '}' after an object member")
            }
        }
    }

    @inlinable
    mutating func parseArray() throws(JSONParseError) -> Builder.Value {
        try enterContainer()
        position += 1
        var array = builder.beginArray()
        skipWhitespace()
        if position < text.count, text[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return builder.endArray(array)
        }
        while true {
            let element = try parseValue()
            builder.append(element, to: &array)
            skipWhitespace()
            guard position < text.count else { throw unexpected(expected: "',' or ']' after an array element") }
            switch text[position] {
            case UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return builder.endArray(array)
            default:
                throw unexpected(expected: "',' or ']' after an array element")
            }
        }
    }

    @inlinable
    mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error(.tooDeep(limit: Self.maximumDepth)) }
    }

    // MARK: Whitespace and errors

    @inlinable
    mutating func skipWhitespace() {
        while position < text.count {
            switch text[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    /// "expected X, found Y" at the current position.
    @usableFromInline
    func unexpected(expected: String) -> JSONParseError {
        let found: JSONParseError.Found = position < text.count ? .byte(text[position]) : .end
        return error(.unexpected(found, expected: expected))
    }

    @usableFromInline
    func error(_ kind: JSONParseError.Kind, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(kind, at: offset ?? position, in: text)
    }

    /// The number a checked numeral stands for, or nil when it is out of a Double's range.
    @usableFromInline
    static func double(_ numeral: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let number = Double(String(decoding: numeral, as: UTF8.self)), number.isFinite else { return nil }
        return number
    }
}
