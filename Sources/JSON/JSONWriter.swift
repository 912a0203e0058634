/// Writes compact JSON text: a whole `JSONValue` (behind `jsonBytes`), or piece by piece.
///
/// Piece by piece (`beginObject`, `key`, `value`, `endObject` …) is for hot answers such as the simulator's
/// `/dump`, which would otherwise build, sort and free a dictionary per view on every request. Such a writer
/// must give keys in sorted order itself to match what `write(_:)` produces; commas are placed here.
///
/// The output is byte for byte what Foundation's `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`
/// wrote before this writer replaced it, so responses, journals and test expectations did not change:
/// - object keys sorted by `String` comparison, no whitespace;
/// - `"` and `\` escaped, control characters as `\b \f \n \r \t` or `\u00XX`, everything else (`/`, DEL, non-ASCII)
///   written as it is;
/// - integers in decimal; floats in Swift's shortest round-trip form, without a trailing `.0` (`320.0` is `320`),
///   so a whole float reads back as an integer; `NaN` and infinities, which JSON cannot carry, as `null`.
public struct JSONWriter {
    /// The text written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next key or value follows a sibling and needs a comma first.
    private var needsComma = false

    public init() {}

    // MARK: Piece by piece

    /// Opens an object (`{`), as a value of its own.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array (`[`), as a value of its own.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key (a plain ASCII name, written as it is); the next value written is its value.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        append(key)
        append("\":")
        needsComma = false
    }

    /// Writes an object key known only at run time (a dump's other attributes), escaped as a string value is.
    public mutating func key(named key: String) {
        separate()
        write(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a number the way `JSONValue.number` is written.
    public mutating func value(_ number: Double) {
        separate()
        write(number)
        needsComma = true
    }

    /// Writes an integer.
    public mutating func value(_ integer: Int) {
        separate()
        write(Int64(integer))
        needsComma = true
    }

    /// Writes a string, escaped.
    public mutating func value(_ string: String) {
        separate()
        write(string)
        needsComma = true
    }

    /// Writes a member whose value is a number: `key` then `value`.
    public mutating func member(_ key: StaticString, _ number: Double) {
        self.key(key)
        value(number)
    }

    /// Writes a member whose value is an integer.
    public mutating func member(_ key: StaticString, _ integer: Int) {
        self.key(key)
        value(integer)
    }

    /// Writes a member whose value is a string.
    public mutating func member(_ key: StaticString, _ string: String) {
        self.key(key)
        value(string)
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    // MARK: Whole values

    /// Appends `value`'s text, as one value.
    public mutating func value(_ value: JSONValue) {
        separate()
        write(value)
        needsComma = true
    }

    /// Appends `value`'s text.
    mutating func write(_ value: JSONValue) {
        switch value {
        case .null:
            append("null")
        case .bool(let flag):
            append(flag ? "true" : "false")
        case .integer(let integer):
            write(integer)
        case .number(let number):
            write(number)
        case .string(let string):
            write(string)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            if members.count == 1, let member = members.first {
                write(member.key, member.value)
            } else {
                for (index, (key, item)) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    write(key, item)
                }
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `value`'s text with every member and element on a line of its own, `indent` once per level and
    /// `": "` after keys: the form of files people read (reports, artifacts). Empty containers stay `[]`/`{}`.
    mutating func write(_ value: JSONValue, indent: [UInt8], depth: Int) {
        switch value {
        case .array(let items) where !items.isEmpty:
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent, depth + 1)
                write(item, indent: indent, depth: depth + 1)
            }
            newline(indent, depth)
            bytes.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, item)) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(indent, depth + 1)
                write(key)
                append(": ")
                write(item, indent: indent, depth: depth + 1)
            }
            newline(indent, depth)
            bytes.append(UInt8(ascii: "}"))
        default:
            write(value)
        }
    }

    private mutating func newline(_ indent: [UInt8], _ depth: Int) {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { bytes.append(contentsOf: indent) }
    }

    private mutating func write(_ key: String, _ item: JSONValue) {
        write(key)
        bytes.append(UInt8(ascii: ":"))
        write(item)
    }

    private mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private mutating func write(_ integer: Int64) {
        if integer >= 0 && integer < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(integer))
            return
        }
        // Digits are produced backwards into a small stack buffer: no String is allocated for a number.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = integer.magnitude
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if integer < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    private mutating func write(_ number: Double) {
        guard number.isFinite else {
            append("null")
            return
        }
        // Whole numbers (frames, alphas, most of a dump) skip the shortest-round-trip formatting, which costs ten
        // times as much; below 1e15 `description` prints them as plain digits too, so the text is the same.
        if number.magnitude < 1e15, number == number.rounded(.towardZero), !(number == 0 && number.sign == .minus) {
            write(Int64(number))
            return
        }
        // Cut the ".0" on the bytes: removing characters from the String walks grapheme boundaries.
        var text = number.description
        text.withUTF8 { utf8 in
            let whole = utf8.count > 2 && utf8[utf8.count - 2] == UInt8(ascii: ".") && utf8.last == UInt8(ascii: "0")
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<(whole ? utf8.count - 2 : utf8.count)]))
        }
    }

    private mutating func write(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                escape(byte)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22, 0x5C: bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            append("u00")
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
