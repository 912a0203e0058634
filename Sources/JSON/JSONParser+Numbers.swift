/// Numbers: the RFC 8259 grammar checked byte by byte, integers kept apart from floats.
extension JSONParser {
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
}
