/// Why a stub could not be added or a mock server could not start.
///
/// Thrown when the stub is added, not when a request arrives, so a typo in a test fails at the line that made it.
public enum MockServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `matches` pattern is not a valid regular expression.
    case invalidRegularExpression(String)
    /// JSON text given to a body pattern or a JSON response does not parse; `role` says which one, `reason`
    /// where and why (the parser's line, column and cause).
    case invalidJSON(String, role: String, reason: String)
    /// A `matchesJsonPath` expression is outside the JSONPath fscript reads; `reason` says where.
    case invalidJSONPath(String, reason: String)
    /// A response template does not parse; `role` says which part (body, a header, the body file name).
    case invalidTemplate(role: String, reason: String)
    /// A stub was given an empty list of responses.
    case noResponses
    /// A request-count expectation is negative.
    case invalidCount(Int)

    public var description: String {
        switch self {
        case .invalidRegularExpression(let pattern): return "invalid regular expression: \(pattern)"
        case .invalidJSON(let text, let role, let reason): return "\(role) is not valid JSON (\(reason)): \(text)"
        case .invalidJSONPath(let path, let reason): return "unsupported JSONPath \(path): \(reason)"
        case .invalidTemplate(let role, let reason): return "the \(role) is not a valid template: \(reason)"
        case .noResponses: return "a stub needs at least one response"
        case .invalidCount(let count): return "a request count cannot be negative (got \(count))"
        }
    }
}
