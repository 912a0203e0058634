import JSON

/// What is wrong with a JSON value that should be a wire type (a dump node, an envelope): parsed JSON of the
/// wrong shape, as opposed to text that is not JSON at all.
///
/// Types read from a parsed `JSONValue` throw it from `init(json:)`; their `Decodable` conformance turns it into a
/// `DecodingError.dataCorrupted` with the same message.
struct ShapeError: Error, CustomStringConvertible {
    /// E.g. `no "outcome"` or `results: expected an array, found a string`.
    var message: String
    var description: String { message }
}

/// A wire type read from a `JSONValue` by `init(json:)`: it is `Decodable` through that same reading, so a
/// shape error reads the same whether the value came through `JSONDecoder` or straight from the client.
public protocol JSONShaped: Decodable {
    init(json: JSONValue) throws
}

extension JSONShaped {
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(JSONValue.self)
        do {
            try self.init(json: value)
        } catch let error as ShapeError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }
}
