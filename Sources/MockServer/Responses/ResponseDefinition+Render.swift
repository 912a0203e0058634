import Foundation
import HTTPCore

extension ResponseDefinition {
    /// The HTTP response to send: the body read or encoded, template values substituted, the fault attached.
    ///
    /// A missing body file becomes a 500 that names the file, because a test author needs to see the wrong path
    /// more than the app needs a plausible answer.
    func render(request: HTTPRequest, captures: [String: String], substitutesCaptures: Bool, filesDirectory: String?)
        -> HTTPResponse
    {
        if let fault { return .fault(fault) }
        if let templates {
            return renderTemplates(templates, request: request, pathParameters: captures, filesDirectory: filesDirectory)
        }
        let captures = substitutesCaptures ? captures : [:]
        var headers = headers.map { (name: $0.name, value: Self.substitute(captures, in: $0.value)) }
        let bytes: [UInt8]
        switch body {
        case .empty:
            bytes = []
        case .bytes(let raw):
            bytes = raw
        case .text(let text):
            bytes = Array(Self.substitute(captures, in: text).utf8)
        case .json(let text):
            bytes = Array(Self.substitute(captures, in: text).utf8)
            if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                headers.append((name: "Content-Type", value: "application/json"))
            }
        case .file(let path):
            let data: [UInt8]
            switch BodyFile.read(Self.resolve(path, in: filesDirectory)) {
            case .success(let read): data = read
            case .failure(let failure): return BodyFile.failure(failure)
            }
            if captures.isEmpty {
                bytes = data
            } else {
                bytes = Array(Self.substitute(captures, in: String(decoding: data, as: UTF8.self)).utf8)
            }
        case .fileTemplate(let name, _):
            return .text("mock: body file name \(name) is a template, but templating is off\n", status: 500)
        }
        return HTTPResponse(status: status, headers: headers, body: bytes)
    }

    private static func substitute(_ captures: [String: String], in text: String) -> String {
        guard !captures.isEmpty, text.contains("{{") else { return text }
        var result = text
        for (name, value) in captures {
            result = result.replacingOccurrences(of: "{{\(name)}}", with: value)
        }
        return result
    }

    static func resolve(_ path: String, in directory: String?) -> String {
        if path.hasPrefix("/") { return path }
        let base = directory ?? FileManager.default.currentDirectoryPath
        return URL(fileURLWithPath: base).appendingPathComponent(path).path
    }
}
