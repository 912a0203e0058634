import Frankly
import JSON
import LuaKit

extension AppObject {
    /// The methods a user's keyboard and pointer add on every target: hover, keys, and the page's own reload and
    /// open, which only a web target has (elsewhere they say what to use instead).
    static var inputMethods: [String: LuaClass<AppObject>.Method] {
        [
            "hover": { app, args in
                let results = try app.act(
                    "hover", try args.selector(1), method: WebMethod.hover, all: try args.actsOnAll(2))
                return args.result(results.count)
            },
            "press": { app, args in
                let key = try args.string(1, expected: "key name")
                guard !key.isEmpty, key.utf8.count <= 64 else {
                    throw args.badArgument(1, "a W3C key name (\"Enter\", \"Escape\", \"Control+a\") expected")
                }
                try app.press(key)
                return .none
            },
            "reload": { app, _ in
                guard try app.call("reload", { try $0.reload() }) else {
                    throw FrankError(
                        "reload: \(app.displayURL) is not a web page; relaunch an app with frank.launch()")
                }
                return .none
            },
            "open": { app, args in
                let target = try args.string(1, expected: "path or URL")
                guard try app.call("open", { try $0.open(target) }) else {
                    throw FrankError(
                        "open: \(app.displayURL) is not a web page; an app shows a screen through its own steps "
                            + "(I am on the X screen)")
                }
                return .none
            },
        ]
    }

    /// Presses `key`: through the target's `/keys` (the web), else as the keyboard types it (Enter, Backspace and
    /// single characters, which every Frankly target's keyboard has).
    func press(_ key: String) throws {
        if try call("press", { try $0.pressKey(key) }) { return }
        let typed: String
        switch key {
        case "Enter", "Return": typed = "\n"
        case "Backspace": typed = "\u{8}"
        default:
            guard key.count == 1 else {
                throw FrankError(
                    "press: \(displayURL) has a keyboard that types text, Enter and Backspace only; '\(key)' needs a "
                        + "web target")
            }
            typed = key
        }
        try call("press") { try $0.typeIntoKeyboard(typed) }
    }
}

/// Operation names the bindings send that are fscript's own, beside Frank's catalog.
enum WebMethod {
    /// The web target's hover (`FEX_hover`); other targets do not understand it and answer null.
    static let hover = "FEX_hover"
}
