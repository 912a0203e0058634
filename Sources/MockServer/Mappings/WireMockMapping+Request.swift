import Foundation
import JSON

/// WireMock's request patterns: a mapping's `request`, and the bodies of the admin API's request queries.
extension WireMockMapping {
    /// The URL keys, each with the pattern it makes; a request pattern has at most one.
    private static let urlKeys: [(key: String, make: @Sendable (String) throws(MockServerError) -> URLPattern)] = [
        ("url", { .url($0) }), ("urlPath", { .path($0) }),
        ("urlPattern", { text throws(MockServerError) in try .urlMatching(text) }),
        ("urlPathPattern", { text throws(MockServerError) in try .pathMatching(text) }),
        ("urlPathTemplate", { .pathTemplate($0) }),
    ]

    /// A request pattern in WireMock's JSON (a mapping's `request`, or the body of `/__admin/requests/count`).
    static func requestPattern(_ request: JSONValue, at path: String) throws(Problem) -> RequestPattern {
        try Fields.read(request, at: path) { fields throws(Problem) in
            var pattern = RequestPattern(method: nil)
            if case .object = fields.value("method") {
                pattern.methodOneOf = try fields.object("method", methodList) ?? []
            } else {
                pattern.method = try fields.string("method")
            }
            if let key = try fields.oneOf(urlKeys.map(\.key)), let make = urlKeys.first(where: { $0.key == key })?.make {
                let text = try fields.requiredString(key)
                // WireMock compares `url` and `urlPath` with the URL as sent, where a space is always `%20`: a raw
                // space would never match there, so it is refused here rather than matched as `%20`.
                if key == "url" || key == "urlPath", text.contains(" ") {
                    throw fields.fail(key, "'\(text)' has a space, which no request sends; write it as %20")
                }
                do throws(MockServerError) {
                    pattern.url = try make(text)
                } catch {
                    throw fields.fail(key, error.description)
                }
            }
            pattern.pathParameters = try valuePatterns(fields, "pathParameters")
            try checkPathParameters(pattern, fields)
            pattern.queryParameters = try valuePatterns(fields, "queryParameters")
            pattern.headers = try valuePatterns(fields, "headers")
            pattern.cookies = try valuePatterns(fields, "cookies")
            pattern.formParameters = try valuePatterns(fields, "formParameters")
            pattern.host = try fields.object("host", valuePattern)
            if let scheme = try fields.string("scheme") {
                guard ["http", "https"].contains(scheme.lowercased()) else {
                    throw fields.fail("scheme", "expected \"http\" or \"https\", got \"\(scheme)\"")
                }
                pattern.scheme = scheme.lowercased()
            }
            pattern.port = try fields.integer("port", in: 1...65535).map(Int.init)
            if let authorization = try basicAuthorization(fields) {
                guard pattern.headers.keys.allSatisfy({ $0.lowercased() != "authorization" }) else {
                    throw fields.fail("basicAuthCredentials", "cannot be given beside an Authorization header matcher")
                }
                // The scheme's case does not matter (`BASIC …` is accepted, as in WireMock); the credentials' does.
                let escaped = NSRegularExpression.escapedPattern(for: String(authorization.dropFirst("Basic ".count)))
                guard let header = try? ValuePattern.matches("(?i:basic) " + escaped) else {
                    throw fields.fail("basicAuthCredentials", "cannot be matched")
                }
                pattern.headers["Authorization"] = header
            }
            for (index, item) in (try fields.array("bodyPatterns") ?? []).enumerated() {
                pattern.bodyPatterns.append(try bodyPattern(item, at: "\(fields.path(of: "bodyPatterns"))[\(index)]"))
            }
            if let custom = fields.value("customMatcher") {
                pattern.bodyPatterns.append(try customMatcher(custom, at: fields.path(of: "customMatcher")))
            }
            return pattern
        }
    }

    /// Path parameters constrain the `{names}` of a `urlPathTemplate`, so each must name one of them.
    private static func checkPathParameters(_ pattern: RequestPattern, _ fields: Fields) throws(Problem) {
        if let template = pattern.url?.template?.text {
            for name in pattern.pathParameters.keys.sorted() where !template.contains("{\(name)}") {
                throw fields.fail("pathParameters.\(name)", "the urlPathTemplate \(template) has no {\(name)}")
            }
        } else if !pattern.pathParameters.isEmpty {
            throw fields.fail("pathParameters", "needs a urlPathTemplate whose {names} they constrain")
        }
    }

    /// `{"oneOf": ["GET", "PUT"]}`: the methods, upper case.
    private static func methodList(_ spec: Fields) throws(Problem) -> [String] {
        guard let items = try spec.array("oneOf"), !items.isEmpty else {
            throw spec.fail("oneOf", "expected a non-empty array of methods")
        }
        var methods: [String] = []
        for item in items {
            guard let method = item.stringValue, !method.isEmpty else {
                throw spec.fail("oneOf", "expected method names, got \(item.jsonString)")
            }
            methods.append(method.uppercased())
        }
        return methods
    }

    /// `basicAuthCredentials` as the Authorization header value WireMock compares: Basic base64(user:password).
    private static func basicAuthorization(_ fields: Fields) throws(Problem) -> String? {
        try fields.object("basicAuthCredentials") { credentials throws(Problem) in
            let user = try credentials.string("username"), password = try credentials.string("password")
            guard let user, let password else { throw credentials.fail(nil, "needs a username and a password") }
            return "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        }
    }

    /// A map of names to string matchers: `queryParameters`, `headers`, `cookies`, `pathParameters`.
    private static func valuePatterns(_ fields: Fields, _ key: String) throws(Problem)
        -> [String: ValuePattern]
    {
        try fields.object(key) { names throws(Problem) in
            var patterns: [String: ValuePattern] = [:]
            for (name, matcher) in names.entries() {
                patterns[name] = try Fields.read(matcher, at: names.path(of: name)) { spec throws(Problem) in
                    try valuePattern(spec)
                }
            }
            return patterns
        } ?? [:]
    }
}
