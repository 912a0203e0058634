/// A failure a Frankly server reports in an ERROR envelope, with both `reason` and `details` always filled.
///
/// Servers (the simulator, test doubles) throw these from their routes and turn them into the answer with
/// `envelope`, the way Hummingbird's `HTTPError` becomes a response. The reasons are the real server's words, so
/// drivers that match on them keep working.
public enum FranklyError: Error, Sendable, Equatable {
    /// The selector does not parse, or the request names an engine other than `shelley_compat`.
    case invalidSelector(String)
    /// A view threw while running `method` (e.g. a touch that cannot land); the whole `/map` fails.
    case operationFailed(method: String, details: String)
    /// The method name's `:` count differs from the number of arguments sent.
    case argumentCountMismatch(method: String, expected: Int, got: Int)
    /// `/type_into_keyboard` arrived while no text input has focus.
    case keyboardNotPresent
    /// `POST /orientation` carried a body that is not one of the four names.
    case unrecognizedOrientation(String)
    /// `POST /location` carried neither latitude nor longitude.
    case nilLocation
    /// The request body is not the JSON the endpoint expects.
    case malformedRequest(path: String, details: String)
    /// A `/map` or `/app_exec` body without `"operation": {"method_name": …}`.
    case missingOperation
    /// The operation's `arguments` is not an array (its JSON text is carried).
    case invalidArguments(String)

    /// The short category, the `reason` of the envelope.
    public var reason: String {
        switch self {
        case .invalidSelector: return "invalid selector"
        case .operationFailed(let method, _), .argumentCountMismatch(let method, _, _):
            return "encountered error while attempting to perform \(method) on selected elements"
        case .keyboardNotPresent: return "keyboard not present"
        case .unrecognizedOrientation: return "unrecognized orientation"
        case .nilLocation: return "nil location"
        case .malformedRequest: return "malformed request"
        case .missingOperation: return "missing operation"
        case .invalidArguments: return "invalid arguments"
        }
    }

    /// The explanation, the `details` of the envelope.
    public var details: String {
        switch self {
        case .invalidSelector(let details), .operationFailed(_, let details):
            return details
        case .argumentCountMismatch(let method, let expected, let got):
            return "\(method) takes \(expected) argument\(expected == 1 ? "" : "s") but \(got) "
                + "\(got == 1 ? "was" : "were") given"
        case .keyboardNotPresent:
            return "no text input has focus; touch a text field before typing"
        case .unrecognizedOrientation(let body):
            return "'\(body)' is not one of portrait, portrait_upside_down, landscape_left, landscape_right"
        case .nilLocation:
            return "the request gave neither latitude nor longitude"
        case .malformedRequest(let path, let details):
            return "the body of \(path) is not what it expects: \(details)"
        case .missingOperation:
            return "the body needs \"operation\": {\"method_name\": …, \"arguments\": […]}"
        case .invalidArguments(let json):
            return "\"arguments\" must be an array, got \(json)"
        }
    }

    /// The ERROR envelope a server answers with.
    public var envelope: Envelope {
        Envelope(outcome: .error, reason: reason, details: details)
    }
}

extension FranklyError: CustomStringConvertible {
    public var description: String { "\(reason): \(details)" }
}
