import JSON

/// The standard Frankly answer: `{"outcome":"SUCCESS","results":[...]}` or
/// `{"outcome":"ERROR","reason":"...","details":"..."}`.
///
/// `/map`, `/app_exec`, `/type_into_keyboard`, `POST /orientation` and `/location` answer with it. Real servers
/// write the failure text under `details` while the old protocol document says `detail`, so decoding reads either
/// and encoding always writes `details`.
public struct Envelope: Codable, JSONShaped, Sendable, Equatable {
    /// The two outcomes Frankly knows.
    public enum Outcome: String, Codable, Sendable {
        case success = "SUCCESS"
        case error = "ERROR"
    }

    /// Whether the request worked.
    public var outcome: Outcome
    /// One value per matched view (`/map`), exactly one (`/app_exec`), or nil when the server sent none.
    public var results: [JSONValue]?
    /// The short failure category, e.g. `invalid selector`; nil on success.
    public var reason: String?
    /// The failure's explanation, e.g. the selector parser's message; nil on success.
    public var details: String?

    /// Builds an envelope field by field; servers usually want `success(_:)` or `FranklyError.envelope`.
    public init(outcome: Outcome, results: [JSONValue]? = nil, reason: String? = nil, details: String? = nil) {
        self.outcome = outcome
        self.results = results
        self.reason = reason
        self.details = details
    }

    /// A SUCCESS envelope; pass nil for the bare `{"outcome":"SUCCESS"}` some endpoints answer.
    public static func success(_ results: [JSONValue]? = nil) -> Envelope {
        Envelope(outcome: .success, results: results)
    }

    /// True for SUCCESS.
    public var isSuccess: Bool { outcome == .success }

    /// The envelope as a server writes it: `outcome`, and `results`, `reason` and `details` only when set. Every
    /// envelope a server sends is built here, so the simulator and the web target cannot shape one apart.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["outcome": .string(outcome.rawValue)]
        if let results { members["results"] = .array(results) }
        if let reason { members["reason"] = .string(reason) }
        if let details { members["details"] = .string(details) }
        return .object(members)
    }

    private enum CodingKeys: String, CodingKey {
        case outcome, results, reason, details
    }


    /// Reads an envelope from parsed JSON: the client parses each answer once and builds the envelope from that,
    /// instead of running a `Decoder` over the bytes a second time. Unknown members are ignored.
    public init(json: JSONValue) throws {
        guard case .object(let members) = json else {
            throw ShapeError(message: "expected an object, found \(json.typeName)")
        }
        switch members["outcome"] {
        case .string(Outcome.success.rawValue): outcome = .success
        case .string(Outcome.error.rawValue): outcome = .error
        case nil: throw ShapeError(message: "no \"outcome\"")
        case let other?:
            let found = other.jsonString.prefix(40)
            throw ShapeError(message: "outcome: expected \"SUCCESS\" or \"ERROR\", found \(found)")
        }
        switch members["results"] {
        case nil, .null: results = nil
        case .array(let items): results = items
        case let other?: throw ShapeError(message: "results: expected an array, found \(other.typeName)")
        }
        reason = Self.text(members["reason"])
        details = Self.text(members["details"]) ?? Self.text(members["detail"])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outcome, forKey: .outcome)
        try container.encodeIfPresent(results, forKey: .results)
        try container.encodeIfPresent(reason, forKey: .reason)
        try container.encodeIfPresent(details, forKey: .details)
    }

    /// Reads a text field leniently: some server builds put an exception's dictionary where a string belongs, and
    /// a client is better served by its JSON text than by a decoding failure that hides the real error.
    private static func text(_ value: JSONValue?) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let value?: return value.jsonString
        }
    }
}
