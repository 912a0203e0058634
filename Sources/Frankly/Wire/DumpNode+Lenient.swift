import JSON

extension DumpNode {
    /// Reads a tree as leniently as a picture or an inspector allows: a node without a `uid` (a hand-written tree,
    /// an odd server) gets an empty one, one whose uid is neither string nor integer gets its JSON text, one without
    /// a `class` is a UIView, and a child that is not an object is left out rather than failing the whole tree.
    /// Nil only when `json` is not an object. `init(json:)` is the strict reading a client checks a server with.
    public init?(lenient json: JSONValue) {
        guard case .object(var members) = json else { return nil }
        switch members["uid"] {
        case nil, .null?: members["uid"] = .string("")
        case .string?, .integer?: break
        case let other?: members["uid"] = .string(other.jsonString)
        }
        if members["class"]?.stringValue == nil { members["class"] = .string("UIView") }
        let children = members.removeValue(forKey: "subviews")
        // With a string class and uid and no subviews, the strict reading cannot fail.
        guard var node = try? DumpNode(json: .object(members)) else { return nil }
        if case .array(let list)? = children { node.subviews = list.compactMap { DumpNode(lenient: $0) } }
        self = node
    }

    /// The frame to draw or touch at: screen coordinates, else the frame as given.
    public var drawingFrame: Rect? { accessibilityFrame ?? frame }

    /// An attribute outside the typed ones (`title`, `value`, `textColor` …), as the server wrote it.
    public func extra(_ key: String) -> JSONValue? { otherAttributes[key] }

    /// A number among the other attributes, or `fallback`.
    public func extraNumber(_ key: String, _ fallback: Double) -> Double {
        otherAttributes[key]?.doubleValue ?? fallback
    }

    /// A boolean among the other attributes (written 0/1), or `fallback`.
    public func extraFlag(_ key: String, _ fallback: Bool) -> Bool { otherAttributes[key]?.franklyBool ?? fallback }
}
