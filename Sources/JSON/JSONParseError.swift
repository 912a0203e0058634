/// Why a text is not JSON, and where: a byte offset plus the line and column a person looks for in an editor.
///
/// The wording of every kind is produced here and nowhere else (`message` for the cause alone, `description` with
/// the position), so tests can assert whole messages and callers can wrap them: `could not parse the POST /map body
/// as JSON: JSON error at line 1, column 9 (byte 8): expected ':' after an object key, found ','`.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the parser saw where it expected something else.
    public enum Found: Sendable, Equatable {
        /// The text ended.
        case end
        /// One byte; printable ASCII is shown as the character, anything else as its hex value.
        case byte(UInt8)
    }

    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// Something other than what the grammar allows here: `[1 2]`, `{1:2}`, `tru`, or text after the value.
        case unexpected(Found, expected: String)
        /// A number starts with `0` followed by more digits (`012`), which JSON forbids.
        case leadingZero
        /// A number too large for a Double (`1e400`).
        case numberOutOfRange
        /// A backslash followed by something other than `" \ / b f n r t u`; carries the byte after it.
        case invalidEscape(UInt8)
        /// A `\u` escape of half a UTF-16 surrogate pair without its other half, e.g. `"\ud800"`.
        case loneSurrogate(UInt16)
        /// A raw control character (below U+0020) inside a string; JSON requires it escaped.
        case controlCharacter(UInt8)
        /// Bytes in a string that are not UTF-8 (a stray continuation byte, an overlong form, a surrogate).
        case invalidUTF8
        /// Arrays and objects nest deeper than `limit`: refused before the parser's recursion can exhaust the stack.
        case tooDeep(limit: Int)
    }

    /// What went wrong.
    public var kind: Kind
    /// The 0-based byte offset of the offending byte (the text's length when it ended too early).
    public var offset: Int
    /// The 1-based line of `offset`.
    public var line: Int
    /// The 1-based column of `offset` on its line, counted in characters (Unicode scalars), not bytes.
    public var column: Int

    /// An error of `kind` at `offset`, its line and column counted in `text`.
    init(_ kind: Kind, at offset: Int, in text: UnsafeBufferPointer<UInt8>) {
        self.kind = kind
        self.offset = offset
        var line = 1
        var column = 1
        for byte in text[..<min(offset, text.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.line = line
        self.column = column
    }

    /// The cause alone, e.g. `expected ':' after an object key, found ','`.
    public var message: String {
        switch kind {
        case .unexpected(let found, let expected): return "expected \(expected), found \(Self.describe(found))"
        case .leadingZero: return "a number cannot start with 0 followed by more digits"
        case .numberOutOfRange: return "the number is too large for a Double"
        case .invalidEscape(let byte): return "\(Self.describe(.byte(byte))) cannot follow a backslash"
        case .loneSurrogate(let unit): return "\\u\(Self.hex(unit)) is half a surrogate pair without its other half"
        case .controlCharacter(let byte): return "control character \\u\(Self.hex(UInt16(byte))) must be escaped"
        case .invalidUTF8: return "the string is not valid UTF-8"
        case .tooDeep(let limit): return "arrays and objects nest deeper than \(limit) levels"
        }
    }

    /// The message with its position: `JSON error at line 2, column 7 (byte 12): …`.
    public var description: String {
        "JSON error at line \(line), column \(column) (byte \(offset)): \(message)"
    }

    private static func describe(_ found: Found) -> String {
        switch found {
        case .end: return "the end of the text"
        case .byte(let byte) where (0x20...0x7E).contains(byte): return "'\(Character(Unicode.Scalar(byte)))'"
        case .byte(let byte): return "byte 0x\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true))"
        }
    }

    private static func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
