import Foundation
import HTTPCore
import JSON

/// The model a response template sees: `request` as WireMock documents it, and `parameters`, the stub's
/// `transformerParameters`.
enum RequestTemplateModel {
    /// The members of `request`, in WireMock's order.
    enum Member: String, CaseIterable, Sendable {
        case id, url, path, pathSegments, query, method, host, port, scheme, baseUrl, headers, cookies, body
        case bodyAsBase64, multipart
    }

    /// The members named in `fields` (`Template.requestFields`, lowercased), or all of them when nil: worked out
    /// once per stub, so building a request's model neither hashes nor compares member names.
    static func members(reading fields: Set<String>?) -> [Member] {
        guard let fields else { return Member.allCases }
        return Member.allCases.filter { fields.contains($0.rawValue.lowercased()) }
    }

    /// The model with these members of `request`; a member left out is one no template of the response reads.
    static func make(
        _ request: HTTPRequest, pathParameters: [String: String], parameters: JSONValue?,
        members: [Member] = Member.allCases
    ) -> TemplateValue {
        let path = request.path
        lazy var segments = request.pathSegments
        lazy var hostHeader = request.header("Host") ?? "localhost"
        let scheme = "http"
        func value(of member: Member) -> TemplateValue {
            switch member {
            case .id: return .string(RandomUUID.text())
            case .url: return .string(request.uri)
            case .path: return .path(path, segments: segments, parameters: pathParameters)
            case .pathSegments: return .array(segments.map { .string($0) })
            case .query: return grouped(request.queryItems)
            case .method: return .string(request.method)
            case .host: return .string(split(hostHeader).0)
            case .port: return split(hostHeader).1.map { .integer(Int64($0)) } ?? .integer(80)
            case .scheme: return .string(scheme)
            case .baseUrl: return .string("\(scheme)://\(hostHeader)")
            case .headers: return grouped(request.headers)
            case .cookies: return grouped(request.cookies)
            case .body: return .string(String(decoding: request.body, as: UTF8.self))
            case .bodyAsBase64: return .string(Data(request.body).base64EncodedString())
            case .multipart: return .bool(request.header("Content-Type")?.lowercased().hasPrefix("multipart/") == true)
            }
        }
        var model: [(key: String, value: TemplateValue)] = []
        model.reserveCapacity(members.count)
        for member in members { model.append((member.rawValue, value(of: member))) }
        var top: [(key: String, value: TemplateValue)] = [("request", .object(model))]
        if let parameters { top.append(("parameters", TemplateValue(parameters))) }
        return .object(top)
    }

    /// Repeated names gathered into one entry each, in order of first appearance, named as first sent. Names are
    /// the same when their lowercased forms are (header names are ASCII; a query or cookie name may not be).
    ///
    /// A handful of names are compared one by one, which costs less than hashing (and two ASCII names without
    /// lowercasing either); past `linearGroups` they are looked up by their lowercased form: comparing each name
    /// with all before it made a query of 8,000 names (it fits in a 32 KiB head) take seconds.
    private static func grouped(_ pairs: [(name: String, value: String)]) -> TemplateValue {
        // The entries as they will be returned, appended to in place: one array for them and one per name.
        var groups: [(key: String, value: TemplateValue)] = []
        var byLowercased: [String: Int]?
        for (name, value) in pairs {
            if byLowercased == nil, groups.count > linearGroups {
                byLowercased = Dictionary(
                    groups.enumerated().map { ($1.key.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
            }
            let found = byLowercased.map { $0[name.lowercased()] } ?? groups.firstIndex { sameName($0.key, name) }
            guard let found else {
                byLowercased?[name.lowercased()] = groups.count
                groups.append((name, .values([value])))
                continue
            }
            guard case .values(var values) = groups[found].value else { continue }
            groups[found].value = .null  // so `values` is the array's one reference, and grows in place
            values.append(value)
            groups[found].value = .values(values)
        }
        return .object(groups)
    }

    /// Whether two names have the same lowercased form: compared byte by byte, ignoring ASCII case, when both
    /// are ASCII (the same answer without making two strings).
    private static func sameName(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        let isASCII = { (text: String) in text.utf8.allSatisfy { $0 < 0x80 } }
        guard isASCII(a), isASCII(b) else { return a.lowercased() == b.lowercased() }
        return a.equalsHeaderName(b)
    }

    /// How many names `grouped` compares one by one before it looks them up instead.
    private static let linearGroups = 8

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
