import JSON

/// The answer of `GET /version`: `{"version":"..."}`, the Frank server's version text.
public struct VersionResponse: Codable, Sendable, Equatable {
    /// The server's version, free text.
    public var version: String

    /// An answer reporting `version`.
    public init(version: String) {
        self.version = version
    }

    /// The answer as a server writes it, the shape this type decodes.
    public var json: JSONValue { .object(["version": .string(version)]) }
}
