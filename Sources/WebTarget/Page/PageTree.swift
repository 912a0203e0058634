import Frankly
import JSON

/// The page script's tree made ready for Frankly: what UIKit's alert views answer (`title`, `message`), and the
/// window fscript shows for a native `alert`/`confirm`/`prompt`, which no script can read while it is open.
enum PageTree {
    /// The elements of a JSON array, none for anything else.
    static func items(_ value: JSONValue) -> [JSONValue] {
        if case .array(let items) = value { return items }
        return []
    }

    /// The page script's dump with each `UIAlertView` given a `title` (its accessible name, else its first text)
    /// and a `message` (its other texts), as the catalog's alert steps read them.
    static func finish(_ tree: JSONValue) throws -> JSONValue {
        guard case .object = tree else {
            throw WebDriverError(
                code: "unexpected answer", message: "the page script returned \(tree.typeName), not a view tree",
                command: "execute tree()")
        }
        return finishAlerts(tree)
    }

    private static func finishAlerts(_ node: JSONValue) -> JSONValue {
        guard case .object(var members) = node else { return node }
        if case .array(let children)? = members["subviews"] {
            members["subviews"] = .array(children.map(finishAlerts))
        }
        // A hidden busy indicator shows nothing turning: Frank's wait for animations must not wait on it.
        if members["class"]?.stringValue == "UIActivityIndicatorView", members["isHidden"]?.franklyBool == true {
            members["isAnimating"] = .integer(0)
        }
        if members["class"]?.stringValue == "UIAlertView" {
            let texts = labelTexts(in: node)
            let title = members["title"]?.stringValue ?? members["accessibilityLabel"]?.stringValue ?? texts.first
            if members["title"] == nil, let title { members["title"] = .string(title) }
            if members["message"] == nil {
                members["message"] = .string(texts.filter { $0 != title }.joined(separator: "\n"))
            }
        }
        return .object(members)
    }

    /// The texts of the labels below `node`, in order.
    private static func labelTexts(in node: JSONValue) -> [String] {
        var texts: [String] = []
        for child in items(node["subviews"] ?? .null) {
            if child["class"]?.stringValue == "UILabel", let text = child["text"]?.stringValue, !text.isEmpty {
                texts.append(text)
            }
            texts += labelTexts(in: child)
        }
        return texts
    }

    /// The uids of a native dialog's buttons: touching one answers the dialog through WebDriver.
    static let acceptUID = "dialog-accept"
    static let dismissUID = "dialog-dismiss"

    /// The key window while a native dialog is open: the dialog as a `UIAlertView` with its text and its OK and
    /// Cancel buttons (WebDriver does not say whether it is an alert or a confirm, so both are offered; Cancel on an
    /// alert closes it as OK does).
    static func alertWindow(text: String, size: (width: Int, height: Int)) -> JSONValue {
        let width = Double(size.width), height = Double(size.height)
        func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> JSONValue {
            Rect(x: x, y: y, width: w, height: h).json
        }
        let box = (x: width / 2 - 150, y: height / 2 - 80)
        func button(_ uid: String, _ title: String, _ x: Double) -> JSONValue {
            .object([
                "class": .string("UIButton"), "uid": .string(uid), "accessibilityLabel": .string(title),
                "title": .string(title), "text": .string(title), "isEnabled": .integer(1), "subviews": .array([]),
                "accessibilityFrame": rect(box.x + x, box.y + 110, 130, 40), "frame": rect(x, 110, 130, 40),
            ])
        }
        let label: JSONValue = .object([
            "class": .string("UILabel"), "uid": .string("dialog-text"), "text": .string(text), "accessibilityLabel": .string(text),
            "accessibilityFrame": rect(box.x + 10, box.y + 10, 280, 90), "frame": rect(10, 10, 280, 90),
            "subviews": .array([]),
        ])
        let alert: JSONValue = .object([
            "class": .string("UIAlertView"), "uid": .string("dialog"), "title": .string(text), "message": .string(text),
            "accessibilityLabel": .string(text), "accessibilityFrame": rect(box.x, box.y, 300, 160),
            "frame": rect(box.x, box.y, 300, 160),
            "subviews": .array([label, button(dismissUID, "Cancel", 10), button(acceptUID, "OK", 160)]),
        ])
        return .object([
            "class": .string("UIWindow"), "uid": .string("w0"), "isKeyWindow": .integer(1), "accessibilityFrame": rect(0, 0, width, height),
            "frame": rect(0, 0, width, height), "subviews": .array([alert]),
        ])
    }
}
