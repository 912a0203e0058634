import JSON

/// The body of `POST /type_into_keyboard`: `{"text_to_type":"abc\n"}`.
///
/// The text goes to whichever input has focus; `\b` deletes one character and `\n` presses Return. A server with
/// no focused input answers `FranklyError.keyboardNotPresent`.
public struct TypeIntoKeyboardRequest: Codable, Sendable, Equatable {
    /// The characters to type, with `\b` and `\n` as keys.
    public var textToType: String

    /// A request typing `textToType`.
    public init(textToType: String) {
        self.textToType = textToType
    }

    private enum CodingKeys: String, CodingKey {
        case textToType = "text_to_type"
    }
}

extension TypeIntoKeyboardRequest {
    /// The JSON the client sends, the same text `JSONEncoder` would write.
    var json: JSONValue { .object(["text_to_type": .string(textToType)]) }
}
