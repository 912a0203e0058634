import Frankly
import JSON

/// An Appium page source (WebDriverAgent's XCUIElementType… XML, UiAutomator2's android.widget… XML) read as
/// Frankly's dump, so Shelley selectors, the catalog's steps and the inspector work on a phone's own app as they
/// do on an app with Frank linked in.
///
/// Each platform's class table (`IOSClassTable`, `AndroidClassTable`) turns one element into a UIKit view; this
/// file builds the tree around them: a key window at the root, uids, frames relative to the parent, the label
/// UIKit gives a cell, and the title and message of an alert (as `PageTree` gives a web page's dialogs).
///
/// A uid is the element's path of positions from the window (`a/0/2/1`): the same element in two reads of the
/// same screen has the same uid, which is all `/dump/view/UID` and the inspector need; a screen that changes
/// shape renumbers what moved, as a fresh dump of a real app does.
public enum AppiumPageSource {
    /// The platform whose class table reads the source.
    public enum Platform: Sendable {
        case iOS, android
    }

    /// The source as a Frankly dump: a `UIWindow` (uid `w0`, the key window) whose subviews are the app's top
    /// elements (its windows on iOS, the hierarchy's roots on Android).
    ///
    /// `density` is the device's pixels per point, by which Android's pixel `bounds` are divided (Appium's
    /// session answers it as `pixelRatio`, and `deviceScreenDensity` / 160). The default, 1, keeps Android frames
    /// in pixels: that is what UiAutomator2's W3C actions take, so fscript's touch at a view's centre lands
    /// there. Pass the real density only to read sizes as a designer's points. iOS frames are points already and
    /// ignore it. Throws a `WebTargetError` when the source is not XML (naming the line) or libxml2 is missing.
    public static func dump(fromXML xml: String, platform: Platform, density: Double = 1) throws -> JSONValue {
        guard density.isFinite, density > 0 else {
            throw WebTargetError("the Android screen density must be a positive number, got \(density)")
        }
        let (app, top) = topElements(of: try PageSourceXML.parse(xml))
        let screen: Rect?
        switch platform {
        case .iOS: screen = IOSClassTable.frame(of: app)
        case .android: screen = AndroidClassTable.screen(app, density: density)
        }
        let context = Context(platform: platform, density: density)
        var children: [JSONValue] = []
        var union: Rect?
        for (position, element) in top.enumerated() {
            let (child, frame) = context.node(element, uid: "a/\(position)", parentOrigin: screen?.origin)
            children.append(child)
            if union == nil { union = frame }
        }
        // A window is as large as the screen; without one in the source, its first view's frame stands in.
        let window = screen ?? union
        var members: [String: JSONValue] = [
            "class": .string("UIWindow"), "uid": .string("w0"), "isKeyWindow": NativeView.bit(true),
            "isHidden": NativeView.bit(false), "subviews": .array(children),
        ]
        if let window {
            members["accessibilityFrame"] = window.json
            members["frame"] = window.json
        }
        members["nativeClass"] = .string(
            platform == .iOS ? IOSClassTable.elementType(of: app) : AndroidClassTable.nativeClass(of: app))
        return try PageTree.finish(.object(members))
    }

    /// The element standing for the app (`XCUIElementTypeApplication`, `<hierarchy>`) and its top elements.
    /// WebDriverAgent wraps the application in `<AppiumAUT>`; a source that is some other element (a subtree)
    /// is its own only top element.
    private static func topElements(of root: PageSourceXML.Element) -> (PageSourceXML.Element, [PageSourceXML.Element])
    {
        var app = root
        if app.name == "AppiumAUT" {
            guard let first = app.children.first else { return (app, []) }
            app = first
        }
        if app.name == "hierarchy" || IOSClassTable.elementType(of: app) == "XCUIElementTypeApplication" {
            return (app, app.children)
        }
        return (app, [app])
    }

    /// What is fixed for one source while its tree is built.
    private struct Context {
        let platform: Platform
        let density: Double

        /// `element` and its subtree as dump nodes, with the element's screen frame.
        func node(_ element: PageSourceXML.Element, uid: String, parentOrigin: Point?, inList: Bool = false)
            -> (JSONValue, Rect?)
        {
            let view: NativeView
            switch platform {
            case .iOS: view = IOSClassTable.view(element)
            case .android: view = AndroidClassTable.view(element, density: density, inList: inList)
            }
            var members = view.attributes
            members["class"] = .string(view.className)
            members["uid"] = .string(uid)
            if let frame = view.frame {
                members["accessibilityFrame"] = frame.json
                let origin = parentOrigin ?? Point(x: 0, y: 0)
                members["frame"] =
                    Rect(
                        x: frame.origin.x - origin.x, y: frame.origin.y - origin.y, width: frame.size.width,
                        height: frame.size.height
                    ).json
            }
            let children = element.children.enumerated().map { position, child in
                node(
                    child, uid: "\(uid)/\(position)", parentOrigin: view.frame?.origin ?? parentOrigin,
                    inList: view.childrenAreCells
                ).0
            }
            members["subviews"] = .array(children)
            if view.className == "UITableViewCell", members["accessibilityLabel"] == nil {
                let texts = Self.labelTexts(children)
                if !texts.isEmpty { members["accessibilityLabel"] = .string(texts.joined(separator: ", ")) }
            }
            return (.object(members), view.frame)
        }

        /// The texts of the labels among `nodes` and below, in order: a cell's accessibility label in UIKit, so
        /// `tableViewCell marked:'Alice'` finds the row that shows Alice.
        private static func labelTexts(_ nodes: [JSONValue]) -> [String] {
            var texts: [String] = []
            for node in nodes {
                if node["class"]?.stringValue == "UILabel", let text = node["text"]?.stringValue, !text.isEmpty {
                    texts.append(text)
                }
                texts += labelTexts(PageTree.items(node["subviews"] ?? .null))
            }
            return texts
        }
    }
}

/// What a class table reads from one element: its UIKit class, its frame on the screen, its dump attributes.
struct NativeView {
    var className: String
    var frame: Rect?
    var attributes: [String: JSONValue]
    /// True for an Android list: its direct children are its cells.
    var childrenAreCells = false

    /// A dump boolean: 0 or 1.
    static func bit(_ value: Bool) -> JSONValue { .integer(value ? 1 : 0) }

    /// A number written as an integer when it is whole, as Frank servers write them.
    static func number(_ value: Double) -> JSONValue {
        if let whole = Int64(exactly: value) { return .integer(whole) }
        return .number(value)
    }
}
