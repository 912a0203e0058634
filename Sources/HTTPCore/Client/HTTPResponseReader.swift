/// Reads one HTTP/1.1 response from bytes as they arrive, for the blocking client.
///
/// NIO's decoder runs only inside a channel pipeline, on the event loop that owns the channel; the blocking
/// client reads on the caller's thread to save the two thread hops a loop costs, so it frames responses itself.
/// What it accepts is what Frank servers and the mock send, and what RFC 9112 requires a client to handle:
/// a status line, header fields, then a body framed by `Content-Length`, by `Transfer-Encoding: chunked`
/// (extensions ignored, trailers skipped), or by the end of the connection. Interim `1xx` answers are skipped.
/// Anything else is a `malformedResponse` saying what was wrong.
package struct HTTPResponseReader {
    /// How the body ends.
    private enum Framing {
        case length(Int)
        case chunked
        case untilClose
    }

    private enum Stage {
        case head
        case body(Framing)
        case complete
    }

    /// The response head and body are limited, so a server that streams forever fails instead of eating memory.
    static let headLimit = 64 * 1024
    static let bodyLimit = 256 * 1024 * 1024

    private var stage = Stage.head
    private var pending: [UInt8] = []
    private var status = 0
    private var headers: [(name: String, value: String)] = []
    private var body: [UInt8] = []
    private let expectsBody: Bool
    /// Whether the connection may carry another exchange once this response is complete.
    private(set) var keepAlive = true

    /// A reader for the answer to a request with `method` (`HEAD` answers carry no body).
    package init(method: String) {
        expectsBody = method != "HEAD"
    }

    /// True once any byte of the response arrived: a failure after that is not a stale kept connection.
    private(set) var started = false

    /// Takes the next bytes; returns the response once it is complete.
    package mutating func consume(_ bytes: UnsafeRawBufferPointer) throws(HTTPClientError) -> HTTPClientResponse? {
        started = started || !bytes.isEmpty
        pending.append(contentsOf: bytes)
        return try advance()
    }

    /// The connection ended: completes a response framed by the close, or fails.
    package mutating func finish() throws(HTTPClientError) -> HTTPClientResponse {
        if case .body(.untilClose) = stage {
            body.append(contentsOf: pending)
            pending.removeAll()
            keepAlive = false
            stage = .complete
            return HTTPClientResponse(status: status, headers: headers, body: body)
        }
        throw .closedBeforeResponse
    }

    private mutating func advance() throws(HTTPClientError) -> HTTPClientResponse? {
        while true {
            switch stage {
            case .head:
                guard let end = Self.find([13, 10, 13, 10], in: pending) else {
                    guard pending.count <= Self.headLimit else { throw .malformedResponse("head over 64 KiB") }
                    return nil
                }
                let head = Array(pending[..<end])
                pending.removeFirst(end + 4)
                try readHead(head)
            case .body(.length(let count)):
                guard pending.count >= count else { return nil }
                body.append(contentsOf: pending[..<count])
                pending.removeFirst(count)
                stage = .complete
            case .body(.chunked):
                guard try readChunk() else { return nil }
            case .body(.untilClose):
                body.append(contentsOf: pending)
                pending.removeAll()
                guard body.count <= Self.bodyLimit else { throw .malformedResponse("body over 256 MiB") }
                return nil
            case .complete:
                if !pending.isEmpty { keepAlive = false }
                return HTTPClientResponse(status: status, headers: headers, body: body)
            }
        }
    }

    private mutating func readHead(_ head: [UInt8]) throws(HTTPClientError) {
        let lines = head.split(separator: 10, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
        }
        let statusLine = lines[0].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), statusLine[1].count == 3,
            let code = Int(statusLine[1]), code >= 100
        else {
            throw .malformedResponse("not a status line: \(Self.shown(lines[0]))")
        }
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else {
                throw .malformedResponse("not a header field: \(Self.shown(line))")
            }
            let value = line[line.index(after: colon)...].trimmingSpaces
            fields.append((name: String(line[..<colon]), value: String(value)))
        }
        if code < 200 { return }  // 100 Continue and friends: the real answer follows.
        status = code
        headers = fields
        let connection = Self.values("connection", in: fields)
        keepAlive = statusLine[0] == "HTTP/1.1" ? !connection.contains("close") : connection.contains("keep-alive")
        stage = .body(try framing(code: code))
    }

    private func framing(code: Int) throws(HTTPClientError) -> Framing {
        if !expectsBody || code == 204 || code == 304 { return .length(0) }
        if let coding = Self.values("transfer-encoding", in: headers).last {
            guard coding == "chunked" else { throw .malformedResponse("unsupported transfer coding '\(coding)'") }
            return .chunked
        }
        let lengths = Set(Self.values("content-length", in: headers))
        guard let text = lengths.first else { return .untilClose }
        guard lengths.count == 1, let length = Int(text), length >= 0 else {
            throw .malformedResponse("bad Content-Length '\(lengths.sorted().joined(separator: ", "))'")
        }
        guard length <= Self.bodyLimit else { throw .malformedResponse("body over 256 MiB") }
        return .length(length)
    }

    /// Reads one chunk (or the last chunk and the trailers); false when more bytes are needed.
    private mutating func readChunk() throws(HTTPClientError) -> Bool {
        guard let lineEnd = Self.find([13, 10], in: pending) else {
            guard pending.count <= Self.headLimit else { throw .malformedResponse("chunk size line too long") }
            return false
        }
        let sizeText = String(decoding: pending[..<lineEnd], as: UTF8.self)
            .prefix { $0 != ";" }.trimmingSpaces
        guard let size = Int(sizeText, radix: 16), size >= 0 else {
            throw .malformedResponse("bad chunk size '\(sizeText)'")
        }
        if size == 0 {
            // Trailers end with an empty line; none is the common case.
            let rest = Array(pending[(lineEnd + 2)...])
            if rest.starts(with: [13, 10]) {
                pending = Array(rest.dropFirst(2))
            } else {
                guard let end = Self.find([13, 10, 13, 10], in: rest) else { return false }
                pending = Array(rest[(end + 4)...])
            }
            stage = .complete
            return true
        }
        let start = lineEnd + 2
        guard pending.count >= start + size + 2 else { return false }
        guard pending[start + size] == 13, pending[start + size + 1] == 10 else {
            throw .malformedResponse("chunk not followed by CRLF")
        }
        guard body.count + size <= Self.bodyLimit else { throw .malformedResponse("body over 256 MiB") }
        body.append(contentsOf: pending[start..<(start + size)])
        pending.removeFirst(start + size + 2)
        return true
    }

    /// The comma-separated, lowercased values of every field named `name`.
    private static func values(_ name: String, in fields: [(name: String, value: String)]) -> [String] {
        fields.filter { $0.name.equalsHeaderName(name) }.flatMap { field in
            field.value.split(separator: ",").map { $0.trimmingSpaces.lowercased() }
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            let last = buffer.count - needle.count
            while index <= last {
                if buffer[index] == needle[0] && (1..<needle.count).allSatisfy({ buffer[index + $0] == needle[$0] }) {
                    return index
                }
                index += 1
            }
            return nil
        }
    }

    private static func shown(_ line: String) -> String {
        "'\(line.prefix(60))\(line.count > 60 ? "…" : "")'"
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: SubSequence {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return self[start..<end]
    }
}
