import Frankly
import JSON

/// WebDriverAgent's page source (Appium's XCUITest driver) read as UIKit views.
///
/// XCUITest names every element by an `XCUIElementType…` type; the table below gives each the UIKit class a
/// Frank dump would show for it, so `button`, `textField`, `tableViewCell`, `alertView` find on a phone what they
/// find in an app with Frank linked in. A type the table does not name becomes a `UIView`; every view keeps its
/// type in `nativeClass`, for the inspector and for error messages.
///
/// Frames are the source's `x`/`y`/`width`/`height`, already in points, which is also what the driver's W3C
/// actions take.
enum IOSClassTable {
    /// Element type → UIKit class. UIKit names fscript's class table does not know (`UIToolbar`, `UIStepper` …)
    /// count as direct subclasses of UIView, which is what `view` needs of them.
    static let classes: [String: String] = [
        "XCUIElementTypeOther": "UIView",
        "XCUIElementTypeGroup": "UIView",
        "XCUIElementTypeAny": "UIView",
        "XCUIElementTypeApplication": "UIApplication",
        "XCUIElementTypeWindow": "UIWindow",
        "XCUIElementTypeAlert": "UIAlertView",
        "XCUIElementTypeDialog": "UIAlertView",
        "XCUIElementTypeSheet": "UIActionSheet",
        "XCUIElementTypeButton": "UIButton",
        "XCUIElementTypeLink": "UIButton",
        "XCUIElementTypeMenuButton": "UIButton",
        "XCUIElementTypePopUpButton": "UIButton",
        "XCUIElementTypeToolbarButton": "UIButton",
        "XCUIElementTypeStaticText": "UILabel",
        "XCUIElementTypeTextField": "UITextField",
        "XCUIElementTypeSecureTextField": "UITextField",
        "XCUIElementTypeSearchField": "UITextField",
        "XCUIElementTypeTextView": "UITextView",
        "XCUIElementTypeSwitch": "UISwitch",
        "XCUIElementTypeToggle": "UISwitch",
        "XCUIElementTypeCheckBox": "UISwitch",
        "XCUIElementTypeSlider": "UISlider",
        "XCUIElementTypeProgressIndicator": "UIProgressView",
        "XCUIElementTypeActivityIndicator": "UIActivityIndicatorView",
        "XCUIElementTypeSegmentedControl": "UISegmentedControl",
        "XCUIElementTypeTable": "UITableView",
        "XCUIElementTypeCollectionView": "UITableView",
        "XCUIElementTypeCell": "UITableViewCell",
        "XCUIElementTypeScrollView": "UIScrollView",
        "XCUIElementTypeImage": "UIImageView",
        "XCUIElementTypeIcon": "UIImageView",
        "XCUIElementTypeNavigationBar": "UINavigationBar",
        "XCUIElementTypeTabBar": "UITabBar",
        "XCUIElementTypeToolbar": "UIToolbar",
        "XCUIElementTypeStatusBar": "UIStatusBar",
        "XCUIElementTypeKeyboard": "UIKeyboard",
        // Keys are not buttons in UIKit either: `button marked:'a'` must not find the keyboard's A.
        "XCUIElementTypeKey": "UIKBKeyView",
        "XCUIElementTypePageIndicator": "UIPageControl",
        "XCUIElementTypePicker": "UIPickerView",
        "XCUIElementTypePickerWheel": "UIPickerColumnView",
        "XCUIElementTypeDatePicker": "UIDatePicker",
        "XCUIElementTypeStepper": "UIStepper",
        "XCUIElementTypeWebView": "WKWebView",
        "XCUIElementTypeMap": "MKMapView",
    ]

    /// The element's type: its `type` attribute, else its tag (both are the same in WebDriverAgent's source).
    static func elementType(of element: PageSourceXML.Element) -> String {
        element["type"] ?? element.name
    }

    /// The element's frame in screen points, nil when the source left a coordinate out.
    static func frame(of element: PageSourceXML.Element) -> Rect? {
        let numbers = ["x", "y", "width", "height"].compactMap { element[$0].flatMap(Double.init) }
        guard numbers.count == 4 else { return nil }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// One element as a view: class, frame, and the attributes a Frank dump gives its class.
    static func view(_ element: PageSourceXML.Element) -> NativeView {
        let type = elementType(of: element)
        let className = classes[type] ?? "UIView"
        var attributes: [String: JSONValue] = ["nativeClass": .string(type)]
        // `name` is the accessibility identifier when the app set one, else XCTest falls back to the label.
        if let label = element["label"] ?? element["name"] { attributes["accessibilityLabel"] = .string(label) }
        if let name = element["name"] { attributes["accessibilityIdentifier"] = .string(name) }
        let hidden = element.flag("visible") == false
        attributes["isHidden"] = NativeView.bit(hidden)
        attributes["isEnabled"] = NativeView.bit(element.flag("enabled") ?? true)
        if let selected = element.flag("selected") { attributes["isSelected"] = NativeView.bit(selected) }
        if let focused = element.flag("focused") { attributes["isFocused"] = NativeView.bit(focused) }
        let value = element["value"]
        switch className {
        case "UITextField", "UITextView":
            let placeholder = element["placeholderValue"]
            // XCTest answers an empty field's value with its placeholder: that field shows no text.
            attributes["text"] = .string(value == placeholder ? "" : value ?? "")
            if let placeholder { attributes["placeholder"] = .string(placeholder) }
            if type == "XCUIElementTypeSecureTextField" { attributes["isSecureTextEntry"] = NativeView.bit(true) }
        case "UILabel":
            attributes["text"] = .string(element["label"] ?? value ?? "")
        case "UIButton":
            if let title = element["label"] { attributes["title"] = .string(title) }
        case "UISwitch":
            attributes["isOn"] = NativeView.bit(value == "1" || value == "true")
        case "UISlider":
            if let fraction = value.flatMap(Self.fraction) { attributes["value"] = NativeView.number(fraction) }
        case "UIProgressView":
            if let fraction = value.flatMap(Self.fraction) { attributes["progress"] = NativeView.number(fraction) }
        case "UIActivityIndicatorView":
            // XCTest only lists a spinner UIKit shows, and a shown UIActivityIndicatorView is one that spins.
            attributes["isAnimating"] = NativeView.bit(!hidden)
        default:
            break
        }
        return NativeView(className: className, frame: frame(of: element), attributes: attributes)
    }

    /// `"50%"` (a slider's or a progress bar's value in XCTest) as 0.5; a plain number as itself.
    static func fraction(_ value: String) -> Double? {
        if value.hasSuffix("%") { return Double(value.dropLast()).map { $0 / 100 } }
        return Double(value)
    }
}
