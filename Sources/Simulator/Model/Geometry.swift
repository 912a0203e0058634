import Frankly
import JSON

/// A point in UIKit points, as Frankly sends it: `{"x":..,"y":..}`.
struct Point: Equatable {
    var x: Double
    var y: Double

    var json: JSONValue { .object(["x": .number(x), "y": .number(y)]) }
}

/// A rectangle in UIKit points (a CGRect), with Frankly's JSON shape
/// `{"origin":{"x","y"},"size":{"width","height"}}`.
struct Rect: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    var minX: Double { x }
    var minY: Double { y }
    var maxX: Double { x + width }
    var maxY: Double { y + height }
    var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// True when the point lies inside; like CGRectContainsPoint, the far edges are outside.
    func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The overlap of two rectangles, or nil when they do not meet.
    func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX), top = max(minY, other.minY)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The same size moved by an offset.
    func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    var json: JSONValue {
        .object([
            "origin": .object(["x": .number(x), "y": .number(y)]),
            "size": .object(["width": .number(width), "height": .number(height)]),
        ])
    }

    /// Reads `{x, y, w, h}` / `{x=, y=, width=, height=}` style JSON as the app file and /map setters give it.
    init?(json: JSONValue) {
        switch json {
        case .array(let items) where items.count == 4:
            let numbers = items.compactMap(\.doubleValue)
            guard numbers.count == 4 else { return nil }
            self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        case .object:
            if let origin = json["origin"], let size = json["size"] {
                guard let x = origin["x"]?.doubleValue, let y = origin["y"]?.doubleValue,
                    let w = size["width"]?.doubleValue, let h = size["height"]?.doubleValue
                else { return nil }
                self.init(x: x, y: y, width: w, height: h)
            } else {
                guard let x = json["x"]?.doubleValue, let y = json["y"]?.doubleValue,
                    let w = (json["width"] ?? json["w"])?.doubleValue, let h = (json["height"] ?? json["h"])?.doubleValue
                else { return nil }
                self.init(x: x, y: y, width: w, height: h)
            }
        default:
            return nil
        }
    }

    init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A colour with components in 0…1, dumped as Frankly's `backgroundColor` dict.
struct Color: Equatable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    /// One of UIKit's colours (`SystemColor`), shared with the wireframe.
    init(_ system: SystemColor) {
        self.init(red: system.red, green: system.green, blue: system.blue, alpha: system.alpha)
    }

    static let white = Color(red: 1, green: 1, blue: 1, alpha: 1)
    static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    var json: JSONValue {
        .object(["red": .number(red), "green": .number(green), "blue": .number(blue), "alpha": .number(alpha)])
    }

    /// Reads `"#rrggbb"`, `"#rrggbbaa"`, a few names, or `{r, g, b, a}` / `{red=…}` in 0…1.
    init?(json: JSONValue) {
        switch json {
        case .string(let text):
            let named: [String: Color] = [
                "white": .white, "clear": .clear, "black": Color(red: 0, green: 0, blue: 0, alpha: 1),
                "gray": Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1), "red": Color(red: 1, green: 0.23, blue: 0.19, alpha: 1),
                "green": Color(red: 0.2, green: 0.78, blue: 0.35, alpha: 1), "blue": Color(red: 0, green: 0.48, blue: 1, alpha: 1),
            ]
            if let color = named[text.lowercased()] {
                self = color
                return
            }
            var hex = Substring(text)
            if hex.hasPrefix("#") { hex = hex.dropFirst() }
            guard hex.count == 6 || hex.count == 8, let value = UInt64(hex, radix: 16) else { return nil }
            let full = hex.count == 6 ? value << 8 | 0xFF : value
            self.init(
                red: Double(full >> 24 & 0xFF) / 255, green: Double(full >> 16 & 0xFF) / 255,
                blue: Double(full >> 8 & 0xFF) / 255, alpha: Double(full & 0xFF) / 255)
        case .array(let items) where items.count >= 3:
            let numbers = items.compactMap(\.doubleValue)
            guard numbers.count == items.count else { return nil }
            self.init(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers.count > 3 ? numbers[3] : 1)
        case .object:
            guard let r = (json["red"] ?? json["r"])?.doubleValue, let g = (json["green"] ?? json["g"])?.doubleValue,
                let b = (json["blue"] ?? json["b"])?.doubleValue
            else { return nil }
            self.init(red: r, green: g, blue: b, alpha: (json["alpha"] ?? json["a"])?.doubleValue ?? 1)
        default:
            return nil
        }
    }

    init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}
