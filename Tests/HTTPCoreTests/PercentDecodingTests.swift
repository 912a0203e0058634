import Foundation
import HTTPCore
import Testing

/// `percentDecoded` replaced Foundation's `removingPercentEncoding` on every request path and query; it must
/// decode, and refuse, exactly the same texts.
@Suite struct PercentDecodingTests {
    @Test(arguments: [
        "", "plain", "/api/item/7", "a%20b", "%2F", "caf%C3%A9", "%e2%82%ac", "100%", "%4", "%zz", "%C3", "%FF%FE",
        "a+b", "%00x", "mixed%2fCase%2F", "ünïcødé", "%%41",
    ])
    func decodesAsFoundationDoes(text: String) {
        #expect(text.percentDecoded == text.removingPercentEncoding, "\(text)")
        #expect(text.dropFirst(0).percentDecoded == text.removingPercentEncoding, "\(text) as a substring")
    }

    @Test func queryItemsReadPlusAsSpaceAndKeepUndecodableValuesAsSent() {
        let request = HTTPRequest(method: "GET", uri: "/s?q=a+b%21&bad=%zz+1&e=&n")
        #expect(request.queryItems.map(\.name) == ["q", "bad", "e", "n"])
        #expect(request.queryItems.map(\.value) == ["a b!", "%zz 1", "", ""])
    }
}

/// A request's path segments and query items are split at the bytes `/`, `&` and `=`, as WireMock (Java's
/// `String.split`) splits them, not at grapheme clusters.
@Suite struct RequestSplittingTests {
    @Test func pathSegmentsAreDecodedAndEmptyOnesLeftOut() {
        #expect(HTTPRequest(method: "GET", uri: "/api/a%20b//7?x=1").pathSegments == ["api", "a b", "7"])
        #expect(HTTPRequest(method: "GET", uri: "/").pathSegments == [])
        #expect(HTTPRequest(method: "GET", uri: "/bad%zz/é").pathSegments == ["bad%zz", "é"])
        // A combining accent after the slash is one grapheme with it, and still a new segment.
        #expect(HTTPRequest(method: "GET", uri: "/a/\u{301}b").pathSegments == ["a", "\u{301}b"])
    }

    @Test func queryItemsAreFormDecodedInOrder() {
        let items = HTTPRequest(method: "GET", uri: "/p?a=1&&b=x+y%21&a=2&flag&=v&c=%zz&\u{301}d=3").queryItems
        #expect(items.map(\.name) == ["a", "b", "a", "flag", "", "c", "\u{301}d"])
        #expect(items.map(\.value) == ["1", "x y!", "2", "", "v", "%zz", "3"])
    }
}
