import JSON

/// A point in Frankly's JSON shape, `{"x":..,"y":..}`, as `/map` returns for CGPoint values and dumps use for
/// `contentOffset`.
public struct Point: Codable, Sendable, Hashable {
    /// Horizontal coordinate, in points.
    public var x: Double
    /// Vertical coordinate, in points.
    public var y: Double

    /// A point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

extension Point {
    /// Reads `{"x","y"}`; nil when either number is missing.
    init?(json: JSONValue) {
        guard let x = json["x"]?.doubleValue, let y = json["y"]?.doubleValue else { return nil }
        self.init(x: x, y: y)
    }

    /// The JSON shape, numbers written as integers when they are whole.
    public var json: JSONValue { .object(["x": .frankly(x), "y": .frankly(y)]) }
}
