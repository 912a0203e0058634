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

    // MARK: Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`: an `.integer` when there is no fraction or exponent
    /// and it fits in Int64, otherwise a `.number`.
    @inlinable
    mutating func parseNumber() throws(JSONParseError) -> Builder.Value {
        let start = position
        let negative = text[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard position < text.count, isDigit(text[position]) else { throw unexpected(expected: "a digit") }
        var magnitude: UInt64 = 0
        var overflow = false
        if text[position] == UInt8(ascii: "0") {
            position += 1
            if position < text.count, isDigit(text[position]) { throw error(.leadingZero) }
        } else {
            while position < text.count, isDigit(text[position]) {
                let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(text[position] &- UInt8(ascii: "0")))
                magnitude = sum
                overflow = overflow || o1 || o2
                position += 1
            }
        }
        var isInteger = true
        if position < text.count, text[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            try skipDigits(expected: "a digit after '.'")
        }
        if position < text.count, text[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < text.count, text[position] == UInt8(ascii: "+") || text[position] == UInt8(ascii: "-") {
                position += 1
            }
            try skipDigits(expected: "a digit in the exponent")
        }
        if isInteger && !overflow {
            if !negative, magnitude <= UInt64(Int64.max) { return builder.integer(Int64(magnitude)) }
            if negative, magnitude <= UInt64(Int64.max) + 1 {
                return builder.integer(Int64(bitPattern: 0 &- magnitude))
            }
        }
        // The grammar is checked above, so the stdlib's strtod-based initializer sees only well-formed numbers.
        guard let number = Self.double(UnsafeBufferPointer(rebasing: text[start..<position])) else {
            throw error(.numberOutOfRange, at: start)
        }
        return builder.number(number)
    }

    @inlinable
    mutating func skipDigits(expected: String) throws(JSONParseError) {
        guard position < text.count, isDigit(text[position]) else { throw unexpected(expected: expected) }
        while position < text.count, isDigit(text[position]) { position += 1 }
    }

    @inlinable
    func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    // MARK: Strings

    /// Reads a string from its opening quote and says where its bytes are. Runs without escapes stay in the
    /// text; only a string with escapes is decoded, into `scratch`.
    @inlinable
    mutating func scanString() throws(JSONParseError) -> ScannedString {
        position += 1
        var runStart = position
        var hasEscapes = false
        while position < text.count {
            let byte = text[position]
            switch byte {
            case UInt8(ascii: "\""):
                let run = runStart..<position
                position += 1
                guard hasEscapes else { return .inText(run) }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[run]))
                return .decoded
            case UInt8(ascii: "\\"):
                if !hasEscapes { scratch.removeAll(keepingCapacity: true) }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<position]))
                hasEscapes = true
                try parseEscape()
                runStart = position
            case 0..<0x20:
                throw error(.controlCharacter(byte))
            case 0x80...:
                try skipUTF8Sequence()
            default:
                position += 1
            }
        }
        throw unexpected(expected: "'\"' to end the string")
    }

    /// Calls `body` with the builder and a scanned string's bytes, which are valid only during the call.
    @inlinable
    mutating func withBytes<Result>(
        of string: ScannedString, _ body: (inout Builder, UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        switch string {
        case .inText(let range):
            return body(&builder, UnsafeBufferPointer(rebasing: text[range]))
        case .decoded:
            let decoded = scratch
            return decoded.withUnsafeBufferPointer { body(&builder, $0) }
        }
    }

    /// Decodes the escape at `position` (a backslash) and appends its UTF-8 to `scratch`.
    @usableFromInline
    mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = position
        position += 1
        guard position < text.count else { throw unexpected(expected: "an escape after '\\'") }
        let byte = text[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHexQuad()
            var scalar = UInt32(unit)
            switch unit {
            case 0xD800..<0xDC00:
                // A high surrogate must be followed at once by an escaped low one; together they are one scalar.
                guard position + 1 < text.count, text[position] == UInt8(ascii: "\\"),
                    text[position + 1] == UInt8(ascii: "u")
                else { throw error(.loneSurrogate(unit), at: escapeStart) }
                position += 2
                let low = try parseHexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error(.loneSurrogate(unit), at: escapeStart) }
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            case 0xDC00..<0xE000:
                throw error(.loneSurrogate(unit), at: escapeStart)
            default:
                break
            }
            // Surrogates were handled above, so the scalar is always valid.
            scratch.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
        default:
            throw error(.invalidEscape(byte), at: position - 1)
        }
    }

    @usableFromInline
    mutating func parseHexQuad() throws(JSONParseError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard position < text.count else { throw unexpected(expected: "four hex digits after '\\u'") }
            let byte = text[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unexpected(expected: "four hex digits after '\\u'")
            }
            unit = unit << 4 | UInt16(digit)
            position += 1
        }
        return unit
    }

    /// Checks one multi-byte UTF-8 sequence starting at `position` (Unicode's table 3-7: no overlong forms, no
    /// surrogates, nothing above U+10FFFF) and moves past it.
    @inlinable
    mutating func skipUTF8Sequence() throws(JSONParseError) {
        let lead = text[position]
        let count: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: count = 2
        case 0xE0: count = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: count = 3
        case 0xED: count = 3; second = 0x80...0x9F
        case 0xF0: count = 4; second = 0x90...0xBF
        case 0xF1...0xF3: count = 4
        case 0xF4: count = 4; second = 0x80...0x8F
        default: throw error(.invalidUTF8)
        }
        guard position + count <= text.count, second.contains(text[position + 1]) else { throw error(.invalidUTF8) }
        for offset in 2..<count where text[position + offset] & 0xC0 != 0x80 {
            throw error(.invalidUTF8)
        }
        position += count
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

/// Where `scanString` left a string's UTF-8: a range of the text, or the parser's `scratch`.
@usableFromInline
enum ScannedString {
    case inText(Range<Int>)
    case decoded
}
