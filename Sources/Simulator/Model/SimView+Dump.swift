import Frankly
import JSON

extension SimView {
    /// The view as `/dump` prints it: `class`, `uid` (a string), `subviews`, then the attributes its class has,
    /// nil ones omitted and booleans as 0/1. Extra keys (`title`, `isOn` …) help the wireframe draw it.
    func dump(recursive: Bool = true) -> JSONValue {
        var node: [String: JSONValue] = [
            "class": .string(className),
            "uid": .string(uid),
            "accessibilityFrame": accessibilityFrame.json,
            "frame": frame.json,
            "tag": .integer(Int64(tag)),
            "alpha": .number(alpha),
            "isHidden": .integer(isHidden ? 1 : 0),
        ]
        if recursive { node["subviews"] = .array(children.map { $0.dump() }) }
        if let label = accessibilityLabel { node["accessibilityLabel"] = .string(label) }
        if let backgroundColor { node["backgroundColor"] = backgroundColor.json }
        if isKind("UIWindow") {
            node["windowLevel"] = .number(windowLevel)
            node["isKeyWindow"] = .integer(isKeyWindow ? 1 : 0)
        }
        if isKind("UIScrollView") {
            node["contentOffset"] = contentOffset.json
            let size = contentSize ?? Point(x: frame.width, y: frame.height)
            node["contentSize"] = .object(["width": .number(size.x), "height": .number(size.y)])
        }
        if isKind("UILabel") {
            if let text { node["text"] = .string(text) }
            node["font"] = .object([
                "fontName": .string(".SFUI-Regular"), "familyName": .string(".SF UI Text"), "pointSize": .number(fontSize),
            ])
            node["textAlignment"] = .integer(Int64(textAlignment))
        }
        if isKind("UITextField") {
            if let text { node["text"] = .string(isSecure ? String(repeating: "•", count: text.count) : text) }
            if let placeholder { node["placeholder"] = .string(placeholder) }
        }
        if isKind("UISwitch") { node["isOn"] = .integer(isOn ? 1 : 0) }
        if isKind("UISlider") {
            node["value"] = .number(value)
            node["minimumValue"] = .number(minimumValue)
            node["maximumValue"] = .number(maximumValue)
        }
        if isKind("UIButton"), let title { node["title"] = .string(title) }
        if isKind("UIAlertView") {
            if let title { node["title"] = .string(title) }
            if let message { node["message"] = .string(message) }
        }
        if isKind("UIProgressView") { node["progress"] = .number(progress ?? 0) }
        if isKind("UIControl") { node["isEnabled"] = .integer(isEnabled ? 1 : 0) }
        if isKind("UIActivityIndicatorView") { node["isAnimating"] = .integer(isAnimating ? 1 : 0) }
        if let textColor { node["textColor"] = textColor.json }
        return .object(node)
    }
}
