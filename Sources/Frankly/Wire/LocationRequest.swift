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
