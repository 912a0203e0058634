import Frankly
import JSON

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
