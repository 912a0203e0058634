/// A WireMock mapping file that cannot be loaded: which file, where in it, and what is wrong.
///
/// Reads as `mappings/login.json: request.method: expected a string, got a number`, so the fix is one glance away.
public struct MappingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, relative to the loaded directory.
    public let file: String
    /// What is wrong, starting with the JSON path of the field when there is one.
    public let message: String

    public var description: String { "\(file): \(message)" }
}
