import Frankly
import LuaKit

extension AppObject {
    /// The default time limit of every wait, Swerkin's 2 s.
    static let defaultWait = 2.0

    /// True when some view `selector` matches is visible (`FEX_isVisible`).
    func isVisible(_ selector: CheckedSelector, operation: String) throws -> Bool {
        try map(selector.text, "FEX_isVisible", operation: operation).contains { $0.franklyBool == true }
    }

    /// `app:wait_for(sel, {timeout})`: returns a query for `sel` once a matching view is visible.
    func waitFor(_ args: LuaArgs) throws -> LuaReturn {
        let selector = try args.selector(1)
        let timeout = try args.timeout(in: try args.options(2), at: 2, default: Self.defaultWait)
        var matched = 0
        let appeared = try Poller.poll(timeout: timeout) {
            let visible = try map(selector.text, "FEX_isVisible", operation: "wait_for")
            matched = visible.count
            return visible.contains { $0.franklyBool == true }
        }
        guard appeared else {
            var message = "wait_for: no view matching \"\(selector.text)\" became visible within "
                + "\(Poller.format(timeout)) s"
            if matched > 0 {
                message += " (\(matched) matching view\(matched == 1 ? " is" : "s are") hidden)"
            } else {
                message += NoMatchDiagnosis(app: self).details(for: selector)
            }
            throw FrankError(message)
        }
        return args.result(QueryObject(app: self, selector: selector))
    }

    /// `app:wait_for_absence(sel, {timeout})`: waits until no matching view is visible.
    func waitForAbsence(_ args: LuaArgs) throws -> LuaReturn {
        let selector = try args.selector(1)
        let timeout = try args.timeout(in: try args.options(2), at: 2, default: Self.defaultWait)
        let gone = try Poller.poll(timeout: timeout) { try !isVisible(selector, operation: "wait_for_absence") }
        guard gone else {
            throw FrankError(
                "wait_for_absence: a view matching \"\(selector.text)\" is still visible after "
                    + "\(Poller.format(timeout)) s")
        }
        return .none
    }

    /// `app:wait_until(fn, {timeout})`: calls `fn` until it returns a true value, and returns its results.
    /// An error raised by `fn` ends the wait at once (a dead target should fail fast, not time out).
    func waitUntil(_ args: LuaArgs) throws -> LuaReturn {
        let function = try args.function(1)
        let timeout = try args.timeout(in: try args.options(2), at: 2, default: Self.defaultWait)
        var results: [LuaValue] = []
        // A condition that made no round trip would spin; 1 ms between such polls keeps a core free.
        let held = try Poller.poll(timeout: timeout, minimumInterval: 0.001) {
            do {
                results = try function.call()
            } catch let error as LuaError {
                throw LuaError.runtime(message: error.message, traceback: "")
            }
            return !(results.first ?? LuaValue.nil).isFalsy
        }
        guard held else {
            throw FrankError("wait_until: the condition did not hold within \(Poller.format(timeout)) s")
        }
        return args.results(results)
    }

    /// `app:wait_for_idle{timeout, ignore}`; see `IdleWaiter`.
    func waitForIdle(_ args: LuaArgs) throws -> LuaReturn {
        let options = try args.options(1)
        let timeout = try args.timeout(in: options, at: 1, default: Self.defaultWait)
        var ignore: [String] = []
        switch options["ignore"] {
        case .nil: break
        case .string(let one): ignore = [one]
        case .table(let list) where list.fields.isEmpty && list.array.allSatisfy({ $0.stringValue != nil }):
            ignore = list.array.compactMap(\.stringValue)
        case let other:
            throw args.badArgument(1, "ignore must be a list of strings, got \(other.luaShown)")
        }
        let sources = args.host(as: ScriptSession.self)?.busySources ?? []
        try IdleWaiter(app: self, ignore: ignore, sources: sources).wait(timeout: timeout)
        return .none
    }
}
