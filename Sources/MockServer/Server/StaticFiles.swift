import Foundation
import HTTPCore

/// WireMock's last resort for a GET no stub answers: the file at the request's path under the loaded root's
/// `__files` (`GET /hello.txt` answers `__files/hello.txt`), served as Jetty's default servlet serves it. And as
/// there, a GET spelt in another case (`get`, `Get`) that no stub answers is a 501: Jetty upper-cases the method
/// for matching but its file servlet knows only `GET`.
enum StaticFiles {
    /// The answer for an unmatched request sent with method `sent` (upper-cased as `request.method`), or nil when
    /// it stays the usual 404: not a GET, no root loaded, or no regular file at that path.
    static func answer(_ request: HTTPRequest, sent: String, root: String?, filesDirectory: String) -> HTTPResponse? {
        guard request.method == "GET" else { return nil }
        if sent != "GET" {
            return .text("Method \(sent) is not implemented: WireMock answers a GET spelt '\(sent)' that no stub "
                + "matches with 501; send GET\n", status: 501)
        }
        guard root != nil, let file = StaticFileLookup.file(at: request.path, in: filesDirectory) else { return nil }
        switch BodyFile.read(file.path) {
        case .success(let data):
            return HTTPResponse(status: 200, headers: [("Content-Type", StaticFileLookup.contentType(of: file))], body: data)
        case .failure(let failure):
            return failure.kind == .missing ? nil : BodyFile.failure(failure)
        }
    }
}
