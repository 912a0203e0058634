/// A dotted-quad IPv4 address, parsed strictly (four decimal parts, 0 to 255): a certificate names an IP address
/// as bytes, and a CONNECT target that is one is checked as one.
struct IPv4Address {
    let bytes: [UInt8]

    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCIIDigit), let value = UInt8(part) else { return nil }
            bytes.append(value)
        }
        self.bytes = bytes
    }
}

extension Character {
    /// `0` to `9` only (`isNumber` also takes other scripts' digits and fractions).
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
