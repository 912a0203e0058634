import Frankly
import JSON

extension SimView {
    /// The view as `/dump` prints it: `class`, `uid` (a string), `subviews`, then the attributes its class has,
    /// nil ones omitted and booleans as 0/1. Extra keys (`title`, `isOn` …) help the wireframe draw it.
    ///
    /// Written straight to text, keys in sorted order as `JSONValue.jsonBytes` would put them: `/dump` is the
    /// hottest answer the simulator gives, and a dictionary per view cost ten times the writing.
    func writeDump(to json: inout JSONWriter, recursive: Bool = true) {
        json.beginObject()
        json.key("accessibilityFrame")
        accessibilityFrame.write(to: &json)
        if let id { json.member("accessibilityIdentifier", id) }
        if let label = accessibilityLabel { json.member("accessibilityLabel", label) }
        json.member("alpha", alpha)
        if let backgroundColor {
            json.key("backgroundColor")
            backgroundColor.write(to: &json)
        }
        json.member("class", className)
        if isKind("UIScrollView") {
            json.key("contentOffset")
            contentOffset.write(to: &json)
            let size = contentSize ?? Point(x: frame.width, y: frame.height)
            json.key("contentSize")
            json.beginObject()
            json.member("height", size.y)
            json.member("width", size.x)
            json.endObject()
        }
        let isLabel = isKind("UILabel")
        if isLabel {
            json.key("font")
            json.beginObject()
            json.member("familyName", ".SF UI Text")
            json.member("fontName", ".SFUI-Regular")
            json.member("pointSize", fontSize)
            json.endObject()
        }
        json.key("frame")
        frame.write(to: &json)
        if isKind("UIActivityIndicatorView") { flag("isAnimating", isAnimating, to: &json) }
        if isKind("UIControl") { flag("isEnabled", isEnabled, to: &json) }
        flag("isHidden", isHidden, to: &json)
        if isKind("UIWindow") { flag("isKeyWindow", isKeyWindow, to: &json) }
        if isKind("UISwitch") { flag("isOn", isOn, to: &json) }
        if isKind("UISegment"), let control = parent {
            flag("isSelected", control.segments.firstIndex { $0 === self } == Int(control.value), to: &json)
        }
        let isSlider = isKind("UISlider")
        if isSlider { json.member("maximumValue", maximumValue) }
        let isAlert = isKind("UIAlertView") || isKind("UIActionSheet")
        if isAlert, let message { json.member("message", message) }
        if isSlider { json.member("minimumValue", minimumValue) }
        let isTextField = isKind("UITextField")
        if isTextField, let placeholder { json.member("placeholder", placeholder) }
        if isKind("UIProgressView") { json.member("progress", progress ?? 0) }
        if isKind("UISegmentedControl") { json.member("selectedSegmentIndex", Int(value)) }
        if recursive {
            json.key("subviews")
            json.beginArray()
            for child in children { child.writeDump(to: &json) }
            json.endArray()
        }
        json.member("tag", tag)
        if isTextField, let text {
            json.member("text", isSecure ? String(repeating: "•", count: text.count) : text)
        } else if isLabel, let text {
            json.member("text", text)
        }
        if isLabel { json.member("textAlignment", textAlignment) }
        if let textColor {
            json.key("textColor")
            textColor.write(to: &json)
        }
        if isAlert || isKind("UIButton"), let title { json.member("title", title) }
        json.member("uid", uid)
        if isSlider { json.member("value", value) }
        if isKind("UIWindow") { json.member("windowLevel", windowLevel) }
        json.endObject()
    }

    /// The dump as a value, for the wireframe renderer.
    func dump(recursive: Bool = true) -> JSONValue {
        var json = JSONWriter()
        writeDump(to: &json, recursive: recursive)
        // The writer's own output: parsing it cannot fail.
        return try! JSONValue(parsing: json.bytes)
    }

    /// A boolean the way Frank dumps it: 0 or 1.
    private func flag(_ key: StaticString, _ value: Bool, to json: inout JSONWriter) {
        json.member(key, value ? 1 : 0)
    }
}

extension Rect {
    /// `{"origin":{"x","y"},"size":{"height","width"}}`, as `json` is written.
    func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("origin")
        json.beginObject()
        json.member("x", x)
        json.member("y", y)
        json.endObject()
        json.key("size")
        json.beginObject()
        json.member("height", height)
        json.member("width", width)
        json.endObject()
        json.endObject()
    }
}

extension Point {
    /// `{"x","y"}`, as `json` is written.
    func write(to json: inout JSONWriter) {
        json.beginObject()
        json.member("x", x)
        json.member("y", y)
        json.endObject()
    }
}

extension Color {
    /// `{"alpha","blue","green","red"}`, as `json` is written.
    func write(to json: inout JSONWriter) {
        json.beginObject()
        json.member("alpha", alpha)
        json.member("blue", blue)
        json.member("green", green)
        json.member("red", red)
        json.endObject()
    }
}
