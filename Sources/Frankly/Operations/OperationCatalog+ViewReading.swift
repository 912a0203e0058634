extension OperationCatalog {
    /// What every UIView answers: visibility, identity, geometry.
    public static let viewReading: [OperationDescriptor] = [
        isVisible, isFullyWithinWindow, fexAccessibilityLabel, accessibilityLabel, accessibilityIdentifier,
        fexAccessibilityFrame, accessibilityFrame, isHidden, setHidden, isUserInteractionEnabled, alpha, frame, tag,
        isAnimating, isFirstResponder, className, classNameLong,
    ]

    /// Not hidden, alpha at least 0.01, and the same for every ancestor: what "visible" means to fscript.
    public static let isVisible = OperationDescriptor(
        "FEX_isVisible", effect: .reads, result: .bool, luaName: "is_visible")
    /// Whether the whole accessibility frame lies inside the window.
    public static let isFullyWithinWindow = OperationDescriptor(
        "FEX_isFullyWithinWindow", effect: .reads, result: .bool, luaName: "is_fully_within_window")
    /// Frank's alias of `accessibilityLabel`.
    public static let fexAccessibilityLabel = OperationDescriptor(
        "FEX_accessibilityLabel", effect: .reads, result: .string, luaName: "fex_accessibility_label")
    /// The accessibility label, UIKit's derived one included (a label's text, a button's title).
    public static let accessibilityLabel = OperationDescriptor(
        "accessibilityLabel", effect: .reads, result: .string, luaName: "accessibility_label")
    /// The app author's identifier.
    public static let accessibilityIdentifier = OperationDescriptor(
        "accessibilityIdentifier", effect: .reads, result: .string, luaName: "accessibility_identifier")
    /// Frank's alias of `accessibilityFrame`.
    public static let fexAccessibilityFrame = OperationDescriptor(
        "FEX_accessibilityFrame", effect: .reads, result: .rect, luaName: "fex_accessibility_frame")
    /// The frame in screen coordinates.
    public static let accessibilityFrame = OperationDescriptor(
        "accessibilityFrame", effect: .reads, result: .rect, luaName: "accessibility_frame")
    /// Whether the view itself is hidden (not its ancestors).
    public static let isHidden = OperationDescriptor("isHidden", effect: .reads, result: .bool, luaName: "is_hidden")
    /// Hides or shows the view.
    public static let setHidden = OperationDescriptor(
        "setHidden:", ["hidden"], effect: .acts, result: .void, luaName: "set_hidden")
    /// Whether the view takes touches at all.
    public static let isUserInteractionEnabled = OperationDescriptor(
        "isUserInteractionEnabled", effect: .reads, result: .bool, luaName: "is_user_interaction_enabled")
    /// The opacity, 0…1.
    public static let alpha = OperationDescriptor("alpha", effect: .reads, result: .number, luaName: "alpha")
    /// The frame in the superview's coordinates.
    public static let frame = OperationDescriptor("frame", effect: .reads, result: .rect, luaName: "frame")
    /// The integer tag.
    public static let tag = OperationDescriptor("tag", effect: .reads, result: .integer, luaName: "tag")
    /// Whether an animation on the view runs: what fscript's idle wait polls on servers without `/idle`.
    public static let isAnimating = OperationDescriptor(
        "isAnimating", effect: .reads, result: .bool, luaName: "is_animating")
    /// Whether the view has the keyboard focus.
    public static let isFirstResponder = OperationDescriptor(
        "isFirstResponder", effect: .reads, result: .bool, luaName: "is_first_responder")
    /// The runtime class name.
    public static let className = OperationDescriptor("class", effect: .reads, result: .string, luaName: "class")
    /// The runtime class name, NSObject's longer spelling.
    public static let classNameLong = OperationDescriptor(
        "className", effect: .reads, result: .string, luaName: "class_name")
}
