import Foundation
import HTTPCore
import NIOCore

/// A folder of web files served on loopback, for `fscript --web DIR` (or a path to an `.html` file): a built app
/// (`dist/`) or a page checked into the repository runs without a server of the team's own.
///
/// GET and HEAD only; `/` and folders answer their `index.html`; paths never leave the folder (`StaticFileLookup`).
public final class StaticSite: Sendable {
    private let server: HTTPServer
    /// The page to open: the site's root, or the file the user named.
    public let startURL: String

    private init(server: HTTPServer, startURL: String) {
        self.server = server
        self.startURL = startURL
    }

    /// Serves the folder `path` names (or the folder of the file it names) on a free loopback port.
    public static func start(serving path: String) throws -> StaticSite {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw WebTargetError("--web \(path): no such file or folder; give a URL (http://…) or a local folder")
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        let folder = isDirectory.boolValue ? absolute.path : absolute.deletingLastPathComponent().path
        let page = isDirectory.boolValue ? "" : absolute.lastPathComponent
        let responder = ClosureResponder { request, loop in
            loop.makeSucceededFuture(Self.answer(request, folder: folder))
        }
        let server = try HTTPServer.start(host: "127.0.0.1", port: 0, responder: responder)
        return StaticSite(server: server, startURL: server.url + "/" + page)
    }

    /// True when `value` names a local file or folder rather than a URL.
    public static func isLocal(_ value: String) -> Bool {
        !value.contains("://") && !value.hasPrefix("about:") && !value.hasPrefix("data:")
    }

    static func answer(_ request: HTTPRequest, folder: String) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return HTTPResponse(status: 405, headers: [("Allow", "GET, HEAD")])
        }
        var path = request.path
        if path.hasSuffix("/") { path += "index.html" }
        guard let file = StaticFileLookup.file(at: path, in: folder)
            ?? StaticFileLookup.file(at: path + "/index.html", in: folder),
            let data = FileManager.default.contents(atPath: file.path)
        else {
            return .text("not found: \(request.path)\n", status: 404)
        }
        let type = StaticFileLookup.contentType(of: file)
        return HTTPResponse(
            status: 200,
            headers: [("Content-Type", type.hasPrefix("text/") ? type + "; charset=utf-8" : type),
                ("Cache-Control", "no-store")],
            body: request.method == "HEAD" ? [] : Array(data))
    }

    /// Stops serving.
    public func stop() {
        server.stop()
    }
}
