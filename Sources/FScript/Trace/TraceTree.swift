import Frankly
import JSON

/// A view tree as a trace keeps it: each visible view's class, label, text and screen frame, and its children;
/// what the trace viewer lists and what tells two screens apart. A dump carries much more (every property the
/// target reports), which the trace has no use for and which would make each tree several times larger.
///
/// It is cut in Swift, not in Lua, straight from the typed dump and written piece by piece: a dump pushed into Lua
/// as tables, walked and encoded again cost more than drawing the picture, and even a JSON value tree built and
/// sorted on the way cost more than a quick step.
struct TraceTree {
    /// The cut tree as JSON, keys sorted, so equal screens give equal text (the trace keeps each text once).
    let json: String
    /// The screen's size in points, the frames' coordinates (375×667 when the root has no frame).
    let width: Double
    let height: Double

    init(_ dump: DumpNode) {
        var writer = JSONWriter()
        if !Self.write(dump, to: &writer) {
            writer.beginObject()
            writer.member("class", "?")
            writer.endObject()
        }
        json = String(decoding: writer.bytes, as: UTF8.self)
        let size = dump.drawingFrame?.size
        width = size?.width ?? 375
        height = size?.height ?? 667
    }

    /// Writes `{children?, class, frame?: {h, w, x, y}, label?, text?}` (keys sorted) of a visible view; false,
    /// writing nothing, for a hidden one.
    private static func write(_ node: DumpNode, to writer: inout JSONWriter) -> Bool {
        if node.isHidden == true { return false }
        writer.beginObject()
        let visible = node.children.filter { $0.isHidden != true }
        if !visible.isEmpty {
            writer.key("children")
            writer.beginArray()
            for child in visible { _ = write(child, to: &writer) }
            writer.endArray()
        }
        writer.member("class", node.className)
        if let frame = node.drawingFrame {
            writer.key("frame")
            writer.beginObject()
            writer.member("h", frame.size.height)
            writer.member("w", frame.size.width)
            writer.member("x", frame.origin.x)
            writer.member("y", frame.origin.y)
            writer.endObject()
        }
        if let label = node.accessibilityLabel, !label.isEmpty { writer.member("label", label) }
        if let text = [node.text, node.placeholder, node.extra("title")?.stringValue].lazy
            .compactMap({ $0 }).first(where: { !$0.isEmpty })
        {
            writer.member("text", text)
        }
        writer.endObject()
        return true
    }
}
