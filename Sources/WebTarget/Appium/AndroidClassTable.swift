import Frankly
import JSON

/// UiAutomator2's page source (Appium's Android driver) read as UIKit views.
///
/// UiAutomator names an element by the class its view reports to accessibility (`android.widget.Button`, which
/// AppCompat and Material widgets report too); the table gives each the UIKit class a Frank dump would show, so one
/// feature file's selectors work on both phones. Lists have no cell class on Android, so the direct children of a
/// list become `UITableViewCell`s, whatever layout each row is. An alert has no class either: AlertDialog's layouts
/// (platform, AppCompat, Material) all name their root `…:id/parentPanel`, which is read as the `UIAlertView`.
/// An unknown class becomes a `UIView`; every view keeps its Android class in `nativeClass`.
///
/// `bounds` are device pixels. They are divided by `density` (see `AppiumPageSource.dump`); at the default 1
/// frames stay in pixels, which is what UiAutomator2's W3C actions take, so a touch lands on the view's centre.
enum AndroidClassTable {
    /// Android class → UIKit class.
    static let classes: [String: String] = [
        "android.widget.Button": "UIButton",
        "android.widget.ImageButton": "UIButton",
        "android.widget.TextView": "UILabel",
        "android.widget.CheckedTextView": "UILabel",
        "android.widget.EditText": "UITextField",
        "android.widget.AutoCompleteTextView": "UITextField",
        "android.widget.MultiAutoCompleteTextView": "UITextField",
        "android.widget.CheckBox": "UISwitch",
        "android.widget.Switch": "UISwitch",
        "androidx.appcompat.widget.SwitchCompat": "UISwitch",
        "android.widget.ToggleButton": "UISwitch",
        "android.widget.RadioButton": "UISwitch",
        "android.widget.CompoundButton": "UISwitch",
        "android.widget.SeekBar": "UISlider",
        "android.widget.RatingBar": "UISlider",
        "android.widget.ProgressBar": "UIActivityIndicatorView",
        "android.widget.ListView": "UITableView",
        "android.widget.GridView": "UITableView",
        "android.widget.ExpandableListView": "UITableView",
        "androidx.recyclerview.widget.RecyclerView": "UITableView",
        "android.support.v7.widget.RecyclerView": "UITableView",
        "android.widget.ImageView": "UIImageView",
        "android.widget.ScrollView": "UIScrollView",
        "android.widget.HorizontalScrollView": "UIScrollView",
        "androidx.core.widget.NestedScrollView": "UIScrollView",
        "android.support.v4.widget.NestedScrollView": "UIScrollView",
        "androidx.viewpager.widget.ViewPager": "UIScrollView",
        "android.widget.Toolbar": "UINavigationBar",
        "androidx.appcompat.widget.Toolbar": "UINavigationBar",
        "android.webkit.WebView": "WKWebView",
        "android.widget.FrameLayout": "UIView",
        "android.widget.LinearLayout": "UIView",
        "android.widget.RelativeLayout": "UIView",
        "android.widget.TableLayout": "UIView",
        "android.widget.TableRow": "UIView",
        "android.widget.GridLayout": "UIView",
        "android.widget.RadioGroup": "UIView",
        "android.view.View": "UIView",
        "android.view.ViewGroup": "UIView",
        "androidx.constraintlayout.widget.ConstraintLayout": "UIView",
        "androidx.cardview.widget.CardView": "UIView",
        "androidx.coordinatorlayout.widget.CoordinatorLayout": "UIView",
        "androidx.drawerlayout.widget.DrawerLayout": "UIView",
    ]

    /// Resource id suffix → UIKit class, for what only its id tells apart.
    static let idClasses: [(suffix: String, className: String)] = [
        (":id/parentPanel", "UIAlertView")
    ]

    /// The element's Android class: its `class` attribute, else its tag (UiAutomator2 writes both).
    static func nativeClass(of element: PageSourceXML.Element) -> String {
        element["class"] ?? element.name
    }

    /// `[left,top][right,bottom]` in pixels as a frame in points (`density` pixels per point); nil when malformed.
    static func frame(bounds: String, density: Double) -> Rect? {
        var numbers: [Double] = []
        var digits = ""
        for character in bounds + "]" {
            if character.isNumber || character == "-" {
                digits.append(character)
            } else if !digits.isEmpty {
                guard let number = Double(digits) else { return nil }
                numbers.append(number / density)
                digits = ""
            }
        }
        guard numbers.count == 4 else { return nil }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2] - numbers[0], height: numbers[3] - numbers[1])
    }

    /// The screen: `<hierarchy width= height=>` (UiAutomator2 writes the display's size there), nil without it.
    static func screen(_ hierarchy: PageSourceXML.Element, density: Double) -> Rect? {
        guard let width = hierarchy["width"].flatMap(Double.init), let height = hierarchy["height"].flatMap(Double.init)
        else { return nil }
        return Rect(x: 0, y: 0, width: width / density, height: height / density)
    }

    /// One element as a view; `inList` when its parent is a list, which makes it a cell.
    static func view(_ element: PageSourceXML.Element, density: Double, inList: Bool) -> NativeView {
        let native = nativeClass(of: element)
        let id = element["resource-id"]
        let byID = id.flatMap { id in idClasses.first { id.hasSuffix($0.suffix) }?.className }
        let className = inList ? "UITableViewCell" : byID ?? classes[native] ?? "UIView"
        var attributes: [String: JSONValue] = ["nativeClass": .string(native)]
        // An empty EditText reports its hint as its text; UiAutomator2 says so with `showing-hint`.
        let shown = element.flag("showing-hint") == true ? nil : element["text"]
        // A field with neither says its hint, as VoiceOver reads a UITextField's placeholder.
        let hint = className == "UITextField" ? element["hint"] : nil
        if let label = element["content-desc"] ?? shown ?? hint { attributes["accessibilityLabel"] = .string(label) }
        if let id { attributes["accessibilityIdentifier"] = .string(id) }
        let hidden = element.flag("displayed") == false
        attributes["isHidden"] = NativeView.bit(hidden)
        attributes["isEnabled"] = NativeView.bit(element.flag("enabled") ?? true)
        if let selected = element.flag("selected") { attributes["isSelected"] = NativeView.bit(selected) }
        if let focused = element.flag("focused") { attributes["isFocused"] = NativeView.bit(focused) }
        switch className {
        case "UITextField":
            attributes["text"] = .string(shown ?? "")
            if let hint { attributes["placeholder"] = .string(hint) }
            if element.flag("password") == true { attributes["isSecureTextEntry"] = NativeView.bit(true) }
        case "UILabel":
            attributes["text"] = .string(shown ?? "")
        case "UIButton":
            if let title = shown { attributes["title"] = .string(title) }
        case "UISwitch":
            attributes["isOn"] = NativeView.bit(element.flag("checked") ?? false)
        case "UISlider":
            // UiAutomator2 writes a SeekBar's progress as its text.
            if let value = shown.flatMap(Double.init) { attributes["value"] = NativeView.number(value) }
        case "UIActivityIndicatorView":
            // Android cannot say whether a ProgressBar is indeterminate; shown, it counts as busy, as a spinner is.
            attributes["isAnimating"] = NativeView.bit(!hidden)
        default:
            break
        }
        let frame = element["bounds"].flatMap { Self.frame(bounds: $0, density: density) }
        return NativeView(
            className: className, frame: frame, attributes: attributes, childrenAreCells: className == "UITableView")
    }
}
