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
        if let label = accessibilityLabel {
            json.key("accessibilityLabel")
            json.value(label)
        }
        json.key("alpha")
        json.value(alpha)
        if let backgroundColor {
            json.key("backgroundColor")
            backgroundColor.write(to: &json)
        }
        json.key("class")
        json.value(className)
        if isKind("UIScrollView") {
            json.key("contentOffset")
            contentOffset.write(to: &json)
            let size = contentSize ?? Point(x: frame.width, y: frame.height)
            json.key("contentSize")
            json.beginObject()
            json.key("height")
            json.value(size.y)
            json.key("width")
            json.value(size.x)
            json.endObject()
        }
        let isLabel = isKind("UILabel")
        if isLabel {
            json.key("font")
            json.beginObject()
            json.key("familyName")
            json.value(".SF UI Text")
            json.key("fontName")
            json.value(".SFUI-Regular")
            json.key("pointSize")
            json.value(fontSize)
            json.endObject()
        }
        json.key("frame")
        frame.write(to: &json)
        if isKind("UIActivityIndicatorView") { flag("isAnimating", isAnimating, to: &json) }
        if isKind("UIControl") { flag("isEnabled", isEnabled, to: &json) }
        flag("isHidden", isHidden, to: &json)
        if isKind("UIWindow") { flag("isKeyWindow", isKeyWindow, to: &json) }
        if isKind("UISwitch") { flag("isOn", isOn, to: &json) }
        let isSlider = isKind("UISlider")
        if isSlider {
            json.key("maximumValue")
            json.value(maximumValue)
        }
        let isAlert = isKind("UIAlertView")
        if isAlert, let message {
            json.key("message")
            json.value(message)
        }
        if isSlider {
            json.key("minimumValue")
            json.value(minimumValue)
        }
        let isTextField = isKind("UITextField")
        if isTextField, let placeholder {
            json.key("placeholder")
            json.value(placeholder)
        }
        if isKind("UIProgressView") {
            json.key("progress")
            json.value(progress ?? 0)
        }
        if recursive {
            json.key("subviews")
            json.beginArray()
            for child in children { child.writeDump(to: &json) }
            json.endArray()
        }
        json.key("tag")
        json.value(tag)
        if isTextField, let text {
            json.key("text")
            json.value(isSecure ? String(repeating: "•", count: text.count) : text)
        } else if isLabel, let text {
            json.key("text")
            json.value(text)
        }
        if isLabel {
            json.key("textAlignment")
            json.value(textAlignment)
        }
        if let textColor {
            json.key("textColor")
            textColor.write(to: &json)
        }
        if isAlert || isKind("UIButton"), let title {
            json.key("title")
            json.value(title)
        }
        json.key("uid")
        json.value(uid)
        if isSlider {
            json.key("value")
            json.value(value)
        }
        if isKind("UIWindow") {
            json.key("windowLevel")
            json.value(windowLevel)
        }
        json.endObject()
    }

    /// The dump as a value, for the wireframe renderer.
    func dump(recursive: Bool = true) -> JSONValue {
        var json = JSONWriter()
        writeDump(to: &json, recursive: recursive)
        // The writer's own output: parsing it cannot fail.
        return try! JSONValue(parsing: json.bytes)
    }

    private func flag(_ key: StaticString, _ value: Bool, to json: inout JSONWriter) {
        json.key(key)
        json.value(value ? 1 : 0)
    }
}

extension Rect {
    /// `{"origin":{"x","y"},"size":{"height","width"}}`, as `json` is written.
    func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("origin")
        json.beginObject()
        json.key("x")
        json.value(x)
        json.key("y")
        json.value(y)
        json.endObject()
        json.key("size")
        json.beginObject()
        json.key("height")
        json.value(height)
        json.key("width")
        json.value(width)
        json.endObject()
        json.endObject()
    }
}

extension Point {
    /// `{"x","y"}`, as `json` is written.
    func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("x")
        json.value(x)
        json.key("y")
        json.value(y)
        json.endObject()
    }
}

extension Color {
    /// `{"alpha","blue","green","red"}`, as `json` is written.
    func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("alpha")
        json.value(alpha)
        json.key("blue")
        json.value(blue)
        json.key("green")
        json.value(green)
        json.key("red")
        json.value(red)
        json.endObject()
    }
}
