import JSON

/// The answer of `GET /resolution`: `{"width":..,"height":..,"scale":..}`, the screen in pixels.
///
/// A client divides by `scale` to compare with frames, which are in points.
public struct ResolutionResponse: Codable, Sendable, Equatable {
    /// Screen width in pixels.
    public var width: Double
    /// Screen height in pixels.
    public var height: Double
    /// Pixels per point.
    public var scale: Double

    /// An answer for a `width` × `height` pixel screen at `scale`.
    public init(width: Double, height: Double, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
    }

    /// The answer as a server writes it, the shape this type decodes; whole numbers are written without `.0`
    /// (`750`, `2`), as Frank servers print them.
    public var json: JSONValue {
        .object(["width": .frankly(width), "height": .frankly(height), "scale": .frankly(scale)])
    }
}
