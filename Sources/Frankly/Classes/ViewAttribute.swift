/// An attribute a class adds to its views' `/dump` nodes, beyond the ones every UIView has.
///
/// The raw value is the dump key. Which class has which attribute is said once, in `UIKitClass`; the simulator's
/// dump writer asks a view's class for its attributes instead of testing class names.
public enum ViewAttribute: String, Sendable, CaseIterable {
    /// UIScrollView: the scroll position.
    case contentOffset
    /// UIScrollView: the scrollable extent.
    case contentSize
    /// UILabel: the font.
    case font
    /// UIActivityIndicatorView: whether it spins.
    case isAnimating
    /// UIControl: whether it takes touches.
    case isEnabled
    /// UIWindow: whether it is the key window.
    case isKeyWindow
    /// UISwitch: whether it is on.
    case isOn
    /// UISegment: whether it is its control's selected segment.
    case isSelected
    /// UISlider: the upper bound.
    case maximumValue
    /// UIAlertView, UIActionSheet: the message.
    case message
    /// UISlider: the lower bound.
    case minimumValue
    /// UITextField: the placeholder.
    case placeholder
    /// UIProgressView: the progress, 0…1.
    case progress
    /// UISegmentedControl: the selected segment, from 0.
    case selectedSegmentIndex
    /// UILabel, UITextField: the text (a secure field's masked).
    case text
    /// UILabel: the NSTextAlignment raw value.
    case textAlignment
    /// UIButton, UIAlertView, UIActionSheet: the title.
    case title
    /// UISlider: the value.
    case value
    /// UIWindow: the window level.
    case windowLevel
}
