import Frankly
import JSON

extension DumpNode {
    /// Reads a tree for drawing, as leniently as a picture allows: a node without a `uid` (a hand-written tree, an
    /// odd server) is drawn all the same, one without a `class` as a UIView, and a child that is not an object is
    /// left out rather than failing the whole picture.
    static func drawable(_ json: JSONValue) -> DumpNode? {
        guard case .object(var members) = json else { return nil }
        if members["uid"] == nil || members["uid"] == .null { members["uid"] = .string("") }
        if members["class"]?.stringValue == nil { members["class"] = .string("UIView") }
        let children = members.removeValue(forKey: "subviews")
        guard var node = try? DumpNode(json: .object(members)) else { return nil }
        if case .array(let list)? = children { node.subviews = list.compactMap(drawable) }
        return node
    }

    /// The frame to draw at: screen coordinates, else the frame as given.
    var drawingFrame: Rect? { accessibilityFrame ?? frame }

    /// An attribute outside the typed ones (`title`, `value`, `textColor` …), as the server wrote it.
    func extra(_ key: String) -> JSONValue? { otherAttributes[key] }

    /// A number among the other attributes, or `fallback`.
    func extraNumber(_ key: String, _ fallback: Double) -> Double { otherAttributes[key]?.doubleValue ?? fallback }

    /// A boolean among the other attributes (written 0/1), or `fallback`.
    func extraFlag(_ key: String, _ fallback: Bool) -> Bool { otherAttributes[key]?.franklyBool ?? fallback }
}
