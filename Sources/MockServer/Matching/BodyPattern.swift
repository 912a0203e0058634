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
    /// The whole body matches this regular expression.
    case matches(String)
    /// The body is JSON equal to this JSON text.
    case equalToJSON(String)
    /// The body is JSON that has at least these members with these values (WireMock's `equalToJson` with
    /// `ignoreExtraElements`): use it when the app sends more fields than the test cares about.
    case containsJSON(String)

    /// The pattern as it reads in a stub description, expected JSON shown compact with sorted keys.
    var summary: String {
        switch self {
        case .equalTo(let text): return "body \(Self.quoted(text))"
        case .contains(let text): return "body containing \(Self.quoted(text))"
        case .matches(let pattern): return "body matching \(pattern)"
        case .equalToJSON(let json): return "JSON body \(Self.normalized(json))"
        case .containsJSON(let json): return "JSON body containing \(Self.normalized(json))"
        }
    }

    /// What the body was expected to be, for a mismatch message.
    var expectation: String {
        switch self {
        case .equalTo(let text): return Self.quoted(text)
        case .contains(let text): return "containing \(Self.quoted(text))"
        case .matches(let pattern): return "matching \(pattern)"
        case .equalToJSON(let json): return Self.normalized(json)
        case .containsJSON(let json): return "containing \(Self.normalized(json))"
        }
    }

    static func normalized(_ json: String) -> String {
        (try? JSONValue(parsing: json.utf8))?.jsonString ?? json
    }

    static func quoted(_ text: String) -> String {
        "\"\(text)\""
    }
}
