import HTTPCore
import JSON

/// A `RequestPattern` made ready to run: regular expressions compiled, JSON parsed, the template split.
///
/// It checks every part of a request rather than stopping at the first difference, because the near-miss
/// explanation and the choice of the closest stub need the whole list.
struct RequestMatcher: Sendable {
    let pattern: RequestPattern
    private let url: CompiledURL?
    private let query: [(name: String, value: CompiledValue)]
    private let headers: [(name: String, value: CompiledValue)]
    private let cookies: [(name: String, value: CompiledValue)]
    private let bodies: [CompiledBody]
    private let pathParameters: [(name: String, value: CompiledValue)]

    init(_ pattern: RequestPattern) throws(MockServerError) {
        self.pattern = pattern
        url = try pattern.url.map { url throws(MockServerError) in try CompiledURL(url) }
        var query: [(name: String, value: CompiledValue)] = []
        for (name, value) in pattern.queryParameters.sorted(by: { $0.key < $1.key }) {
            query.append((name, try CompiledValue(value)))
        }
        self.query = query
        var headers: [(name: String, value: CompiledValue)] = []
        for (name, value) in pattern.headers.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            headers.append((name, try CompiledValue(value)))
        }
        self.headers = headers
        var cookies: [(name: String, value: CompiledValue)] = []
        for (name, value) in pattern.cookies.sorted(by: { $0.key < $1.key }) {
            cookies.append((name, try CompiledValue(value)))
        }
        self.cookies = cookies
        var bodies: [CompiledBody] = []
        for body in pattern.bodyPatterns { bodies.append(try CompiledBody(body)) }
        self.bodies = bodies
        var parameters: [(name: String, value: CompiledValue)] = []
        for (name, value) in pattern.pathParameters.sorted(by: { $0.key < $1.key }) {
            parameters.append((name, try CompiledValue(value)))
        }
        pathParameters = parameters
    }

    /// Checks every part of the request and lists what did not match.
    func evaluate(_ request: HTTPRequest) -> MatchOutcome {
        var outcome = MatchOutcome()
        if let method = pattern.requiredMethod, method != request.method.uppercased() {
            outcome.mismatches.append(Mismatch(part: "method", expected: method, actual: request.method, weight: 2))
        }
        if let url {
            switch url.match(request) {
            case .matched(let captures):
                outcome.captures = captures
                for (name, value) in pathParameters {
                    let sent = captures[name].map { [$0] } ?? []
                    if !value.accepts(sent) {
                        outcome.mismatches.append(Mismatch(
                            part: "path parameter \(name)", expected: value.expectation, actual: Self.list(sent), weight: 1))
                    }
                }
            case .missed(let mismatch): outcome.mismatches.append(mismatch)
            }
        }
        let items = request.queryItems
        for (name, value) in query {
            let sent = items.filter { $0.name == name }.map(\.value)
            if !value.accepts(sent) {
                let part = "query parameter \(name)"
                outcome.mismatches.append(
                    Mismatch(part: part, expected: value.expectation, actual: Self.list(sent), weight: 1)
                )
            }
        }
        for (name, value) in headers {
            let sent = request.headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
            if !value.accepts(sent) {
                outcome.mismatches.append(
                    Mismatch(part: "header \(name)", expected: value.expectation, actual: Self.list(sent), weight: 1)
                )
            }
        }
        if !cookies.isEmpty {
            let jar = request.cookies
            for (name, value) in cookies {
                let sent = jar.filter { $0.name == name }.map(\.value)
                if !value.accepts(sent) {
                    outcome.mismatches.append(
                        Mismatch(part: "cookie \(name)", expected: value.expectation, actual: Self.list(sent), weight: 1))
                }
            }
        }
        for body in bodies {
            if let mismatch = body.check(request.body) { outcome.mismatches.append(mismatch) }
        }
        return outcome
    }

    private static func list(_ values: [String]) -> String {
        values.isEmpty ? "nothing" : values.joined(separator: ", ")
    }
}

/// Whether the URL fit, with the template's captures, or how it did not.
private enum URLMatch {
    case matched([String: String])
    case missed(Mismatch)
}

