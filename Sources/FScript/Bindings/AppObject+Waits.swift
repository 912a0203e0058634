import Frankly
import LuaKit
import Platform

extension AppObject {
    /// The default time limit of every wait, Swerkin's 2 s.
    static let defaultWait = 2.0

    /// True when some view `selector` matches is visible (`OperationCatalog.isVisible`).
    func isVisible(_ selector: CheckedSelector, operation: String) throws -> Bool {
        try map(selector.text, OperationCatalog.isVisible.selector, operation: operation)
            .contains { $0.franklyBool == true }
    }

    /// `app:wait_for(sel, {timeout})`: returns a query for `sel` once a matching view is visible.
    func waitFor(_ args: LuaArgs) throws -> LuaReturn {
        let selector = try args.selector(1)
        let options = try args.options(2)
        let timeout = try args.timeout(in: options, at: 2, default: Self.defaultWait)
        let interval = try args.interval(in: options, at: 2, default: connector.pollInterval)
        var matched = 0
        let appeared = try poll(timeout: timeout, interval: interval, operation: "wait_for") {
            let visible = try map(selector.text, OperationCatalog.isVisible.selector, operation: "wait_for")
            matched = visible.count
            return visible.contains { $0.franklyBool == true }
        }
        guard appeared else {
            var message = "wait_for: no view matching \"\(selector.text)\" became visible within "
                + "\(CheckedNumber.format(timeout)) s"
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
        let options = try args.options(2)
        let timeout = try args.timeout(in: options, at: 2, default: Self.defaultWait)
        let interval = try args.interval(in: options, at: 2, default: connector.pollInterval)
        let gone = try poll(timeout: timeout, interval: interval, operation: "wait_for_absence") {
            try !isVisible(selector, operation: "wait_for_absence")
        }
        guard gone else {
            throw FrankError(
                "wait_for_absence: a view matching \"\(selector.text)\" is still visible after "
                    + "\(CheckedNumber.format(timeout)) s")
        }
        return .none
    }

    /// `app:wait_until(fn, {timeout})`: calls `fn` until it returns a true value, and returns its results.
    /// An error raised by `fn` ends the wait at once (a dead target should fail fast, not time out).
    func waitUntil(_ args: LuaArgs) throws -> LuaReturn {
        let function = try args.function(1)
        let options = try args.options(2)
        let timeout = try args.timeout(in: options, at: 2, default: Self.defaultWait)
        let interval = try args.interval(in: options, at: 2, default: connector.pollInterval)
        var results: [LuaValue] = []
        // A condition that talked to this target waits for its next change; one that did not is paced.
        let held = try poll(timeout: timeout, interval: interval, operation: "wait_until") {
            do {
                results = try function.call()
            } catch let error as LuaError {
                throw LuaError.runtime(message: error.message, traceback: "")
            }
            return !(results.first ?? LuaValue.nil).isFalsy
        }
        guard held else {
            throw FrankError("wait_until: the condition did not hold within \(CheckedNumber.format(timeout)) s")
        }
        return args.results(results)
    }

    /// `app:wait_for_idle{timeout, ignore}`; see `IdleWaiter`.
    func waitForIdle(_ args: LuaArgs) throws -> LuaReturn {
        let options = try args.options(1)
        let timeout = try args.timeout(in: options, at: 1, default: Self.defaultWait)
        let interval = try args.interval(in: options, at: 1, default: connector.pollInterval)
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
        var waiter = IdleWaiter(app: self, ignore: ignore, sources: sources)
        waiter.events = args.host(as: ScriptSession.self)?.stepEvents
        try waiter.wait(timeout: timeout, interval: interval)
        return .none
    }

    /// This target's wait: `Poller.poll` with the target's change feed. After a check that talked to the target
    /// (and when `eventDriven` agrees), it parks one request until the target changes; otherwise it paces.
    func poll(
        timeout: Double, interval: Double, operation: String, eventDriven: @escaping () -> Bool = { true },
        _ check: () throws -> Bool
    ) throws -> Bool {
        var callsBefore = calls
        return try Poller.poll(
            timeout: timeout, interval: interval,
            waitForChange: { [unowned self] remaining in
                guard calls != callsBefore, eventDriven(), let count = try connector.client().lastChange else {
                    return false
                }
                return try call(operation) { try $0.waitForChange(after: count, seconds: remaining) }
            },
            {
                callsBefore = calls
                return try check()
            })
    }
}

extension LuaArgs {
    /// `opts.interval`: seconds between the starts of two checks when the target has no change feed.
    func interval(in options: LuaTable, at position: Int, default fallback: Double) throws -> Double {
        let value = options["interval"]
        if case .nil = value { return fallback }
        guard let seconds = value.doubleValue, seconds > 0, seconds <= 60 else {
            throw badArgument(position, "interval must be a number of seconds above 0 and at most 60, got \(value.luaShown)")
        }
        return seconds
    }
}
