/// What a request must look like: for a stub to answer it, and for the journal to count or wait for it.
///
/// Every field left empty matches anything, so `RequestPattern()` matches every request.
public struct RequestPattern: Sendable, Hashable {
    /// The method, compared case-insensitively; nil or `ANY` matches every method.
    public var method: String?
    /// The URL, or nil for any URL.
    public var url: URLPattern?
    /// Query parameters by name; each must match one of the values sent under that name.
    public var queryParameters: [String: ValuePattern]
    /// Headers by name (names compared case-insensitively); each must match one of the values sent.
    public var headers: [String: ValuePattern]
    /// Cookies by name (from the `Cookie` headers); each must match one of the values sent (WireMock's `cookies`).
    public var cookies: [String: ValuePattern] = [:]
    /// Body patterns; every one must match.
    public var bodyPatterns: [BodyPattern]
    /// The named segments of a path template (`/items/{id}`) and what each must be (WireMock's `pathParameters`).
    public var pathParameters: [String: ValuePattern] = [:]
    /// The methods one of which the request must have (WireMock 3's `"method": {"oneOf": [...]}`), upper case.
    public var methodOneOf: [String] = []
    /// Form fields of a url-encoded body by name; each must match one of the values sent (`formParameters`).
    public var formParameters: [String: ValuePattern] = [:]
    /// The host the request was for (its Host header's name part, lower case), as WireMock's `host`: which of the
    /// domains a browser proxy serves the stub answers.
    public var host: ValuePattern?
    /// `http` or `https`, as WireMock's `scheme`.
    public var scheme: String?
    /// The port the request was for (its Host header's, or the scheme's default), as WireMock's `port`.
    public var port: Int?

    /// Makes a pattern; leave out what should not matter.
    public init(
        method: String? = nil,
        url: URLPattern? = nil,
        queryParameters: [String: ValuePattern] = [:],
        headers: [String: ValuePattern] = [:],
        bodyPatterns: [BodyPattern] = []
    ) {
        self.method = method
        self.url = url
        self.queryParameters = queryParameters
        self.headers = headers
        self.bodyPatterns = bodyPatterns
    }

    /// A pattern for one method and an exact path, the common case: `.init(method: "GET", path: "/api/items")`.
    public init(method: String?, path: String) {
        self.init(method: method, url: .path(path))
    }

    /// The method this pattern requires, or nil when any method will do. Compared as written, as WireMock compares
    /// it with the request's upper-cased method: a mapping's `"get"` (or `"any"`) matches no request there, and
    /// none here either; fscript's own API (Lua's `method = "get"`) upper-cases before it gets here.
    var requiredMethod: String? {
        guard let method, method != "ANY" else { return nil }
        return method
    }

    /// The pattern as one line: `POST /api/login with JSON body {"user":"alice"}`.
    public var summary: String {
        let method = methodOneOf.isEmpty ? requiredMethod ?? "ANY" : methodOneOf.joined(separator: "|")
        var line = "\(method) \(url?.summary ?? "any URL")"
        var clauses: [String] = []
        if let host { clauses.append("host \(host.summary)") }
        if let scheme { clauses.append("scheme \(scheme)") }
        if let port { clauses.append("port \(port)") }
        for (name, value) in queryParameters.sorted(by: { $0.key < $1.key }) {
            clauses.append(value == .absent ? "no query \(name)" : "query \(name)=\(value.summary)")
        }
        for (name, value) in headers.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            clauses.append(value == .absent ? "no header \(name)" : "header \(name): \(value.summary)")
        }
        for (name, value) in cookies.sorted(by: { $0.key < $1.key }) {
            clauses.append(value == .absent ? "no cookie \(name)" : "cookie \(name)=\(value.summary)")
        }
        for (name, value) in pathParameters.sorted(by: { $0.key < $1.key }) {
            clauses.append("path parameter \(name) \(value.summary)")
        }
        for (name, value) in formParameters.sorted(by: { $0.key < $1.key }) {
            clauses.append("form parameter \(name)=\(value.summary)")
        }
        clauses += bodyPatterns.map(\.summary)
        if !clauses.isEmpty { line += " with " + clauses.joined(separator: ", ") }
        return line
    }
}
