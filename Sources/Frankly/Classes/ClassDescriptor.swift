/// What fscript knows about one UIKit class: its superclass, what its views add to a dump, and how it is laid out
/// and behaves by default.
///
/// The knowledge lives here, once, rather than in `isKind("UI…")` tests spread over the simulator: the simulator
/// asks a view's class chain, the Shelley class filters follow the superclasses, and a dump read back as a tree
/// uses the same chain.
public struct ClassDescriptor: Sendable, Hashable {
    /// How a class sizes its views when the app file gives no frame.
    public enum DefaultSize: Sendable, Hashable {
        /// The full width and the rest of the screen below the previous view (scroll views and tables).
        case fillsRemainingScreen
        /// The container's width less margins, this tall.
        case fullWidth(height: Double)
        /// This size, centred.
        case fixed(width: Double, height: Double)
    }

    /// The runtime class name, e.g. `UIButton`.
    public let name: String
    /// The superclass's name; `NSObject` ends the chain.
    public let superclass: String
    /// The dump attributes this class adds to its superclass's.
    public let attributes: [ViewAttribute]
    /// The size a view gets when the app file gives no frame; nil inherits the superclass's.
    public let defaultSize: DefaultSize?
    /// False for classes that ignore touches by default (labels and image views), so touches reach behind them.
    public let takesTouches: Bool
    /// True for classes that clip their content to their bounds (scroll views and windows).
    public let clipsToBounds: Bool

    /// A descriptor; most classes only name their superclass.
    public init(
        _ name: String, superclass: String, attributes: [ViewAttribute] = [], defaultSize: DefaultSize? = nil,
        takesTouches: Bool = true, clipsToBounds: Bool = false
    ) {
        self.name = name
        self.superclass = superclass
        self.attributes = attributes
        self.defaultSize = defaultSize
        self.takesTouches = takesTouches
        self.clipsToBounds = clipsToBounds
    }
}
