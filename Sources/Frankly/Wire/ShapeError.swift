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