/// A URL pattern with its expression compiled or its template split.
private enum CompiledURL: Sendable {
    case path(String)
    case pathRegex(CompiledRegex)
    case template(String, PathTemplate)
    case url(String)
    case urlRegex(CompiledRegex)

    init(_ pattern: URLPattern) throws(MockServerError) {
        switch pattern {
        case .path(let path): self = .path(path)
        case .pathMatching(let pattern): self = .pathRegex(try CompiledRegex(pattern))
        case .pathTemplate(let template): self = .template(template, PathTemplate(template))
        case .url(let url): self = .url(url)
        case .urlMatching(let pattern): self = .urlRegex(try CompiledRegex(pattern))
        }
    }

    func match(_ request: HTTPRequest) -> URLMatch {
        let path = request.decodedPath
        let url = request.query.isEmpty ? path : "\(path)?\(request.query)"
        switch self {
        case .path(let expected):
            return expected == path || expected == request.path ? .matched([:]) : .missed(miss("path", expected, path))
        case .pathRegex(let regex):
            return regex.matches(path) ? .matched([:]) : .missed(miss("path", "matching \(regex.pattern)", path))
        case .template(let text, let template):
            return template.match(request.path).map(URLMatch.matched) ?? .missed(miss("path", text, path))
        case .url(let expected):
            let matched = expected == request.uri || expected == url || expected == request.uri.removingPercentEncoding
            return matched ? .matched([:]) : .missed(miss("URL", expected, url))
        case .urlRegex(let regex):
            let matched = regex.matches(url) || regex.matches(request.uri)
            return matched ? .matched([:]) : .missed(miss("URL", "matching \(regex.pattern)", url))
        }
    }

    private func miss(_ part: String, _ expected: String, _ actual: String) -> Mismatch {
        Mismatch(part: part, expected: expected, actual: actual, weight: 3)
    }
}

/// A value pattern ready to test the values sent under one name.
private indirect enum CompiledValue: Sendable {
    case equal(String)
    case equalIgnoringCase(String)
    case contains(String)
    case notContaining(String)
    case regex(CompiledRegex)
    case notRegex(CompiledRegex)
    case absent
    case all([CompiledValue])
    case any([CompiledValue])

    init(_ pattern: ValuePattern) throws(MockServerError) {
        switch pattern {
        case .equalTo(let text): self = .equal(text)
        case .equalToIgnoringCase(let text): self = .equalIgnoringCase(text)
        case .contains(let text): self = .contains(text)
        case .doesNotContain(let text): self = .notContaining(text)
        case .matches(let pattern): self = .regex(try CompiledRegex(pattern))
        case .doesNotMatch(let pattern): self = .notRegex(try CompiledRegex(pattern))
        case .absent: self = .absent
        case .all(let patterns):
            var compiled: [CompiledValue] = []
            for pattern in patterns { compiled.append(try CompiledValue(pattern)) }
            self = .all(compiled)
        case .any(let patterns):
            var compiled: [CompiledValue] = []
            for pattern in patterns { compiled.append(try CompiledValue(pattern)) }
            self = .any(compiled)
        }
    }

    /// True when one of the values sent fits (or, for `absent`, when none was sent).
    func accepts(_ values: [String]) -> Bool {
        switch self {
        case .absent: return values.isEmpty
        case .equal(let text): return values.contains(text)
        case .equalIgnoringCase(let text): return values.contains { $0.lowercased() == text.lowercased() }
        case .contains(let text): return values.contains { $0.contains(text) }
        case .notContaining(let text): return !values.isEmpty && values.contains { !$0.contains(text) }
        case .regex(let regex): return values.contains { regex.matches($0) }
        case .notRegex(let regex): return !values.isEmpty && values.contains { !regex.matches($0) }
        case .all(let patterns): return patterns.allSatisfy { $0.accepts(values) }
        case .any(let patterns): return patterns.contains { $0.accepts(values) }
        }
    }

    var expectation: String {
        switch self {
        case .absent: return "nothing"
        case .equal(let text): return text
        case .equalIgnoringCase(let text): return "\(text) (any case)"
        case .contains(let text): return "containing \(text)"
        case .notContaining(let text): return "not containing \(text)"
        case .regex(let regex): return "matching \(regex.pattern)"
        case .notRegex(let regex): return "not matching \(regex.pattern)"
        case .all(let patterns): return patterns.map(\.expectation).joined(separator: " and ")
        case .any(let patterns): return patterns.map(\.expectation).joined(separator: " or ")
        }
    }
}

