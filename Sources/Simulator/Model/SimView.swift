import Frankly
import JSON

/// One view of the simulated app: a UIKit-named node with the state Frank can read, set and touch.
///
/// Views live on the app's event loop only (never Sendable). Their `frame` is in the parent's coordinates, as in
/// UIKit; `accessibilityFrame` walks up the tree, subtracting scroll offsets, to reach screen coordinates.
final class SimView {
    /// The dump's `uid`: unique per view for the app's whole run, never reused.
    let uid: String
    /// The runtime class name (`UIButton`), as `/dump` prints it.
    let className: String
    /// The class and its ancestors, nearest first.
    let classChain: [String]
    /// The descriptors of the classes in the chain fscript knows, nearest first: what the view's kind implies.
    let kinds: [ClassDescriptor]
    /// The dump attributes the view's classes add, from their descriptors.
    let attributes: Set<ViewAttribute>
    /// The app author's name for the view (`id = "username"`), used by behaviours to find it.
    var id: String?
    weak var parent: SimView?
    private(set) var children: [SimView] = []
    /// A segmented control's segments, in order.
    var segments: [SimView] { children.filter { $0.isKind(UIKitClass.segment) } }
    /// The app that owns the view; touches and behaviours need it.
    weak var app: SimulatedApp?

    var accessibilityLabelValue: String?
    var frame: Rect
    var text: String?
    var placeholder: String?
    var title: String?
    var message: String?
    var isOn = false
    var value = 0.0
    var minimumValue = 0.0
    var maximumValue = 1.0
    var progress: Double?
    var isHidden = false
    var alpha = 1.0
    var isEnabled = true
    var isUserInteractionEnabled = true
    var tag = 0
    var backgroundColor: Color?
    var textColor: Color?
    var fontSize = 17.0
    var textAlignment = 0
    var isSecure = false
    var windowLevel = 0.0
    var isKeyWindow = false
    var contentOffset = Point(x: 0, y: 0)
    var contentSize: Point?
    /// Indefinite animation (an activity indicator between startAnimating and stopAnimating).
    var animatesIndefinitely = false
    /// Behaviours by event name: `touch`, `change`, `return`.
    var behaviours: [String: Behaviour] = [:]
    /// For a table: its rows by section, as specs, so a relayout can rebuild the cells.
    var sections: [[ViewSpec]] = []

    init(uid: String, className: String, classChain: [String], frame: Rect) {
        self.uid = uid
        self.className = className
        self.classChain = classChain
        kinds = classChain.compactMap(UIKitClass.named)
        attributes = Set(kinds.flatMap(\.attributes))
        self.frame = frame
    }

    /// True when the view's class dumps the attribute.
    func has(_ attribute: ViewAttribute) -> Bool { attributes.contains(attribute) }

    /// The accessibility label as UIKit derives it: the explicit one, else a label's text or a button's title.
    var accessibilityLabel: String? {
        if let accessibilityLabelValue { return accessibilityLabelValue }
        if isKind(UIKitClass.label) { return text }
        if isKind(UIKitClass.button) { return title }
        if isKind(UIKitClass.tableViewCell) {
            let texts = descendants.filter { $0.isKind(UIKitClass.label) }.compactMap(\.text)
            return texts.isEmpty ? nil : texts.joined(separator: ", ")
        }
        return nil
    }

    func addChild(_ child: SimView) {
        child.removeFromParent()
        child.parent = self
        children.append(child)
    }

    func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    func removeAllChildren() {
        for child in children { child.parent = nil }
        children = []
    }

    /// Every view below this one, depth-first pre-order.
    var descendants: [SimView] {
        children.flatMap { [$0] + $0.descendants }
    }

    /// The ancestors, nearest first.
    var ancestors: [SimView] {
        var list: [SimView] = []
        var current = parent
        while let view = current {
            list.append(view)
            current = view.parent
        }
        return list
    }

    /// The window at the top of this view's tree (itself for a window).
    var window: SimView? { ([self] + ancestors).last { $0.isKind(UIKitClass.window) } }

    /// The frame in screen coordinates: a scroll view's content offset moves its subviews up.
    var accessibilityFrame: Rect {
        guard let parent else { return frame }
        let base = parent.accessibilityFrame
        let scroll = parent.isKind(UIKitClass.scrollView) ? parent.contentOffset : Point(x: 0, y: 0)
        return frame.offsetBy(dx: base.x - scroll.x, dy: base.y - scroll.y)
    }

    /// The frame on screen with every ancestor's clipping applied; nil when nothing of it shows.
    var visibleScreenFrame: Rect? {
        var visible: Rect? = accessibilityFrame
        for ancestor in ancestors where ancestor.clipsToBounds {
            visible = visible?.intersection(ancestor.accessibilityFrame)
        }
        return visible
    }

    /// Scroll views and windows clip their content, as UIKit's defaults do: their descriptors say so.
    var clipsToBounds: Bool { kinds.contains { $0.clipsToBounds } }

    /// Not hidden, opaque enough, and the same for every ancestor: `OperationCatalog.isVisible`.
    var isVisible: Bool {
        ([self] + ancestors).allSatisfy { !$0.isHidden && $0.alpha >= 0.01 }
    }

    /// True while an animation on this view runs (an indicator spinning, or a timed animation not yet over).
    var isAnimating: Bool {
        animatesIndefinitely || (app?.hasTimedAnimation(on: self) ?? false)
    }

    /// How the view names itself in messages: `UIButton 'Log In'`, or `UIView (uid 12)`.
    var summary: String {
        if let label = accessibilityLabel { return "\(className) '\(label)'" }
        if let id { return "\(className) #\(id)" }
        return "\(className) (uid \(uid))"
    }
}

extension SimView: ShelleyNode {
    var shelleyParent: SimView? { parent }
    var shelleyChildren: [SimView] { children }

    func isKind(ofClassNamed className: String) -> Bool { classChain.contains(className) }

    func perform(_ method: String, arguments: [JSONValue]) -> ShelleyMethodResult {
        // Predicates never raise: a method that would fail (a touch that cannot land) counts as not understood.
        (try? invoke(method, arguments: arguments)) ?? .notUnderstood
    }
}
