import Frankly
import JSON
import LuaKit
import Platform
import WebTarget

/// The Lua userdata `frank.App`: one Frankly target, driven with `app:touch(sel)`, `app:map(sel, m)` and friends.
///
/// It holds no view state; every method is one or a few round trips through the target's `FranklyClient`.
/// Selectors are parsed here before anything is sent, so a typo fails at once with Shelley's caret message,
/// and an action that matched nothing fails with what the screen does show (`NoMatchDiagnosis`).
/// The Lua methods are in `AppObject+Methods.swift`; the waits in `AppObject+Waits.swift`.
final class AppObject: LuaObject {
    static let luaClassName = "frank.App"

    /// Where requests go; the embedded simulator starts on the first one.
    let connector: TargetConnector
    /// Whether the target has fscript's `GET /idle`: nil until asked, false after a 404.
    var hasIdleEndpoint: Bool?
    /// Operations sent to the target so far (`app.calls`): the runner saves failure artifacts only for a test
    /// that talked to the target, so a typo in plain Lua does not start the simulator to photograph it.
    private(set) var calls = 0

    init(connector: TargetConnector) {
        self.connector = connector
    }

    /// A fresh launch put off until the first request (`TargetLifecycle.defer`): the runner resets the app
    /// before each scenario this way, so a scenario's mock backend and stubs are in place before the app's
    /// launch-time requests.
    var beforeFirstUse: (() throws -> Void)?

    /// The target's client (starting the embedded simulator on first use, and running a launch that waited).
    func client() throws -> FranklyClient {
        calls += 1
        if let launch = beforeFirstUse {
            beforeFirstUse = nil
            try launch()
        }
        return try connector.client()
    }

    /// Runs one client call, turning client failures into `FrankError`s worded for the binding `operation`.
    func call<T>(_ operation: String, _ body: (FranklyClient) throws -> T) throws -> T {
        let client = try client()
        do {
            return try body(client)
        } catch let error as FranklyClientError {
            if error.reason == PageLoadError.reason {
                // The web page's launch failed: the target is not there, for this scenario and the next ones.
                let cause = WebTargetHost.didNotLaunch(error.details ?? "")
                connector.down = cause
                throw FrankError(cause)
            }
            let wording = FrankError(client: error, operation: operation)
            if case .transport(_, let cause) = error, !cause.isMalformed {
                connector.down = "target \(client.baseURL) is down since \(operation) failed: \(cause) "
                    + "during \(error.request.method) \(error.request.path); not tried again in this run"
            }
            throw wording
        }
    }

    /// `POST /map`: one result per matched view.
    func map(_ selector: String, _ method: String, _ arguments: [JSONValue] = [], operation: String) throws
        -> [JSONValue]
    {
        try call(operation) { try $0.map(selector, method: method, arguments: arguments) }
    }

    /// The matched views as the ambiguity error lists them: by label, and when two labels are the same (`'+'`,
    /// `'+'`), also by class and identifier (`'+' UILabel #add`), which one more read of each tells apart.
    /// A failed read leaves the labels alone; Ctrl-C during it goes on up.
    private func distinguished(_ labels: [JSONValue], selector: String, operation: String) throws -> [String] {
        let names = labels.map { $0.stringValue.map { "'\($0)'" } ?? "(no label)" }
        guard Set(names).count < names.count else { return names }
        let classes: [JSONValue]
        let identifiers: [JSONValue]
        do {
            classes = try map(selector, OperationCatalog.className.selector, operation: operation)
            identifiers = try map(selector, OperationCatalog.accessibilityIdentifier.selector, operation: operation)
        } catch let interrupt as HostInterrupt {
            throw interrupt
        } catch {
            return names
        }
        guard classes.count == names.count, identifiers.count == names.count else { return names }
        return names.indices.map { index in
            let identifier = identifiers[index].stringValue.flatMap { $0.isEmpty ? nil : " #\($0)" } ?? ""
            return names[index] + (classes[index].stringValue.map { " \($0)" } ?? "") + identifier
        }
    }

