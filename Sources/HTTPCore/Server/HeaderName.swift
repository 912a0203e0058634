extension String {
    /// True when the two header names are equal ignoring ASCII letter case (`content-type` and `Content-Type`),
    /// compared byte by byte: no lowercased copies and no Foundation string folding on every request.
    public func equalsHeaderName(_ other: String) -> Bool {
        let lhs = utf8
        let rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        for (a, b) in zip(lhs, rhs) where a != b {
            let lowerA = a >= 65 && a <= 90 ? a + 32 : a
            let lowerB = b >= 65 && b <= 90 ? b + 32 : b
            if lowerA != lowerB { return false }
        }
        return true
    }
}

extension String {
    /// RFC 9110 §5.1: a field name is a token (`MethodToken.isTokenCharacter`), at least one character.
    var isHeaderFieldName: Bool {
        !isEmpty && utf8.allSatisfy(MethodToken.isTokenCharacter)
    }

    /// RFC 9110 §5.5: a field value holds no control character but tab. CR and LF would end the field (and with it
    /// the head: a forged header or a forged answer), and strict clients (llhttp's) refuse an answer with any other;
    /// NIO's validator refused the same. Used for reason phrases too.
    var isHeaderFieldValue: Bool {
        !utf8.contains { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7F }
    }
}
