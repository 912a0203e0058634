/// A random (version 4) UUID as lowercase text, for `request.id` and `randomValue type='UUID'`.
///
/// Foundation's `UUID()` opens and reads `/dev/urandom` on Linux each time, a few percent of every templated
/// mock request; the system generator (`getrandom`) gives the same randomness without a file.
enum RandomUUID {
    static func text() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var bytes = withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { Array($0) }
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 4122 variant
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
