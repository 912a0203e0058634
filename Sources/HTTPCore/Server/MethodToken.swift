import NIOCore

/// Request methods NIO's parser does not know, let through.
///
/// RFC 9110 §9 makes a method any token, compared case-sensitively, but NIO's HTTP parser (llhttp) knows a fixed
/// list of upper-case names and refuses the rest with a 400: `get` from a hand-written client, `QUERY`, a custom
/// `FOO`. WireMock (Jetty) takes them. So the first bytes of a request are looked at before the parser: a method
/// the parser would refuse is swapped for `GET`, and `ConnectionGuard` hands the method as sent to
/// `HTTPServerHandler`, which puts it back into the request. Only the start of a request that arrives on an idle
/// connection is looked at; a pipelined request behind another one is parsed as it is (and refused as before).
enum MethodToken {
    /// The methods llhttp parses as they are, written as on the wire.
    static let parserMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH", "ACL", "COPY", "LOCK", "MOVE",
        "BIND", "LINK", "MKCOL", "MERGE", "PURGE", "NOTIFY", "SEARCH", "UNLOCK", "REBIND", "UNBIND", "REPORT",
        "UNLINK", "M-SEARCH", "PROPFIND", "CHECKOUT", "PROPPATCH", "SUBSCRIBE", "MKCALENDAR", "MKACTIVITY",
        "UNSUBSCRIBE", "SOURCE",
    ]
    /// The longest method looked for; a longer first word is left to the parser.
    static let longest = 64

    /// When `buffer` starts with a method token the parser would refuse, followed by a space, rewrites it to `GET`
    /// and returns the method as sent; otherwise leaves the buffer alone and returns nil.
    static func substitute(in buffer: inout ByteBuffer) -> String? {
        let view = buffer.readableBytesView
        guard let space = view.prefix(longest + 1).firstIndex(of: UInt8(ascii: " ")), space > view.startIndex else {
            return nil
        }
        let token = view[view.startIndex..<space]
        guard token.allSatisfy(isTokenCharacter) else { return nil }
        let method = String(decoding: token, as: UTF8.self)
        guard !parserMethods.contains(method) else { return nil }
        var rewritten = buffer
        rewritten.moveReaderIndex(forwardBy: token.count)
        var result = ByteBuffer(string: "GET")
        result.writeBuffer(&rewritten)
        buffer = result
        return method
    }

    /// RFC 9110 §5.6.2 `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
