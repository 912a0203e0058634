import JSON

/// The body of `POST /map`: run `operation` on every view the selector `query` matches.
///
/// fscript always sends `selector_engine: "shelley_compat"`, because the real server's default (`uiquery`) no
/// longer exists. A server decoding a request that omits the field sees `uiquery`, as the real server would, and
/// should answer `invalid selector`.
public struct MapRequest: Codable, Sendable, Equatable {
    /// The only selector engine fscript speaks.
    public static let shelleyEngine = "shelley_compat"
    /// What a real server assumes when a request names no engine.
    public static let defaultEngine = "uiquery"

    /// The Shelley selector text.
    public var query: String
    /// The selector engine; `shelley_compat` whenever fscript builds the request.
    public var selectorEngine: String
    /// The method to send to each matched view.
    public var operation: Operation

    /// A request for the Shelley engine, the one every client should send.
    public init(query: String, operation: Operation) {
        self.query = query
        self.selectorEngine = Self.shelleyEngine
        self.operation = operation
    }

    private enum CodingKeys: String, CodingKey {
        case query
        case selectorEngine = "selector_engine"
        case operation
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        query = try container.decode(String.self, forKey: .query)
        selectorEngine = try container.decodeIfPresent(String.self, forKey: .selectorEngine) ?? Self.defaultEngine
        operation = try container.decode(Operation.self, forKey: .operation)
    }
}

extension MapRequest {
    /// The JSON the client sends, the same text `JSONEncoder` would write, built without an `Encoder`: `/map` is
    /// the call every action and wait makes.
    var json: JSONValue {
        .object(["query": .string(query), "selector_engine": .string(selectorEngine), "operation": operation.json])
    }
}