    /// Sends an action to the view `selector` matches; fails, naming what the screen shows, when none matched.
    ///
    /// Actions are strict, as Playwright's locators are: a selector that matches several views fails, listing
    /// them, before anything is touched, unless it narrows itself (`first`, `index:N`) or the call says
    /// `{all = true}` (Frank's touch-everything, which Frank's own steps keep). `button` on a screen with two
    /// buttons once pushed a screen with the first and then failed on the second, which was no longer there.
    @discardableResult
    func act(
        _ operation: String, _ selector: CheckedSelector, method: String, arguments: [JSONValue] = [],
        all: Bool = false
    ) throws -> [JSONValue] {
        if !all && !selector.parsed.filters.contains(where: Self.narrowsToOne) {
            let labels = try map(selector.text, OperationCatalog.accessibilityLabel.selector, operation: operation)
            if labels.count > 1 {
                let shown = try distinguished(labels, selector: selector.text, operation: operation).prefix(5)
                    .joined(separator: ", ") + (labels.count > 5 ? ", …" : "")
                throw FrankError(
                    "\(operation): \"\(selector.text)\" matches \(labels.count) views (\(shown)); an action needs one. "
                        + "Narrow the selector (a marked: filter, or first, or index:N), or pass {all = true} to act "
                        + "on every match")
            }
        }
        let results = try map(selector.text, method, arguments, operation: operation)
        guard !results.isEmpty else {
            throw FrankError(NoMatchDiagnosis(app: self).message(operation: operation, selector: selector))
        }
        if results.allSatisfy({ $0 == .bool(false) || $0 == .integer(0) }) {
            throw FrankError("\(operation): \"\(selector.text)\" matched \(results.count) view(s) but none accepted \(method)")
        }
        return results
    }

    /// `first` and `index:N` leave at most one view.
    private static func narrowsToOne(_ filter: Selector.Filter) -> Bool {
        switch filter {
        case .first, .index: return true
        default: return false
        }
    }

    /// Marks the target down before anything runs (the start-up check found it unreachable).
    func markDown(_ cause: String) { connector.down = cause }

    /// The string to show for this target in messages and `tostring(app)`.
    var displayURL: String { connector.displayURL }
}

/// A selector argument that parsed: the text to send and the parsed form, for suggestions.
struct CheckedSelector {
    /// The selector as sent.
    var text: String
    /// Its parse.
    var parsed: Selector
}

extension LuaArgs {
    /// Argument `position` as a Shelley selector, parsed locally so a malformed one fails before any round trip:
    /// `bad argument #1 to 'touch' (selector string expected, got nil)`, or the parser's caret message.
    func selector(_ position: Int) throws -> CheckedSelector {
        let text = try string(position, expected: "selector string")
        do {
            return CheckedSelector(text: text, parsed: try Selector(parsing: text))
        } catch {
            throw FrankError("\(functionName): \(error)")
        }
    }

    /// `{all = true}` at `position`: act on every view the selector matches (Frank's way) instead of requiring
    /// exactly one; absent or nil is false.
    func actsOnAll(_ position: Int) throws -> Bool {
        guard !isNil(position) else { return false }
        let options = try table(position, expected: "options table")
        for key in options.fields.keys where key.stringValue != "all" {
            throw badArgument(position, "unknown option \(key.luaShown); the only option is all")
        }
        switch options["all"] {
        case .nil: return false
        case .boolean(let flag): return flag
        case let other: throw badArgument(position, "all must be a boolean, got \(other.luaShown)")
        }
    }

    /// `type_into`'s options: `all` as every action's, and `replace` (clear the field before typing).
    func typingOptions(_ position: Int) throws -> (all: Bool, replace: Bool) {
        guard !isNil(position) else { return (false, false) }
        let options = try table(position, expected: "options table")
        for key in options.fields.keys where key.stringValue != "all" && key.stringValue != "replace" {
            throw badArgument(position, "unknown option \(key.luaShown); the options are all and replace")
        }
        func flag(_ name: String) throws -> Bool {
            switch options[name] {
            case .nil: return false
            case .boolean(let flag): return flag
            case let other: throw badArgument(position, "\(name) must be a boolean, got \(other.luaShown)")
            }
        }
        return (try flag("all"), try flag("replace"))
    }

    /// The optional options table at `position` (`{timeout = 2}`), empty when absent.
    func options(_ position: Int) throws -> LuaTable {
        isNil(position) ? LuaTable() : try table(position, expected: "options table")
    }

    /// `opts.timeout` in seconds (default `fallback`), checked as Lua's own functions check arguments.
    func timeout(in options: LuaTable, at position: Int, default fallback: Double) throws -> Double {
        let value = options["timeout"]
        if case .nil = value { return fallback }
        guard let seconds = value.doubleValue, seconds.isFinite, seconds >= 0, seconds <= CheckedNumber.maximumSeconds else {
            throw badArgument(position, "timeout must be a number of seconds from 0 to \(CheckedNumber.format(CheckedNumber.maximumSeconds)), got \(value.luaShown)")
        }
        return seconds
    }
}

extension LuaValue {
    /// How a value reads inside an argument error: strings quoted, other values by type.
    var luaShown: String {
        switch self {
        case .string(let text): return "'\(text)'"
        case .integer(let number): return String(number)
        case .number(let number): return String(number)
        case .boolean(let flag): return String(flag)
        default: return typeName
        }
    }
}
