import JSON

/// The body of `POST /location`: `{"latitude":..,"longitude":..}`, the simulated GPS position.
///
/// Both fields are optional on the wire because a server must tell "both missing" apart: it answers
/// `FranklyError.nilLocation` then.
public struct LocationRequest: Codable, Sendable, Equatable {
    /// Degrees north; nil when the request left it out.
    public var latitude: Double?
    /// Degrees east; nil when the request left it out.
    public var longitude: Double?

    /// A request moving the device to the given coordinates.
    public init(latitude: Double?, longitude: Double?) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension LocationRequest {
    /// The JSON the client sends, the same text `JSONEncoder` would write: a missing coordinate is left out.
    var json: JSONValue {
        var members: [String: JSONValue] = [:]
        if let latitude { members["latitude"] = .number(latitude) }
        if let longitude { members["longitude"] = .number(longitude) }
        return .object(members)
    }
}
