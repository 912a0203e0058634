/// Percent-decoding for the text of every request: paths, path segments and query items.
///
/// Foundation's `removingPercentEncoding` goes through CoreFoundation on Linux (a bridge, a copy each way) and
/// was a tenth of a templated mock request's time; almost every segment has no `%` at all, so this checks the
/// bytes first and hands back the text untouched. The result is the same as Foundation's: nil when a `%` is not
/// followed by two hex digits or when the decoded bytes are not UTF-8.
///
/// Declared on `String` and `Substring` rather than once on `StringProtocol`: a generic property of this module
/// is not specialized in the modules that call it, and the unspecialized one cost a mock request 2,000
/// instructions a segment.
extension String {
    public var percentDecoded: String? { PercentDecoding.decode(utf8, whole: self) }

    /// A form or query value: `+` is a space, then percent-decoded; as sent (with spaces) when that fails.
    public var formDecoded: String { PercentDecoding.formDecode(utf8, whole: self) }
}

extension Substring {
    public var percentDecoded: String? { PercentDecoding.decode(utf8, whole: String(self)) }

    /// A form or query value: `+` is a space, then percent-decoded; as sent (with spaces) when that fails.
    public var formDecoded: String { PercentDecoding.formDecode(utf8, whole: String(self)) }
}

/// The decoding itself, on any UTF-8 bytes (a string's, a substring's, a slice of a request's).
enum PercentDecoding {
    static func decode<Bytes: Collection<UInt8>>(_ utf8: Bytes, whole: @autoclosure () -> String) -> String? {
        guard utf8.contains(UInt8(ascii: "%")) else { return whole() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func formDecode<Bytes: Collection<UInt8>>(_ utf8: Bytes, whole: @autoclosure () -> String) -> String {
        guard utf8.contains(UInt8(ascii: "+")) else { return decode(utf8, whole: whole()) ?? whole() }
        let spaced = String(decoding: utf8.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        return spaced.percentDecoded ?? spaced
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
