import Foundation
import NIOCore

/// One HTTP request as a responder sees it: the whole body already read, headers in arrival order.
///
/// The servers built on HTTPCore (the simulator, the mock backend) all need the complete body before they can
/// answer, so the handler collects it and hands over a plain value that is easy to match and journal.
public struct HTTPRequest: Sendable {
    /// The method as sent (`GET`, `POST`, …).
    public var method: String
    /// The request target as sent, query included.
    public var uri: String
    /// The path part of the target, still percent-encoded, without the query.
    public var path: String
    /// The raw query string without `?`, or an empty string.
    public var query: String
    /// The headers in the order they arrived.
    public var headers: [(name: String, value: String)]
    /// The body bytes, empty when there was none.
    public var body: [UInt8]
    /// Succeeds when the client's connection closes, so a responder that holds an answer back (the mock's hang
    /// fault) can stop counting it as in flight. Nil for requests made in tests without a connection.
    public var connectionClosed: EventLoopFuture<Void>?
    /// `https` when it came over TLS (an HTTPS listener, or a proxy's intercepted tunnel), else `http`.
    public var scheme = "http"
    /// True for a browser proxy's request (absolute form, or inside a CONNECT tunnel), whose Host is the real
    /// host it was for: what `--proxy-pass-through` may forward there.
    public var viaProxy = false

    public init(method: String, uri: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.uri = uri
        if let mark = uri.utf8.firstIndex(of: UInt8(ascii: "?")) {
            path = String(uri[..<mark])
            query = String(uri[uri.utf8.index(after: mark)...])
        } else {
            path = uri
            query = ""
        }
        self.headers = headers
        self.body = body
    }

    /// The first value of the named header, compared case-insensitively as HTTP requires.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.equalsHeaderName(name) }?.value
    }

    /// The cookies of every `Cookie` header, in order (`name=value; other=2`), values as sent.
    public var cookies: [(name: String, value: String)] {
        headers.filter { $0.name.equalsHeaderName("Cookie") }.flatMap { header in
            header.value.split(separator: ";").compactMap { pair -> (name: String, value: String)? in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = parts[0].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { return nil }
                return (name: name, value: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
            }
        }
    }

    /// The query parameters, percent-decoded (`+` as space), in order; repeated names appear repeatedly.
    public var queryItems: [(name: String, value: String)] { query.formItems }

    /// The path's segments between slashes, each percent-decoded (as sent when that fails), empty ones left out:
    /// `/api/a%20b//7` is `api`, `a b`, `7`.
    public var pathSegments: [String] {
        path.piecesAtByte(UInt8(ascii: "/")) { bytes in
            PercentDecoding.decode(bytes, whole: String(decoding: bytes, as: UTF8.self))
                ?? String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The path percent-decoded, for matching against what a person wrote in a stub or a route.
    public var decodedPath: String { path.percentDecoded ?? path }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

extension String {
    /// `a=1&b=x+y` as name/value pairs, `+` a space and `%XX` decoded, in order: a query, or a form body
    /// (`application/x-www-form-urlencoded`). A pair without `=` has an empty value; empty pairs are left out.
    public var formItems: [(name: String, value: String)] {
        piecesAtByte(UInt8(ascii: "&")) { pair in
            func decoded(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
                PercentDecoding.formDecode(bytes, whole: String(decoding: bytes, as: UTF8.self))
            }
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { return (decoded(pair), "") }
            return (name: decoded(pair[..<equals]), value: decoded(pair[(equals + 1)...]))
        }
    }

    /// What `make` makes of each non-empty piece between the ASCII `separator` bytes, in order. Splitting bytes,
    /// not `Character`s: a URL's `/`, `&` and `=` separate whatever follows them (as Java's `String.split`, which
    /// WireMock uses, does); and on the bytes themselves, since `split(separator:)` on characters cost a mock
    /// request thousands of instructions a call, and stepping through `utf8` by index a thousand more.
    func piecesAtByte<Piece>(_ separator: UInt8, _ make: (Slice<UnsafeBufferPointer<UInt8>>) -> Piece) -> [Piece] {
        var text = self
        return text.withUTF8 { bytes in
            var pieces: [Piece] = []
            var start = 0
            for index in bytes.indices where bytes[index] == separator {
                if start < index { pieces.append(make(bytes[start..<index])) }
                start = index + 1
            }
            if start < bytes.count { pieces.append(make(bytes[start..<bytes.count])) }
            return pieces
        }
    }
}
