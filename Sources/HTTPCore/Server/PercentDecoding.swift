/// Percent-decoding for the text of every request: paths, path segments and query items.
///
/// Foundation's `removingPercentEncoding` goes through CoreFoundation on Linux (a bridge, a copy each way) and
/// was a tenth of a templated mock request's time; almost every segment has no `%` at all, so this checks the
/// bytes first and hands back the text untouched. The result is the same as Foundation's: nil when a `%` is not
/// followed by two hex digits or when the decoded bytes are not UTF-8.
extension StringProtocol {
    public var percentDecoded: String? {
        let utf8 = self.utf8
        guard utf8.contains(UInt8(ascii: "%")) else { return String(self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue)
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// A form or query value: `+` is a space, then percent-decoded; as sent (with spaces) when that fails.
    public var formDecoded: String {
        let spaced = utf8.contains(UInt8(ascii: "+")) ? String(self).replacingPlusWithSpace() : String(self)
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

extension String {
    fileprivate func replacingPlusWithSpace() -> String {
        String(decoding: utf8.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    }
}
