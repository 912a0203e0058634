import JSON

/// One view of a `/dump`: `"class"`, `"uid"` (a string), `"subviews"`, and the attributes its class has.
///
/// The attributes FRANKLY.md lists get typed properties, nil when the server left them out (it omits nil
/// values). Anything else a server adds, or a known attribute in a shape fscript does not expect, stays in
/// `otherAttributes` untouched, so decoding and re-encoding a dump from any server loses nothing. Booleans are
/// written 0/1, as real dumps write them.
public struct DumpNode: Codable, JSONShaped, Sendable, Equatable {
    /// A UILabel's font as the dump describes it.
    public struct Font: Codable, Sendable, Equatable {
        /// The PostScript name, e.g. `Helvetica-Bold`.
        public var fontName: String
        /// The family, e.g. `Helvetica`.
        public var familyName: String
        /// The size in points.
        public var pointSize: Double

        /// A font description.
        public init(fontName: String, familyName: String, pointSize: Double) {
            self.fontName = fontName
            self.familyName = familyName
            self.pointSize = pointSize
        }
    }

    /// The runtime class name, e.g. `UIButton`.
    public var className: String
    /// The view's identity, unique in the app; `/dump/view/UID` takes it.
    public var uid: String
    /// The subviews back to front; nil for the single node `/dump/view/UID` answers.
    public var subviews: [DumpNode]?

    /// UIView: the accessibility label.
    public var accessibilityLabel: String?
    /// UIView: the frame in screen coordinates.
    public var accessibilityFrame: Rect?
    /// UIView: the frame in the superview's coordinates.
    public var frame: Rect?
    /// UIView: the integer tag.
    public var tag: Int?
    /// UIView: the opacity, 0…1.
    public var alpha: Double?
    /// UIView: whether the view is hidden.
    public var isHidden: Bool?
    /// UIView: the background colour, an rgba dictionary kept as the server wrote it.
    public var backgroundColor: JSONValue?
    /// UIWindow: the window level.
    public var windowLevel: Double?
    /// UIWindow: whether this is the key window.
    public var isKeyWindow: Bool?
    /// UIScrollView: the scroll position.
    public var contentOffset: Point?
    /// UIScrollView: the scrollable extent.
    public var contentSize: Size?
    /// UILabel, UITextField: the text.
    public var text: String?
    /// UILabel: the font.
    public var font: Font?
    /// UILabel: the NSTextAlignment raw value.
    public var textAlignment: Int?
    /// UITextField: the placeholder.
    public var placeholder: String?
    /// UISwitch: whether it is on.
    public var isOn: Bool?
    /// UISegmentedControl: how many segments.
    public var numberOfSegments: Int?
    /// UISegmentedControl: the selected segment, or -1.
    public var selectedSegmentIndex: Int?
    /// Every other attribute, as the server wrote it.
    public var otherAttributes: [String: JSONValue]

    /// A node with the given identity and children and no attributes; set the ones the view has afterwards.
    public init(className: String, uid: String, subviews: [DumpNode]? = []) {
        self.className = className
        self.uid = uid
        self.subviews = subviews
        self.otherAttributes = [:]
    }

    /// The subviews, empty when the node was dumped without them.
    public var children: [DumpNode] { subviews ?? [] }

    /// This node and all below it, depth-first pre-order: the order Shelley's class filters use.
    public var allNodes: [DumpNode] {
        var nodes = [self]
        for child in children { nodes += child.allNodes }
        return nodes
    }


