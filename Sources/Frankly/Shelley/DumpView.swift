import JSON

/// A view of a `/dump`, read back as a tree Shelley can run on: the inspector highlights what a selector selects
/// as it is typed, and checks the selectors it suggests, without a round trip per keystroke.
///
/// It answers what a dump carries: the class (its superclasses from `UIKitClasses`), the accessibility label,
/// text, placeholder, the BOOLs (`isHidden`, `isOn`, `isEnabled`, written 0/1), and `OperationCatalog.isVisible`
/// from those.
/// A real target is the authority; a selector the inspector suggests is also sent to the target's `/map`.
public final class DumpView: ShelleyNode {
    public let uid: String
    public let className: String
    /// The node as the client models a dump, without its subviews (they are `shelleyChildren`).
    public let node: DumpNode
    /// The node's members except `subviews`, for getters the typed model does not name.
    public let attributes: [String: JSONValue]
    public private(set) weak var shelleyParent: DumpView?
    public private(set) var shelleyChildren: [DumpView] = []
    private let chain: [String]

    init(_ tree: DumpNode, parent: DumpView?) {
        var node = tree
        node.subviews = nil
        self.node = node
        className = node.className
        uid = node.uid
        if case .object(let members) = node.json { attributes = members } else { attributes = [:] }
        shelleyParent = parent
        chain = UIKitClasses.chain(of: className)
        shelleyChildren = tree.children.map { DumpView($0, parent: self) }
    }

    /// The windows of a dump (its root is the key window, or the application with windows under it).
    public static func windows(of dump: JSONValue) -> [DumpView] {
        guard let root = DumpNode(lenient: dump) else { return [] }
        let top = DumpView(root, parent: nil)
        if top.className == "UIApplication" { return top.shelleyChildren }
        return [top]
    }

    /// Every view of the tree, depth-first pre-order.
    public var all: [DumpView] { [self] + shelleyChildren.flatMap(\.all) }

    /// The view with this uid under (or at) this one.
    public func find(uid wanted: String) -> DumpView? {
        if uid == wanted { return self }
        for child in shelleyChildren {
            if let found = child.find(uid: wanted) { return found }
        }
        return nil
    }

    public var accessibilityLabel: String? { node.accessibilityLabel }
    public var text: String? { node.text }
    public var placeholder: String? { node.placeholder }

    /// Not hidden and not transparent, nor any ancestor.
    public var isVisible: Bool {
        var current: DumpView? = self
        while let view = current {
            if view.node.isHidden == true { return false }
            if let alpha = view.node.alpha, alpha < 0.01 { return false }
            current = view.shelleyParent
        }
        return true
    }

    public func isKind(ofClassNamed className: String) -> Bool {
        if chain.contains(className) { return true }
        return false
    }

    public func perform(_ method: String, arguments: [JSONValue]) -> ShelleyMethodResult {
        if let builtin = performShelleyBuiltin(method, arguments: arguments) { return builtin }
        switch method {
        case OperationCatalog.accessibilityLabel.selector: return .value(attributes["accessibilityLabel"] ?? .null)
        case OperationCatalog.isVisible.selector, OperationCatalog.canTouch.selector: return .value(.bool(isVisible))
        case OperationCatalog.isHidden.selector: return .value(.bool(node.isHidden ?? false))
        default:
            if let value = attributes[method] {
                if method.hasPrefix("is"), let flag = value.franklyBool { return .value(.bool(flag)) }
                return .value(value)
            }
            return .notUnderstood
        }
    }
}
