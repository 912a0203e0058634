import Foundation
import HTTPCore
import JSON

/// The model a response template sees: `request` as WireMock documents it, and `parameters`, the stub's
/// `transformerParameters`.
enum RequestTemplateModel {
    static func make(
        _ request: HTTPRequest, pathParameters: [String: String], parameters: JSONValue?
    ) -> TemplateValue {
        let path = request.path
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map {
            String($0).percentDecoded ?? String($0)
        }
        let hostHeader = request.header("Host") ?? "localhost"
        let (host, port) = split(hostHeader)
        let scheme = "http"
        var model: [(key: String, value: TemplateValue)] = [
            ("id", .string(RandomUUID.text())),
            ("url", .string(request.uri)),
            ("path", .path(path, segments: segments, parameters: pathParameters)),
            ("pathSegments", .array(segments.map { .string($0) })),
            ("query", grouped(request.queryItems, sameName: caseInsensitive)),
            ("method", .string(request.method)),
            ("host", .string(host)),
            ("port", port.map { .integer(Int64($0)) } ?? .integer(80)),
            ("scheme", .string(scheme)),
            ("baseUrl", .string("\(scheme)://\(hostHeader)")),
            ("headers", grouped(request.headers, sameName: { $0.equalsHeaderName($1) })),
            ("cookies", grouped(request.cookies, sameName: caseInsensitive)),
            ("body", .string(String(decoding: request.body, as: UTF8.self))),
            ("bodyAsBase64", .string(Data(request.body).base64EncodedString())),
        ]
        model.append(("multipart", .bool(request.header("Content-Type")?.lowercased().hasPrefix("multipart/") == true)))
        var top: [(key: String, value: TemplateValue)] = [("request", .object(model))]
        if let parameters { top.append(("parameters", TemplateValue(parameters))) }
        return .object(top)
    }

    /// Repeated names gathered into one entry each, in order of first appearance; header names as sent.
    /// Header names are ASCII tokens, so they compare byte by byte; query and cookie names may not be.
    private static func grouped(
        _ pairs: [(name: String, value: String)], sameName: (String, String) -> Bool
    ) -> TemplateValue {
        var order: [String] = []
        var values: [String: [String]] = [:]
        for (name, value) in pairs {
            let key = order.first { sameName($0, name) } ?? name
            if values[key] == nil { order.append(key) }
            values[key, default: []].append(value)
        }
        return .object(order.map { (key: $0, value: .values(values[$0]!)) })
    }

    private static func caseInsensitive(_ a: String, _ b: String) -> Bool {
        a.caseInsensitiveCompare(b) == .orderedSame
    }

    private static func split(_ host: String) -> (String, Int?) {
        if host.hasPrefix("["), let end = host.firstIndex(of: "]") {  // [::1]:8080
            let name = String(host[...end])
            let rest = host[host.index(after: end)...]
            return (name, rest.hasPrefix(":") ? Int(rest.dropFirst()) : nil)
        }
        guard let colon = host.lastIndex(of: ":") else { return (host, nil) }
        return (String(host[..<colon]), Int(host[host.index(after: colon)...]))
    }
}
