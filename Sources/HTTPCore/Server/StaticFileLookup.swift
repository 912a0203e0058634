import Foundation

/// Where a request path leads in a folder of files, and the type to answer a file with: the mock's `__files`
/// and the web target's local site (`fscript --web DIR`) serve files the same way, so both stay inside their folder.
public enum StaticFileLookup {
    /// The regular file `path` names under `folder`, or nil: a segment that is empty after the first, `.`, `..` or
    /// hidden never leaves the folder or shows a hidden file.
    public static func file(at path: String, in folder: String) -> URL? {
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
    public static func contentType(of file: URL) -> String {
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
