/// The UIKit classes fscript knows, each described once; `UIKitClasses` derives the superclass table from them.
///
/// Code tests a view's kind with these (`view.isKind(UIKitClass.scrollView)`), never with a class name string,
/// so a misspelt class is a compile error rather than a test that is silently never true.
public enum UIKitClass {
    /// The root of the view classes, under NSObject.
    public static let responder = ClassDescriptor("UIResponder", superclass: "NSObject")
    /// The application: the root of `/dump/allwindows`.
    public static let application = ClassDescriptor("UIApplication", superclass: "UIResponder")
    /// Every view; an app's own class is taken as a direct subclass.
    public static let view = ClassDescriptor("UIView", superclass: "UIResponder", defaultSize: .fullWidth(height: 44))
    /// A window: the top of a view tree, clipping it.
    public static let window = ClassDescriptor(
        "UIWindow", superclass: "UIView", attributes: [.isKeyWindow, .windowLevel], clipsToBounds: true)
    /// A text label; it ignores touches.
    public static let label = ClassDescriptor(
        "UILabel", superclass: "UIView", attributes: [.font, .text, .textAlignment],
        defaultSize: .fullWidth(height: 24), takesTouches: false)
    /// An image; it ignores touches.
    public static let imageView = ClassDescriptor("UIImageView", superclass: "UIView", takesTouches: false)
    /// A spinner.
    public static let activityIndicator = ClassDescriptor(
        "UIActivityIndicatorView", superclass: "UIView", attributes: [.isAnimating],
        defaultSize: .fixed(width: 20, height: 20))
    /// A progress bar.
    public static let progressView = ClassDescriptor(
        "UIProgressView", superclass: "UIView", attributes: [.progress], defaultSize: .fullWidth(height: 4))
    /// The touchable controls, which a disabled flag turns off.
    public static let control = ClassDescriptor("UIControl", superclass: "UIView", attributes: [.isEnabled])
    /// A button.
    public static let button = ClassDescriptor("UIButton", superclass: "UIControl", attributes: [.title])
    /// iOS 6: alert and action sheet buttons are UIThreePartButtons (Frank's `alertView threePartButton`).
    public static let threePartButton = ClassDescriptor("UIThreePartButton", superclass: "UIButton")
    /// An alert's or action sheet's button; touching it dismisses the alert.
    public static let alertButton = ClassDescriptor("UIAlertButton", superclass: "UIThreePartButton")
    /// A navigation bar button.
    public static let navigationButton = ClassDescriptor("UINavigationButton", superclass: "UIButton")
    /// A one-line text input; touching it takes the keyboard focus.
    public static let textField = ClassDescriptor(
        "UITextField", superclass: "UIControl", attributes: [.placeholder, .text], defaultSize: .fullWidth(height: 36))
    /// An on/off switch; a touch toggles it.
    public static let switchControl = ClassDescriptor(
        "UISwitch", superclass: "UIControl", attributes: [.isOn], defaultSize: .fixed(width: 51, height: 31))
    /// A slider.
    public static let slider = ClassDescriptor(
        "UISlider", superclass: "UIControl", attributes: [.maximumValue, .minimumValue, .value],
        defaultSize: .fullWidth(height: 31))
    /// A row of segments, one selected.
    public static let segmentedControl = ClassDescriptor(
        "UISegmentedControl", superclass: "UIControl", attributes: [.selectedSegmentIndex],
        defaultSize: .fullWidth(height: 32))
    /// One segment of a segmented control.
    public static let segment = ClassDescriptor("UISegment", superclass: "UIView", attributes: [.isSelected])
    /// A scrolling container; it clips its content.
    public static let scrollView = ClassDescriptor(
        "UIScrollView", superclass: "UIView", attributes: [.contentOffset, .contentSize],
        defaultSize: .fillsRemainingScreen, clipsToBounds: true)
    /// A table of rows.
    public static let tableView = ClassDescriptor("UITableView", superclass: "UIScrollView")
    /// A multi-line text view.
    public static let textView = ClassDescriptor("UITextView", superclass: "UIScrollView")
    /// A table row.
    public static let tableViewCell = ClassDescriptor("UITableViewCell", superclass: "UIView")
    /// A table row's content.
    public static let tableViewCellContentView = ClassDescriptor("UITableViewCellContentView", superclass: "UIView")
    /// The navigation bar.
    public static let navigationBar = ClassDescriptor("UINavigationBar", superclass: "UIView")
    /// The navigation bar's title.
    public static let navigationItemView = ClassDescriptor("UINavigationItemView", superclass: "UIView")
    /// The back button; touching it pops the screen.
    public static let navigationItemButtonView = ClassDescriptor(
        "UINavigationItemButtonView", superclass: "UINavigationButton")
    /// An alert.
    public static let alertView = ClassDescriptor(
        "UIAlertView", superclass: "UIView", attributes: [.message, .title])
    /// An action sheet, rising from the bottom.
    public static let actionSheet = ClassDescriptor(
        "UIActionSheet", superclass: "UIView", attributes: [.message, .title])
    /// The dimming behind an alert; it takes the touches outside it.
    public static let dimmingView = ClassDescriptor("_UIDimmingView", superclass: "UIView")
    /// The on-screen keyboard.
    public static let keyboard = ClassDescriptor("UIKeyboard", superclass: "UIView")

    /// Every known class.
    public static let all: [ClassDescriptor] = [
        responder, application, view, window, label, imageView, activityIndicator, progressView, control, button,
        threePartButton, alertButton, navigationButton, textField, switchControl, slider, segmentedControl, segment,
        scrollView, tableView, textView, tableViewCell, tableViewCellContentView, navigationBar, navigationItemView,
        navigationItemButtonView, alertView, actionSheet, dimmingView, keyboard,
    ]

    /// The descriptor of a class name, or nil for a class fscript does not know (an app's own view).
    public static func named(_ name: String) -> ClassDescriptor? { byName[name] }

    private static let byName = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}
