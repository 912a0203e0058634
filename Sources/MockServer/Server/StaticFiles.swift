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
        guard root != nil, let file = file(at: request.path, in: filesDirectory),
            let data = FileManager.default.contents(atPath: file.path)
        else { return nil }
        return HTTPResponse(status: 200, headers: [("Content-Type", contentType(of: file))], body: Array(data))
    }

    /// The regular file `path` names under `folder`, or nil: a segment that is empty after the first, `.`, `..` or
    /// hidden never leaves the folder or shows a hidden file.
    static func file(at path: String, in folder: String) -> URL? {
        guard let decoded = path.percentDecoded else { return nil }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.isEmpty, !segments.contains(where: { $0.hasPrefix(".") || $0.contains("\\") }) else {
            return nil
        }
        var file = URL(fileURLWithPath: folder)
        for segment in segments { file.appendPathComponent(String(segment)) }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory)
        guard exists, !isDirectory.boolValue else { return nil }
        return file
    }

    /// The content type Jetty gives a file by its extension; octet-stream for the rest.
    static func contentType(of file: URL) -> String {
        switch file.pathExtension.lowercased() {
        case "json": return "application/json"
        case "txt": return "text/plain"
        case "html", "htm": return "text/html"
        case "xml": return "application/xml"
        case "css": return "text/css"
        case "js": return "application/javascript"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "svg": return "image/svg+xml"
        case "pdf": return "application/pdf"
        default: return "application/octet-stream"
        }
    }
}
