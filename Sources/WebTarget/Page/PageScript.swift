import JSON

/// The script fscript installs in every page (`Resources/page.js`), and the calls into it.
///
/// One call returns the whole page as Frankly's dump, so reading the screen costs one round trip however many
/// views it has. The script installs itself before the page's own scripts where the browser allows it (Chromium,
/// through DevTools), so it counts every fetch from the first; elsewhere it is put in late, on first use.
enum PageScript {
    /// The whole script, as the resource file has it.
    static let source = String(decoding: PackageResources.page_js, as: UTF8.self)

    /// The preload: the launch's configuration (`window.fscriptEnv`, backend rewrites) and then the script.
    static func preload(environment: [String: String], rewrites: [(from: String, to: String)]) -> String {
        let config: JSONValue = .object([
            "env": .object(environment.mapValues(JSONValue.string)),
            "rewrites": .array(rewrites.map { .array([.string($0.from), .string($0.to)]) }),
        ])
        return "window.__fscriptConfig = \(config.jsonString);\n" + source
    }

    /// A script that runs `call` (an expression over `f`, the installed `window.__fscript`) and returns its value,
    /// or `{"__fscript_missing": true}` when the page does not have the script yet (a browser without preloads,
    /// or a page that navigated on its own): the caller installs it with `preload` and asks again.
    static func call(_ call: String) -> String {
        "var f = window.__fscript; if (!f) { return {__fscript_missing: true}; } return \(call);"
    }

    /// True for the answer `call` gives when the script is missing.
    static func isMissing(_ value: JSONValue) -> Bool {
        value["__fscript_missing"] == .bool(true)
    }
}
