import Foundation

/// A journal entry's id, as WireMock's serve event has one: `GET /__admin/requests/{id}` and `DELETE` name an entry
/// by it, so it must be the same every time the journal is listed. It is made from the entry's sequence number
/// (never reused, even across resets) and a value drawn once per process, so ids from two mock runs do not collide.
extension LoggedRequest {
    /// The first eight bytes of every id this process hands out.
    private static let salt: UInt64 = .random(in: 0...UInt64.max)

    public var id: UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: Self.salt >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: UInt64(sequence) >> (56 - 8 * index))
        }
        // A version 4 / RFC 4122 variant shape, so UUID parsers everywhere accept it; the sequence keeps its low bits.
        bytes[6] = (bytes[6] & 0x0f) | 0x40
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// The id as WireMock writes ids: lower case.
    public var idString: String { id.uuidString.lowercased() }
}
