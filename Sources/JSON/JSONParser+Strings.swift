/// Strings: escapes, surrogate pairs and UTF-8 checked, decoded only when a string has escapes.
extension JSONParser {
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
}

/// Where `scanString` left a string's UTF-8: a range of the text, or the parser's `scratch`.
@usableFromInline
enum ScannedString {
    case inText(Range<Int>)
    case decoded
}
