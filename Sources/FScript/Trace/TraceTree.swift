import Frankly
import JSON

/// A view tree as a trace keeps it: each visible view's class, label, text and screen frame, and its children;
/// what the trace viewer lists and what tells two screens apart. A dump carries much more (every property the
/// target reports), which the trace has no use for and which would make each tree several times larger.
///
/// It is cut in Swift, not in Lua: a dump pushed into Lua as tables, walked and encoded again cost more than
/// drawing the picture.
struct TraceTree {
    /// The cut tree as JSON, keys sorted, so equal screens give equal text (the trace keeps each text once).
    let json: String
    /// The screen's size in points, the frames' coordinates (375×667 when the root has no frame).
    let width: Double
    let height: Double

    init(_ dump: JSONValue) {
        let root = Self.cut(dump) ?? .object(["class": .string("?")])
        json = root.jsonString
        let size = dump["accessibilityFrame"]?["size"] ?? dump["frame"]?["size"]
        width = size?["width"]?.doubleValue ?? 375
        height = size?["height"]?.doubleValue ?? 667
    }

    /// `{class, label?, text?, frame?: {x, y, w, h}, children?}` of a visible view; nil for a hidden one.
    private static func cut(_ node: JSONValue) -> JSONValue? {
        guard case .object(let fields) = node else { return nil }
        if fields["isHidden"]?.franklyBool == true { return nil }
        var out: [String: JSONValue] = ["class": .string(fields["class"]?.stringValue ?? "?")]
        if let label = fields["accessibilityLabel"]?.stringValue, !label.isEmpty { out["label"] = .string(label) }
        for key in ["text", "placeholder", "title"] {
            if let text = fields[key]?.stringValue, !text.isEmpty {
                out["text"] = .string(text)
                break
            }
        }
        if let frame = fields["accessibilityFrame"] ?? fields["frame"],
            let x = frame["origin"]?["x"]?.doubleValue, let y = frame["origin"]?["y"]?.doubleValue,
            let w = frame["size"]?["width"]?.doubleValue, let h = frame["size"]?["height"]?.doubleValue
        {
            out["frame"] = .object(["x": .number(x), "y": .number(y), "w": .number(w), "h": .number(h)])
        }
        if case .array(let subviews)? = fields["subviews"] {
            let children = subviews.compactMap(cut)
            if !children.isEmpty { out["children"] = .array(children) }
        }
        return .object(out)
    }
}
