import Foundation
import HTTPCore
import JSON

/// The model a response template sees: `request` as WireMock documents it, and `parameters`, the stub's
/// `transformerParameters`.
enum RequestTemplateModel {
    /// The members of `request`, in WireMock's order.
    static let members = [
        "id", "url", "path", "pathSegments", "query", "method", "host", "port", "scheme", "baseUrl", "headers", "cookies",
        "body", "bodyAsBase64", "multipart",
    ]

    /// The model with the members of `request` named in `fields` (`Template.requestFields`), or all of them when
    /// nil; a member left out is one no template of the response reads.
    static func make(
        _ request: HTTPRequest, pathParameters: [String: String], parameters: JSONValue?, fields: Set<String>? = nil
    ) -> TemplateValue {
        let path = request.path
        lazy var segments = path.split(separator: "/", omittingEmptySubsequences: true).map {
            String($0).percentDecoded ?? String($0)
        }
        let hostHeader = request.header("Host") ?? "localhost"
        let scheme = "http"
        func member(_ key: String) -> TemplateValue {
            switch key {
            case "id": return .string(RandomUUID.text())
            case "url": return .string(request.uri)
            case "path": return .path(path, segments: segments, parameters: pathParameters)
            case "pathSegments": return .array(segments.map { .string($0) })
            case "query": return grouped(request.queryItems, sameName: caseInsensitive)
            case "method": return .string(request.method)
            case "host": return .string(split(hostHeader).0)
            case "port": return split(hostHeader).1.map { .integer(Int64($0)) } ?? .integer(80)
            case "scheme": return .string(scheme)
            case "baseUrl": return .string("\(scheme)://\(hostHeader)")
            case "headers": return grouped(request.headers, sameName: { $0.equalsHeaderName($1) })
            case "cookies": return grouped(request.cookies, sameName: caseInsensitive)
            case "body": return .string(String(decoding: request.body, as: UTF8.self))
            case "bodyAsBase64": return .string(Data(request.body).base64EncodedString())
            case "multipart": return .bool(request.header("Content-Type")?.lowercased().hasPrefix("multipart/") == true)
            default: preconditionFailure("no request member \(key)")
            }
        }
        var model: [(key: String, value: TemplateValue)] = []
        for key in members where fields?.contains(key.lowercased()) ?? true {
            model.append((key, member(key)))
        }
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
