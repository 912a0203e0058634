/// Request methods NIO's parser does not know, let through.
///
/// RFC 9110 §9 makes a method any token, compared case-sensitively, but NIO's HTTP parser (llhttp) knows a fixed
/// list of upper-case names and refuses the rest with a 400: `get` from a hand-written client, `QUERY`, a custom
/// `FOO`. WireMock (Jetty) takes them. So the first bytes of each request are looked at before the parser
/// (`RequestBoundaries` finds where requests start, pipelined ones included): a method the parser would refuse is
/// swapped for `GET`, and `ConnectionGuard` hands the method as sent to `HTTPServerHandler`, which puts it back
/// into the request.
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

    /// RFC 9110 §5.6.2 `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
