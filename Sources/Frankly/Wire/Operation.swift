import JSON

/// The method a `/map` or `/app_exec` request sends: `{"method_name":"touchx:y:","arguments":[10,20]}`.
///
/// As in Objective-C, the number of `:` in the name is the number of arguments; `argumentCountError` lets a
/// server reject a mismatch for the whole request before touching any view.
public struct Operation: Codable, Sendable, Equatable {
    /// The selector-style method name, e.g. `touch`, `setText:`, `touchx:y:`.
    public var methodName: String
    /// The arguments in order; missing in the JSON reads as none.
    public var arguments: [JSONValue]

    /// An operation calling `methodName` with `arguments`.
    public init(methodName: String, arguments: [JSONValue] = []) {
        self.methodName = methodName
        self.arguments = arguments
    }

    /// How many arguments the method name asks for: its number of `:`.
    public var expectedArgumentCount: Int { methodName.reduce(0) { $1 == ":" ? $0 + 1 : $0 } }

    /// The error to answer when the arguments do not fit the method name, or nil when they do.
    public var argumentCountError: FranklyError? {
        let expected = expectedArgumentCount
        guard arguments.count != expected else { return nil }
        return .argumentCountMismatch(method: methodName, expected: expected, got: arguments.count)
    }

    private enum CodingKeys: String, CodingKey {
        case methodName = "method_name"
        case arguments
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        methodName = try container.decode(String.self, forKey: .methodName)
        arguments = try container.decodeIfPresent([JSONValue].self, forKey: .arguments) ?? []
    }
}

extension Operation {
    /// The JSON the client sends, the same text `JSONEncoder` would write, built without an `Encoder`.
    var json: JSONValue { .object(["method_name": .string(methodName), "arguments": .array(arguments)]) }
}
