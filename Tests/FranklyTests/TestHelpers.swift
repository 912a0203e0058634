import Frankly
import JSON

/// An in-memory view for selector tests: a name to assert on, a UIKit class chain, and getter values.
final class FixtureView: ShelleyNode {
    /// Superclasses the fixture knows, so `isKind(ofClassNamed:)` answers like the Objective-C runtime.
    static let superclasses: [String: String] = [
        "UIWindow": "UIView", "UIControl": "UIView", "UIButton": "UIControl", "UINavigationButton": "UIButton",
        "UINavigationBar": "UIView", "UINavigationItemView": "UIView", "UIScrollView": "UIView",
        "UITableView": "UIScrollView", "UITableViewCell": "UIView", "MyCell": "UITableViewCell",
        "UILabel": "UIView", "UITextField": "UIControl", "UISwitch": "UIControl",
        "UIActivityIndicatorView": "UIView", "UIAlertView": "UIView",
    ]

    let name: String
    let className: String
    var properties: [String: JSONValue]
    private(set) weak var shelleyParent: FixtureView?
    private(set) var shelleyChildren: [FixtureView] = []

    init(_ name: String, _ className: String, _ properties: [String: JSONValue] = [:], _ children: [FixtureView] = []) {
        self.name = name
        self.className = className
        self.properties = properties
        for child in children {
            child.shelleyParent = self
            shelleyChildren.append(child)
        }
    }

    func isKind(ofClassNamed className: String) -> Bool {
        var current: String? = self.className
        while let name = current {
            if name == className { return true }
            current = Self.superclasses[name]
        }
        return false
    }

    func perform(_ method: String, arguments: [JSONValue]) -> ShelleyMethodResult {
        if let builtin = performShelleyBuiltin(method, arguments: arguments) { return builtin }
        if let value = properties[method] { return .value(value) }
        switch method {
        case "accessibilityLabel": return .value(.null)
        case "isHidden": return .value(.bool(false))
        case "isAnimating": return .value(.integer(0))  // some server builds answer BOOLs as 0/1
        case "tag": return .value(.integer(0))
        case "tagBetween:and:":
            let tag = properties["tag"]?.doubleValue ?? 0
            guard let low = arguments[0].doubleValue, let high = arguments[1].doubleValue else {
                return .value(.bool(false))
            }
            return .value(.bool(low <= tag && tag <= high))
        default: return .notUnderstood
        }
    }
}

/// The app every selector test runs against: two windows, the second one an alert.
///
/// ```
/// window "Main"
///   navBar > backButton (UINavigationButton "Back"), navTitle (UINavigationItemView "Items")
///   table > cell1 "Row 1" > cell1Label "Apples", cell1Button "Buy"
///           cell2 (MyCell) "Row 2", tag 2 > cell2Label "Pears", cell2Button "Buy now"
///           cell3 "Row 3" > cell3Label "Plums"
///   greeting (UILabel "Hello<NBSP>world"), hiddenView "Secret", userField, passwordField,
///   wifiSwitch (on, as 1), bluetoothSwitch (off, as false), spinner (animating)
/// alertWindow "Alert window" > alert "Alert" > okButton "OK"
/// ```
func fixtureWindows() -> [FixtureView] {
    func label(_ text: String) -> [String: JSONValue] { ["accessibilityLabel": .string(text)] }
    func uiLabel(_ name: String, _ text: String) -> FixtureView {
        FixtureView(name, "UILabel", ["accessibilityLabel": .string(text), "text": .string(text)])
    }
    let window = FixtureView(
        "window", "UIWindow", label("Main"),
        [
            FixtureView(
                "navBar", "UINavigationBar", label("Home"),
                [
                    FixtureView("backButton", "UINavigationButton", label("Back")),
                    FixtureView("navTitle", "UINavigationItemView", label("Items")),
                ]),
            FixtureView(
                "table", "UITableView", label("Items"),
                [
                    FixtureView(
                        "cell1", "UITableViewCell", label("Row 1"),
                        [uiLabel("cell1Label", "Apples"), FixtureView("cell1Button", "UIButton", label("Buy"))]),
                    FixtureView(
                        "cell2", "MyCell", ["accessibilityLabel": "Row 2", "tag": 2],
                        [uiLabel("cell2Label", "Pears"), FixtureView("cell2Button", "UIButton", label("Buy now"))]),
                    FixtureView("cell3", "UITableViewCell", label("Row 3"), [uiLabel("cell3Label", "Plums")]),
                ]),
            FixtureView(
                "greeting", "UILabel", ["accessibilityLabel": "Hello\u{00A0}world", "text": "Hello world"]),
            FixtureView("hiddenView", "UIView", ["accessibilityLabel": "Secret", "isHidden": 1]),
            FixtureView("userField", "UITextField", ["placeholder": "User name", "text": ""]),
            FixtureView("passwordField", "UITextField", ["placeholder": "Password", "text": "hunter2"]),
            FixtureView("wifiSwitch", "UISwitch", ["accessibilityLabel": "Wi-Fi", "isOn": 1]),
            FixtureView("bluetoothSwitch", "UISwitch", ["accessibilityLabel": "Bluetooth", "isOn": false]),
            FixtureView("spinner", "UIActivityIndicatorView", ["accessibilityLabel": "Loading", "isAnimating": true]),
        ])
    let alertWindow = FixtureView(
        "alertWindow", "UIWindow", label("Alert window"),
        [FixtureView("alert", "UIAlertView", label("Alert"), [FixtureView("okButton", "UIButton", label("OK"))])])
    return [window, alertWindow]
}

/// Parses and evaluates `selector` over a fresh fixture; the names of the views selected, in order.
func select(_ selector: String) throws -> [String] {
    try SelectorEvaluator<FixtureView>().evaluate(selector, windows: fixtureWindows()).map(\.name)
}

/// The error `body` throws, as a `SelectorError`, or nil when it throws nothing.
func selectorError(_ body: () throws -> Void) -> SelectorError? {
    do {
        try body()
        return nil
    } catch {
        return error as? SelectorError
    }
}

// Literals keep the fixture and the expectations readable. They stay in the tests: the library spells its
// values out, so no target ends up with two competing literal conformances.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral,
    ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(nilLiteral: ()) { self = .null }
}
