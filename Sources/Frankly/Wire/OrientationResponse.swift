import JSON

/// The answer of `GET /orientation`: `{"orientation":"landscape","detailed_orientation":"landscape_left"}`.
///
/// Kept as strings so a client can show whatever a real server reports, even a name fscript does not know.
public struct OrientationResponse: Codable, Sendable, Equatable {
    /// `portrait` or `landscape`.
    public var orientation: String
    /// One of the four detailed names (`portrait_upside_down`, …).
    public var detailedOrientation: String

    /// An answer with both names given.
    public init(orientation: String, detailedOrientation: String) {
        self.orientation = orientation
        self.detailedOrientation = detailedOrientation
    }

    /// The answer a server sends for `orientation`.
    public init(_ orientation: Orientation) {
        self.init(orientation: orientation.coarseName, detailedOrientation: orientation.rawValue)
    }

    /// The answer as a server writes it, the shape this type decodes: the simulator answers from it, so the two
    /// sides of `GET /orientation` cannot drift apart.
    public var json: JSONValue {
        .object(["orientation": .string(orientation), "detailed_orientation": .string(detailedOrientation)])
    }

    private enum CodingKeys: String, CodingKey {
        case orientation
        case detailedOrientation = "detailed_orientation"
    }
}
