import NIOCore

/// Where each request starts in a connection's bytes, so `MethodToken` swaps a method NIO's parser would refuse at
/// the start of every request, those pipelined behind another one included (`GET /a … get /b …` in one write), as
/// WireMock's Jetty takes them.
///
/// It follows the framing only as far as it can tell it cheaply: a head ends at its empty line, and a body is
/// `Content-Length` bytes. A chunked body, an `Upgrade` or a head over `maxHead` bytes makes it stop looking
/// (`opaque`) until the connection is idle again, where the old rule holds: what arrives on an idle connection
/// starts a request. A request whose method is cut off by the end of a read is left to the parser.
struct RequestBoundaries {
    private enum Phase {
        /// The next byte starts a request (after any empty lines).
        case start
        /// Inside a head, which `head` holds so far.
        case head
        /// Inside a body, this many bytes still to come.
        case body(Int)
        /// Framing it does not follow; nothing is swapped until the connection is idle.
        case opaque
    }

    private var phase = Phase.start
    private var head: [UInt8] = []
    let maxHead: Int

    init(maxHead: Int) {
        self.maxHead = maxHead
    }

    /// The connection is idle (its last answer went out and nothing is pending): the next byte starts a request.
    mutating func idle() {
        if case .opaque = phase { phase = .start }
    }

    /// Follows `buffer`, the connection's next bytes, swapping a refused method for `GET` at each request start in
    /// it; adds to `starts`, in order, one entry per request that starts here: the method as sent when it was
    /// swapped.
    mutating func process(_ buffer: inout ByteBuffer, into starts: inout SentMethods) {
        var swaps: [(at: Int, length: Int)] = []
        buffer.withUnsafeReadableBytes { bytes in
            var index = 0
            while index < bytes.count {
                switch phase {
                case .opaque:
                    index = bytes.count
                case .body(let remaining):
                    let taken = min(remaining, bytes.count - index)
                    index += taken
                    phase = remaining == taken ? .start : .body(remaining - taken)
                case .start:
                    if bytes[index] == UInt8(ascii: "\r") || bytes[index] == UInt8(ascii: "\n") {
                        index += 1
                        continue
                    }
                    let (sent, length) = Self.refusedMethod(in: bytes, from: index)
                    if sent != nil { swaps.append((index, length)) }
                    starts.append(sent)
                    head.removeAll(keepingCapacity: true)
                    phase = .head
                case .head:
                    index = followHead(bytes, from: index)
                }
            }
        }
        guard !swaps.isEmpty else { return }
        var rewritten = ByteBuffer()
        rewritten.reserveCapacity(buffer.readableBytes)
        var from = 0
        for swap in swaps {
            rewritten.writeImmutableBuffer(buffer.getSlice(at: buffer.readerIndex + from, length: swap.at - from)!)
            rewritten.writeStaticString("GET")
            from = swap.at + swap.length
        }
        rewritten.writeImmutableBuffer(
            buffer.getSlice(at: buffer.readerIndex + from, length: buffer.readableBytes - from)!)
        buffer = rewritten
    }

    /// Takes head bytes from `index` up to the head's end (or the read's); at the end, picks what follows. Bytes
    /// are taken a line at a time (a byte at a time was most of the cost of following a small request).
    private mutating func followHead(_ bytes: UnsafeRawBufferPointer, from index: Int) -> Int {
        // Most heads arrive whole in one read: their framing is read where they lie, nothing copied.
        if head.isEmpty, let end = Self.headEnd(in: bytes, from: index) {
            phase = Self.framing(of: bytes[index..<end])
            return end
        }
        var index = index
        while index < bytes.count {
            guard let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else {
                head.append(contentsOf: bytes[index...])
                index = bytes.count
                break
            }
            head.append(contentsOf: bytes[index...newline])
            index = newline + 1
            let count = head.count
            let ended = (count >= 2 && head[count - 2] == UInt8(ascii: "\n"))
                || (count >= 3 && head[count - 2] == UInt8(ascii: "\r") && head[count - 3] == UInt8(ascii: "\n"))
            if ended {
                phase = Self.framing(of: head)
                return index
            }
        }
        if head.count > maxHead { phase = .opaque }
        return index
    }

    /// Where the head that starts at `index` ends (after its empty line), when it ends in `bytes`.
    private static func headEnd(in bytes: UnsafeRawBufferPointer, from index: Int) -> Int? {
        var index = index
        while let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            index = newline + 1
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\n") { return index + 1 }
            if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                return index + 2
            }
        }
        return nil
    }

    /// What follows a complete head: a body of its `Content-Length`, the next request, or framing not followed.
    private static func framing<Head: RandomAccessCollection<UInt8>>(of head: Head) -> Phase where Head.Index == Int {
        var length = 0
        var lineStart = head.startIndex
        while lineStart < head.endIndex {
            let lineEnd = head[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? head.endIndex
            let line = head[lineStart..<lineEnd]
            lineStart = lineEnd + 1
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = line[line.startIndex..<colon]
            if named(name, "transfer-encoding") || named(name, "upgrade") { return .opaque }
            guard named(name, "content-length") else { continue }
            var digits = 0
            var value = 0
            for byte in line[(colon + 1)...] where byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") && byte != UInt8(ascii: "\r") {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return .opaque }
                digits += 1
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            guard digits > 0 else { return .opaque }
            length = value
        }
        return length > 0 ? .body(length) : .start
    }

    /// Whether a header name is `lowercase` in any case (ASCII).
    private static func named<Name: Collection<UInt8>>(_ name: Name, _ lowercase: StaticString) -> Bool {
        guard name.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        return zip(name, expected).allSatisfy {
            ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0) == $1
        }
    }

    /// `GET `, `PUT `, `POST` and `HEAD` as they lie in memory (`POST` and `HEAD` are taken when a space follows).
    private static let getSpace = UInt32(littleEndian: 0x2054_4547)
    private static let putSpace = UInt32(littleEndian: 0x2054_5550)
    private static let post = UInt32(littleEndian: 0x5453_4F50)
    private static let headMethod = UInt32(littleEndian: 0x4441_4548)

    /// The method at `index` when it is a token NIO's parser refuses, with its length; nil when the parser takes
    /// it, it is no token, or the read ends before the space after it.
    private static func refusedMethod(in bytes: UnsafeRawBufferPointer, from index: Int) -> (String?, Int) {
        // The methods of nearly every request, told from their first four bytes without making a string.
        if index + 5 <= bytes.count {
            let first = bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self)
            if first == Self.getSpace || first == Self.putSpace { return (nil, 0) }
            if first == Self.post || first == Self.headMethod, bytes[index + 4] == UInt8(ascii: " ") { return (nil, 0) }
        }
        let end = min(bytes.count, index + MethodToken.longest + 1)
        var position = index
        while position < end, bytes[position] != UInt8(ascii: " ") {
            guard MethodToken.isTokenCharacter(bytes[position]) else { return (nil, 0) }
            position += 1
        }
        guard position < end, position > index else { return (nil, 0) }
        let method = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<position]), as: UTF8.self)
        return MethodToken.parserMethods.contains(method) ? (nil, 0) : (method, position - index)
    }
}
