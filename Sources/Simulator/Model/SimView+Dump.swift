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
        writeMembersBeforeSubviews(to: &json)
        if recursive {
            json.key("subviews")
            json.beginArray()
            for child in children { child.writeDump(to: &json) }
            json.endArray()
        }
        writeMembersAfterSubviews(to: &json)
        json.endObject()
    }

    /// The members from `accessibilityFrame` to `selectedSegmentIndex`, in key order; which class-specific ones
    /// are written is what the view's class descriptors list as its attributes.
    private func writeMembersBeforeSubviews(to json: inout JSONWriter) {
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
        if has(.contentOffset) {
            json.key("contentOffset")
            contentOffset.write(to: &json)
            let size = contentSize ?? Point(x: frame.width, y: frame.height)
            json.key("contentSize")
            json.beginObject()
            json.member("height", size.y)
            json.member("width", size.x)
            json.endObject()
        }
        if has(.font) {
            json.key("font")
            json.beginObject()
            json.member("familyName", ".SF UI Text")
            json.member("fontName", ".SFUI-Regular")
            json.member("pointSize", fontSize)
            json.endObject()
        }
        json.key("frame")
        frame.write(to: &json)
        writeFlags(to: &json)
        if has(.maximumValue) { json.member("maximumValue", maximumValue) }
        if has(.message), let message { json.member("message", message) }
        if has(.minimumValue) { json.member("minimumValue", minimumValue) }
        if has(.placeholder), let placeholder { json.member("placeholder", placeholder) }
        if has(.progress) { json.member("progress", progress ?? 0) }
        if has(.selectedSegmentIndex) { json.member("selectedSegmentIndex", Int(value)) }
    }

    /// The booleans, `isAnimating` to `isSelected`.
    private func writeFlags(to json: inout JSONWriter) {
        if has(.isAnimating) { flag("isAnimating", isAnimating, to: &json) }
        if has(.isEnabled) { flag("isEnabled", isEnabled, to: &json) }
        flag("isHidden", isHidden, to: &json)
        if has(.isKeyWindow) { flag("isKeyWindow", isKeyWindow, to: &json) }
        if has(.isOn) { flag("isOn", isOn, to: &json) }
        if has(.isSelected), let control = parent {
            flag("isSelected", control.segments.firstIndex { $0 === self } == Int(control.value), to: &json)
        }
    }

    /// The members from `tag` to `windowLevel`, in key order.
    private func writeMembersAfterSubviews(to json: inout JSONWriter) {
        json.member("tag", tag)
        if has(.text), let text {
            // A secure field dumps bullets, as UIKit's own text of it would read.
            let masked = isSecure && isKind(UIKitClass.textField)
            json.member("text", masked ? String(repeating: "•", count: text.count) : text)
        }
        if has(.textAlignment) { json.member("textAlignment", textAlignment) }
        if let textColor {
            json.key("textColor")
            textColor.write(to: &json)
        }
        if has(.title), let title { json.member("title", title) }
        json.member("uid", uid)
        if has(.value) { json.member("value", value) }
        if has(.windowLevel) { json.member("windowLevel", windowLevel) }
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
