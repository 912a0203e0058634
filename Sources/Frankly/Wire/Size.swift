import JSON

/// A size in Frankly's JSON shape, `{"width":..,"height":..}`, as `/map` returns for CGSize values and dumps use
/// for `contentSize`.
public struct Size: Codable, Sendable, Hashable {
    /// Width, in points.
    public var width: Double
    /// Height, in points.
    public var height: Double

    /// A size of `width` × `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

extension Size {
    /// Reads `{"width","height"}`; nil when either number is missing.
    init?(json: JSONValue) {
        guard let width = json["width"]?.doubleValue, let height = json["height"]?.doubleValue else { return nil }
        self.init(width: width, height: height)
    }

    /// The JSON shape, numbers written as integers when they are whole.
    public var json: JSONValue { .object(["width": .frankly(width), "height": .frankly(height)]) }
}
