import JSON

/// A rectangle in Frankly's JSON shape, `{"origin":{"x","y"},"size":{"width","height"}}`: what `frame`,
/// `FEX_accessibilityFrame` and the dump's frames look like.
public struct Rect: Codable, Sendable, Hashable {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// A rectangle from its corner and extent.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from plain numbers, the way app descriptions and tests write frames.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The centre, where a `touch` lands.
    public var center: Point {
        Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2)
    }

    /// True when `point` lies inside, the right and bottom edges excluded as UIKit's hit test does.
    public func contains(_ point: Point) -> Bool {
        point.x >= origin.x && point.y >= origin.y
            && point.x < origin.x + size.width && point.y < origin.y + size.height
    }
}

extension Rect {
    /// Reads `{"origin":{..},"size":{..}}`; nil when a part is missing.
    init?(json: JSONValue) {
        guard let origin = json["origin"].flatMap(Point.init(json:)),
            let size = json["size"].flatMap(Size.init(json:))
        else { return nil }
        self.init(origin: origin, size: size)
    }

    /// The JSON shape, numbers written as integers when they are whole.
    public var json: JSONValue { .object(["origin": origin.json, "size": size.json]) }
}
