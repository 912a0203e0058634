import Frankly
import JSON

/// A property name the app file or a behaviour used that views do not have, or a value of the wrong type.
struct PropertyError: Error, CustomStringConvertible {
    var description: String
}

extension SimView {
    /// The property names an app file and behaviours use, in the order the README lists them.
    static let propertyNames = [
        "text", "label", "placeholder", "title", "message", "on", "value", "min", "max", "progress", "hidden",
        "alpha", "enabled", "interaction", "tag", "frame", "background", "color", "font_size", "align", "secure",
        "animating", "id", "class", "uid", "offset", "selected",
    ]

    /// Reads a property by its app-file name; `.null` when unset.
    func property(_ name: String) throws -> JSONValue {
        switch name {
        case "text": return text.map(JSONValue.string) ?? .null
        case "label": return accessibilityLabel.map(JSONValue.string) ?? .null
        case "placeholder": return placeholder.map(JSONValue.string) ?? .null
        case "title": return title.map(JSONValue.string) ?? .null
        case "message": return message.map(JSONValue.string) ?? .null
        case "on": return .bool(isOn)
        case "value": return .number(value)
        case "selected": return .integer(Int64(value) + 1)
        case "min": return .number(minimumValue)
        case "max": return .number(maximumValue)
        case "progress": return progress.map(JSONValue.number) ?? .null
        case "hidden": return .bool(isHidden)
        case "alpha": return .number(alpha)
        case "enabled": return .bool(isEnabled)
        case "interaction": return .bool(isUserInteractionEnabled)
        case "tag": return .integer(Int64(tag))
        case "frame": return frame.plainJSON
        case "background": return backgroundColor?.json ?? .null
        case "color": return textColor?.json ?? .null
        case "font_size": return .number(fontSize)
        case "align": return .integer(Int64(textAlignment))
        case "secure": return .bool(isSecure)
        case "animating": return .bool(isAnimating)
        case "id": return id.map(JSONValue.string) ?? .null
        case "class": return .string(className)
        case "uid": return .string(uid)
        case "offset": return contentOffset.plainJSON
        default: throw PropertyError(description: unknownMessage(name))
        }
    }

    /// Sets a property by its app-file name. Switches and sliders clamp; `frame` takes `{x, y, w, h}`.
    func setProperty(_ name: String, _ value: JSONValue) throws {
        func string() throws -> String? { try stringValue(value, for: name) }
        func number() throws -> Double {
            guard let number = value.doubleValue else { throw typeError(name, "a number", value) }
            return number
        }
        func bool() throws -> Bool {
            guard let flag = value.franklyBool else { throw typeError(name, "a boolean", value) }
            return flag
        }
        switch name {
        case "text": text = try string()
        case "label": accessibilityLabelValue = try string()
        case "placeholder": placeholder = try string()
        case "title": title = try string()
        case "message": message = try string()
        case "on": isOn = try bool()
        case "value": self.value = min(max(try number(), minimumValue), maximumValue)
        // A segmented control's selected segment, from 1; its segments are its range (`segmented{}` sets max).
        case "selected": self.value = min(max(try number() - 1, 0), maximumValue).rounded(.down)
        case "min": minimumValue = try number()
        case "max": maximumValue = try number()
        case "progress": progress = value == .null ? nil : min(max(try number(), 0), 1)
        case "hidden": isHidden = try bool()
        case "alpha": alpha = min(max(try number(), 0), 1)
        case "enabled": isEnabled = try bool()
        case "interaction": isUserInteractionEnabled = try bool()
        case "tag": tag = Int(try number())
        case "frame":
            guard let rect = Rect(appValue: value) else { throw typeError(name, "{x, y, w, h}", value) }
            frame = rect
        case "background":
            guard let color = Color(json: value) else { throw typeError(name, "a colour ('#rrggbb')", value) }
            backgroundColor = color
        case "color":
            guard let color = Color(json: value) else { throw typeError(name, "a colour ('#rrggbb')", value) }
            textColor = color
        case "font_size": fontSize = try number()
        case "align":
            let names = ["left": 0, "center": 1, "right": 2]
            if case .string(let text) = value, let alignment = names[text] {
                textAlignment = alignment
            } else {
                textAlignment = Int(try number())
            }
        case "secure": isSecure = try bool()
        case "animating": animatesIndefinitely = try bool()
        case "id": id = try string()
        case "offset":
            guard let y = (value["y"] ?? value).doubleValue else { throw typeError(name, "a number", value) }
            contentOffset = Point(x: 0, y: y)
        default: throw PropertyError(description: unknownMessage(name))
        }
    }

    /// A text property's value: text, a number as text, or nil for JSON null.
    private func stringValue(_ value: JSONValue, for name: String) throws -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .number(let number): return String(number)
        default: throw typeError(name, "a string", value)
        }
    }

    private func typeError(_ name: String, _ expected: String, _ value: JSONValue) -> PropertyError {
        PropertyError(description: "property '\(name)' of \(summary) expects \(expected), got \(value.jsonString)")
    }

    private func unknownMessage(_ name: String) -> String {
        "\(summary) has no property '\(name)' (known: \(Self.propertyNames.joined(separator: ", ")))"
    }
}
