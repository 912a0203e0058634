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
