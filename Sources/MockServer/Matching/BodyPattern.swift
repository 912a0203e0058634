import JSON

/// How a request body must look for a stub to match. A stub may list several; all must hold.
///
/// JSON patterns take JSON text (what a Lua table or a WireMock file turns into) and compare parsed values, so
/// key order and spacing do not matter and `1` equals `1.0`. Like `ValuePattern`, a body pattern is compiled
/// when it is made (JSON parsed, expressions compiled): one type for the pattern as written and as run, and
/// every mistake reported where the pattern is written.
public struct BodyPattern: Sendable, Hashable {
    indirect enum Check: Sendable, Hashable {
        case equal(String)
        case contains(String)
        case notContaining(String)
        case absent
        case regex(CompiledRegex)
        case notRegex(CompiledRegex)
        case json(JSONValue, JSONMatchOptions)
        case jsonPath(JSONPath, ValuePattern?)
        /// The text, ignoring case (`equalTo` with `caseInsensitive`).
        case equalIgnoringCase(String)
        /// Exactly these bytes (`binaryEqualTo`, base64 in the mapping).
        case binary([UInt8])
        /// Every one / at least one of these (`and` / `or` of body patterns).
        case all([BodyPattern])
        case any([BodyPattern])
        /// Something the path selects fits this pattern (`matchesJsonPath` with `equalToJson` and the like): a
        /// string as it is, anything else as JSON text.
        case jsonPathBody(JSONPath, BodyPattern)
        /// XML equal to a document (`equalToXml`), and XML an XPath selects from (`matchesXPath`).
        case xml(XMLPattern)
        case xpath(XPathPattern)
        /// JSON satisfying a schema (`matchesJsonSchema`); a body that is not JSON is taken as a string.
        case jsonSchema(JSONSchema)
        /// A GraphQL request equal to this one (WireMock's GraphQL extension, `graphql-body-matcher`).
        case graphQL(GraphQLPattern)
    }

    let check: Check

    /// The body is exactly this text.
    public static func equalTo(_ text: String) -> BodyPattern { BodyPattern(check: .equal(text)) }
    /// The body contains this text.
    public static func contains(_ text: String) -> BodyPattern { BodyPattern(check: .contains(text)) }
    /// The body does not contain this text.
    public static func doesNotContain(_ text: String) -> BodyPattern { BodyPattern(check: .notContaining(text)) }
    /// There is no body (WireMock's `absent` body pattern).
    public static let absent = BodyPattern(check: .absent)
    /// The whole body matches this regular expression.
    public static func matches(_ pattern: String) throws(MockServerError) -> BodyPattern {
        BodyPattern(check: .regex(try CompiledRegex(pattern)))
    }
    /// The whole body does not match this regular expression.
    public static func doesNotMatch(_ pattern: String) throws(MockServerError) -> BodyPattern {
        BodyPattern(check: .notRegex(try CompiledRegex(pattern)))
    }

    /// The body is JSON that matches this JSON text as WireMock's `equalToJson` does with these options.
    public static func json(_ text: String, _ options: JSONMatchOptions) throws(MockServerError) -> BodyPattern {
        do {
            return BodyPattern(check: .json(try JSONValue(parsing: text.utf8), options))
        } catch {
            throw .invalidJSON(text, role: "the expected JSON body", reason: error.description)
        }
    }

    /// The body is JSON equal to this JSON text.
    public static func equalToJSON(_ json: String) throws(MockServerError) -> BodyPattern { try .json(json, []) }

    /// The body is JSON that has at least these members and array items with these values (WireMock's
    /// `equalToJson` with `ignoreExtraElements`): use it when the app sends more than the test cares about.
    public static func containsJSON(_ json: String) throws(MockServerError) -> BodyPattern {
        try .json(json, .ignoreExtraElements)
    }

    /// The body is JSON in which this JSONPath selects something (WireMock's `matchesJsonPath`); with a matcher,
    /// something it selects must fit it (a string as it is, anything else as compact JSON).
    public static func jsonPath(_ expression: String, _ value: ValuePattern?) throws(MockServerError) -> BodyPattern {
        do {
            return BodyPattern(check: .jsonPath(try JSONPath(expression), value))
        } catch {
            throw .invalidJSONPath(expression, reason: error.description)
        }
    }

    /// The pattern as it reads in a stub description, expected JSON shown compact with sorted keys.
    var summary: String {
        switch check {
        case .absent: return "no body"
        case .json: return "JSON body " + expectation
        case .jsonPath(let path, let value): return "JSON body " + Self.selection(path, value)
        default: return "body " + expectation
        }
    }

    /// What the body was expected to be, for a mismatch message.
    var expectation: String {
        switch check {
        case .equal(let text): return Self.quoted(text)
        case .contains(let text): return "containing \(Self.quoted(text))"
        case .notContaining(let text): return "not containing \(Self.quoted(text))"
        case .absent: return "no body"
        case .regex(let regex): return "matching \(regex.pattern)"
        case .notRegex(let regex): return "not matching \(regex.pattern)"
        case .json(let json, let options): return Self.describe(json, options)
        case .jsonPath(let path, let value): return "JSON " + Self.selection(path, value)
        case .equalIgnoringCase(let text): return Self.quoted(text) + " (any case)"
        case .binary(let bytes): return "the \(bytes.count) bytes of binaryEqualTo"
        case .all(let parts): return parts.map(\.expectation).joined(separator: " and ")
        case .any(let parts): return parts.map(\.expectation).joined(separator: " or ")
        case .jsonPathBody(let path, let inner): return "JSON where \(path.source) is \(inner.expectation)"
        case .xml(let pattern): return "XML equal to " + Self.quoted(pattern.expected)
        case .xpath(let pattern): return "XML " + Self.selection(pattern)
        case .jsonSchema(let schema): return "JSON matching the schema " + schema.root.jsonString
        case .graphQL(let pattern): return pattern.expectation
        }
    }

    /// `where $.user is alice`, `where $.items exists`.
    static func selection(_ path: JSONPath, _ value: ValuePattern?) -> String {
        "where \(path.source)" + (value.map { " is \($0.summary)" } ?? " exists")
    }

    /// `where //name exists`, `where //name is "ann"`.
    static func selection(_ pattern: XPathPattern) -> String {
        let shown: String
        switch pattern.matcher {
        case nil: shown = " exists"
        case .value(let value): shown = " is \(value.summary)"
        case .xml(let xml): shown = " is XML equal to " + quoted(xml.expected)
        }
        return "where \(pattern.expression)" + shown
    }

    /// `{"a":1}`, `containing {"a":1}`, `… in any order`.
    static func describe(_ json: JSONValue, _ options: JSONMatchOptions) -> String {
        var text = json.jsonString
        if options.contains(.ignoreExtraElements) { text = "containing " + text }
        if options.contains(.ignoreArrayOrder) { text += " (arrays in any order)" }
        return text
    }

    static func quoted(_ text: String) -> String {
        "\"\(text)\""
    }
}