/// A body pattern with its JSON parsed or its expression compiled.
struct CompiledBody: Sendable {
    private enum Check: Sendable {
        case equal(String)
        case contains(String)
        case notContaining(String)
        case absent
        case regex(CompiledRegex)
        case notMatching(CompiledRegex)
        case json(JSONValue, JSONMatchOptions)
        case jsonPath(JSONPath, CompiledValue?)
    }

    private let check: Check
    private let expectation: String

    init(_ pattern: BodyPattern) throws(MockServerError) {
        expectation = pattern.expectation
        switch pattern {
        case .equalTo(let text): check = .equal(text)
        case .contains(let text): check = .contains(text)
        case .doesNotContain(let text): check = .notContaining(text)
        case .absent: check = .absent
        case .matches(let pattern): check = .regex(try CompiledRegex(pattern))
        case .doesNotMatch(let pattern): check = .notMatching(try CompiledRegex(pattern))
        case .json(let text, let options):
            let json: JSONValue
            do {
                json = try JSONValue(parsing: text.utf8)
            } catch {
                throw .invalidJSON(text, role: "the expected JSON body", reason: error.description)
            }
            check = .json(json, options)
        case .jsonPath(let expression, let value):
            let path: JSONPath
            do {
                path = try JSONPath(expression)
            } catch {
                throw .invalidJSONPath(expression, reason: error.description)
            }
            check = .jsonPath(path, try value.map { v throws(MockServerError) in try CompiledValue(v) })
        }
    }

    /// Nil when the body fits, otherwise the mismatch that says how.
    func check(_ body: [UInt8]) -> Mismatch? {
        let text = String(decoding: body, as: UTF8.self)
        let fits: Bool
        var shown = Self.show(text)
        var comparison: JSONComparison?
        switch check {
        case .equal(let expected): fits = text == expected
        case .contains(let expected): fits = text.contains(expected)
        case .notContaining(let unwanted): fits = !text.contains(unwanted)
        case .absent:
            fits = body.isEmpty
            shown = body.isEmpty ? "an empty body" : shown
        case .regex(let regex): fits = regex.matches(text)
        case .notMatching(let regex): fits = !regex.matches(text)
        case .json, .jsonPath:
            do {
                let actual = try JSONValue(parsing: body)
                fits = jsonFits(actual)
                shown = actual.jsonString
                if case .json(let expected, let options) = check {
                    comparison = JSONComparison(expected: expected, actual: actual, options: options)
                }
            } catch {
                // Where and why the app's body is not JSON: the parser's line, column and cause.
                fits = false
                shown = body.isEmpty ? "an empty body" : "non-JSON \(Self.show(text)) (\(error.description))"
            }
        }
        return fits ? nil : Mismatch(part: "body", expected: expectation, actual: shown, weight: 1, json: comparison)
    }

    /// Whether a body that parsed as JSON fits a JSON check: equal under the options, or selected by the path
    /// (and fitting its matcher, strings as they are and anything else as compact JSON).
    private func jsonFits(_ actual: JSONValue) -> Bool {
        switch check {
        case .json(let expected, let options): return expected.matches(actual, options: options)
        case .jsonPath(let path, let value):
            let selected = path.select(in: actual)
            guard let value else { return !selected.isEmpty }
            return value.accepts(selected.map { $0.stringValue ?? $0.jsonString })
        default: return false
        }
    }

    /// The body for a message: quoted, and cut short when long so a 404 page stays readable.
    private static func show(_ text: String) -> String {
        if text.isEmpty { return "an empty body" }
        let limit = 200
        return text.count > limit ? "\"\(text.prefix(limit))…\" (\(text.utf8.count) bytes)" : "\"\(text)\""
    }
}
