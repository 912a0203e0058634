import JSON

/// How a request body must look for a stub to match. A stub may list several; all must hold.
///
/// JSON patterns take JSON text (what a Lua table or a WireMock file turns into) and compare parsed values, so
/// key order and spacing do not matter and `1` equals `1.0`.
public enum BodyPattern: Sendable, Hashable {
    /// The body is exactly this text.
    case equalTo(String)
    /// The body contains this text.
    case contains(String)
    /// The body does not contain this text.
    case doesNotContain(String)
    /// There is no body (WireMock's `absent` body pattern).
    case absent
    /// The whole body matches this regular expression.
    case matches(String)
    /// The whole body does not match this regular expression.
    case doesNotMatch(String)
    /// The body is JSON that matches this JSON text as WireMock's `equalToJson` does with these options.
    case json(String, JSONMatchOptions)
    /// The body is JSON in which this JSONPath selects something (WireMock's `matchesJsonPath`); with a matcher,
    /// something it selects must fit it (a string as it is, anything else as compact JSON).
    indirect case jsonPath(String, ValuePattern?)

    /// The body is JSON equal to this JSON text.
    public static func equalToJSON(_ json: String) -> BodyPattern { .json(json, []) }

    /// The body is JSON that has at least these members and array items with these values (WireMock's
    /// `equalToJson` with `ignoreExtraElements`): use it when the app sends more than the test cares about.
    public static func containsJSON(_ json: String) -> BodyPattern { .json(json, .ignoreExtraElements) }

    /// The pattern as it reads in a stub description, expected JSON shown compact with sorted keys.
    var summary: String {
        switch self {
        case .equalTo(let text): return "body \(Self.quoted(text))"
        case .contains(let text): return "body containing \(Self.quoted(text))"
        case .doesNotContain(let text): return "body not containing \(Self.quoted(text))"
        case .absent: return "no body"
        case .matches(let pattern): return "body matching \(pattern)"
        case .doesNotMatch(let pattern): return "body not matching \(pattern)"
        case .json(let json, let options): return "JSON body \(Self.describe(json, options))"
        case .jsonPath(let path, let value): return "JSON body where \(path)" + (value.map { " is \($0.summary)" } ?? " exists")
        }
    }

    /// What the body was expected to be, for a mismatch message.
    var expectation: String {
        switch self {
        case .equalTo(let text): return Self.quoted(text)
        case .contains(let text): return "containing \(Self.quoted(text))"
        case .doesNotContain(let text): return "not containing \(Self.quoted(text))"
        case .absent: return "no body"
        case .matches(let pattern): return "matching \(pattern)"
        case .doesNotMatch(let pattern): return "not matching \(pattern)"
        case .json(let json, let options): return Self.describe(json, options)
        case .jsonPath(let path, let value): return "JSON where \(path)" + (value.map { " is \($0.summary)" } ?? " exists")
        }
    }

    /// `{"a":1}`, `containing {"a":1}`, `… in any order`.
    static func describe(_ json: String, _ options: JSONMatchOptions) -> String {
        var text = normalized(json)
        if options.contains(.ignoreExtraElements) { text = "containing " + text }
        if options.contains(.ignoreArrayOrder) { text += " (arrays in any order)" }
        return text
    }

    static func normalized(_ json: String) -> String {
        (try? JSONValue(parsing: json.utf8))?.jsonString ?? json
    }

    static func quoted(_ text: String) -> String {
        "\"\(text)\""
    }
}