    /// Reads a node and its subtree from parsed JSON, e.g. a `/dump` body already parsed for Lua.
    public init(json: JSONValue) throws {
        guard case .object(var members) = json else {
            throw ShapeError(message: "a dump node must be a JSON object, found \(json.jsonString.prefix(40))")
        }
        func take<T>(_ key: String, _ convert: (JSONValue) -> T?) -> T? {
            guard let raw = members[key], raw != .null, let value = convert(raw) else { return nil }
            members[key] = nil
            return value
        }
        guard let className = take("class", \.stringValue) else {
            throw ShapeError(message: "a dump node needs a string \"class\"")
        }
        // Some old servers wrote the uid as a number; it is an opaque identity either way.
        guard let uid = take("uid", { $0.stringValue ?? $0.intValue.map(String.init) }) else {
            throw ShapeError(message: "dump node \(className) has no \"uid\"")
        }
        self.className = className
        self.uid = uid
        if case .array(let children)? = members["subviews"] {
            subviews = try children.map(DumpNode.init(json:))
            members["subviews"] = nil
        }
        accessibilityLabel = take("accessibilityLabel", \.stringValue)
        accessibilityFrame = take("accessibilityFrame", Rect.init(json:))
        frame = take("frame", Rect.init(json:))
        tag = take("tag", \.intValue)
        alpha = take("alpha", \.doubleValue)
        isHidden = take("isHidden", Self.bool)
        backgroundColor = take("backgroundColor", { $0 })
        windowLevel = take("windowLevel", \.doubleValue)
        isKeyWindow = take("isKeyWindow", Self.bool)
        contentOffset = take("contentOffset", Point.init(json:))
        contentSize = take("contentSize", Size.init(json:))
        text = take("text", \.stringValue)
        font = take("font", Self.font)
        textAlignment = take("textAlignment", \.intValue)
        placeholder = take("placeholder", \.stringValue)
        isOn = take("isOn", Self.bool)
        numberOfSegments = take("numberOfSegments", \.intValue)
        selectedSegmentIndex = take("selectedSegmentIndex", \.intValue)
        otherAttributes = members
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(json)
    }

    /// The node as a JSON object, e.g. for Lua tables or a failure artifact.
    public var json: JSONValue {
        var members = otherAttributes
        members["class"] = .string(className)
        members["uid"] = .string(uid)
        if let subviews { members["subviews"] = .array(subviews.map(\.json)) }
        func put(_ key: String, _ value: JSONValue?) {
            if let value { members[key] = value }
        }
        put("accessibilityLabel", accessibilityLabel.map(JSONValue.string))
        put("accessibilityFrame", accessibilityFrame?.json)
        put("frame", frame?.json)
        put("tag", tag.map { .integer(Int64($0)) })
        put("alpha", alpha.map(JSONValue.frankly))
        put("isHidden", isHidden.map(Self.bit))
        put("backgroundColor", backgroundColor)
        put("windowLevel", windowLevel.map(JSONValue.frankly))
        put("isKeyWindow", isKeyWindow.map(Self.bit))
        put("contentOffset", contentOffset?.json)
        put("contentSize", contentSize?.json)
        put("text", text.map(JSONValue.string))
        put("font", font.map(Self.json(font:)))
        put("textAlignment", textAlignment.map { .integer(Int64($0)) })
        put("placeholder", placeholder.map(JSONValue.string))
        put("isOn", isOn.map(Self.bit))
        put("numberOfSegments", numberOfSegments.map { .integer(Int64($0)) })
        put("selectedSegmentIndex", selectedSegmentIndex.map { .integer(Int64($0)) })
        return .object(members)
    }

    /// Reads a dump boolean; unlike `franklyBool`, null is not false here because null means "not dumped".
    private static func bool(_ value: JSONValue) -> Bool? {
        value == .null ? nil : value.franklyBool
    }

    private static func bit(_ value: Bool) -> JSONValue { .integer(value ? 1 : 0) }

    private static func font(_ value: JSONValue) -> Font? {
        guard let name = value["fontName"]?.stringValue, let family = value["familyName"]?.stringValue,
            let size = value["pointSize"]?.doubleValue, case .object(let members) = value, members.count == 3
        else { return nil }
        return Font(fontName: name, familyName: family, pointSize: size)
    }

    private static func json(font: Font) -> JSONValue {
        .object([
            "fontName": .string(font.fontName), "familyName": .string(font.familyName),
            "pointSize": .frankly(font.pointSize),
        ])
    }
}
