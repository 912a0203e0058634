import Frankly
import JSON
import LuaKit
import Platform

extension AppObject {
    /// The actions whose first argument is the selector of the view they act on: the trace outlines that view.
    private static let selectorActions: Set<String> = [
        "touch", "double_tap", "touch_and_hold", "swipe", "drag", "scroll_to", "set_slider", "type_into",
    ]

    /// `methods`, each reporting its start and end to the session's `StepEvents` when a trace listens, so a trace
    /// lists the `app:` actions of every step (and records one called outside any step as a step of its own).
    static func reported(_ methods: [String: LuaClass<AppObject>.Method]) -> [String: LuaClass<AppObject>.Method] {
        var wrapped = methods
        for (name, method) in methods { wrapped[name] = reporting(name, method) }
        return wrapped
    }

    private static func reporting(
        _ name: String, _ method: @escaping LuaClass<AppObject>.Method
    ) -> LuaClass<AppObject>.Method {
        { app, args in
            var selector: String?
            var text: String?
            if selectorActions.contains(name), args.typeName(1) == "string" {
                selector = try? args.string(1)
            } else if name == "type", args.typeName(1) == "string" {
                text = try? args.string(1)
            }
            return try app.reportingAction(name, selector: selector, text: text, args: args) { try method(app, args) }
        }
    }

    /// Runs `body`, the action `name` on the view `selector` matches (or typing `text`), telling the session's
    /// `StepEvents` when it starts (with the view's frame) and ends, when a trace listens.
    func reportingAction<Result>(
        _ name: String, selector: String?, text: String? = nil, args: LuaArgs, _ body: () throws -> Result
    ) throws -> Result {
        guard let events = args.host(as: ScriptSession.self)?.stepEvents, events.isListening else {
            return try body()
        }
        var begin = LuaTable()
        begin["event"] = .string("action_begin")
        begin["action"] = .string(name)
        if let selector {
            begin["selector"] = .string(selector)
            if let frame = try traceFrame(of: selector) { begin["frame"] = .table(frame) }
        }
        if let text { begin["text"] = .string(text) }
        try events.report(begin)
        let started = InterruptGuard.now()
        var end = LuaTable()
        end["event"] = .string("action_end")
        end["action"] = .string(name)
        do {
            let result = try body()
            end["duration"] = .number(InterruptGuard.now() - started)
            try events.report(end)
            return result
        } catch {
            end["duration"] = .number(InterruptGuard.now() - started)
            end["error"] = .string("\(error)")
            try events.report(end)
            throw error
        }
    }

    /// The screen frame of the first view `selector` matches, as `{x, y, width, height}`; nil when none matches or
    /// the target cannot say (the action itself then reports why). Only a stop gets through.
    /// The embedded simulator answers in-process, without a round trip per action.
    func traceFrame(of selector: String) throws -> LuaTable? {
        let x: Double
        let y: Double
        let width: Double
        let height: Double
        if case .embedded(let target) = connector.source, connector.down == nil,
            let frames = try? target.accessibilityFrames(matching: selector)
        {
            guard let frame = frames.first else { return nil }
            (x, y, width, height) = (frame.origin.x, frame.origin.y, frame.size.width, frame.size.height)
        } else {
            let frames: [JSONValue]
            do {
                frames = try map(selector, OperationCatalog.fexAccessibilityFrame.selector, operation: "trace")
            } catch is FrankError {
                return nil
            }
            guard let frame = frames.first, let fx = frame["origin"]?["x"]?.doubleValue,
                let fy = frame["origin"]?["y"]?.doubleValue, let fw = frame["size"]?["width"]?.doubleValue,
                let fh = frame["size"]?["height"]?.doubleValue
            else { return nil }
            (x, y, width, height) = (fx, fy, fw, fh)
        }
        var table = LuaTable()
        table["x"] = .number(x)
        table["y"] = .number(y)
        table["width"] = .number(width)
        table["height"] = .number(height)
        return table
    }
}

extension AppObject {
    /// The embedded simulator's key window tree, read in-process without a round trip (nil for another target, one
    /// that is down, or a simulator not running or not answering: the caller then asks over HTTP, which reports
    /// the failure as any request would).
    func embeddedTree() -> DumpNode? {
        guard case .embedded(let target) = connector.source, connector.down == nil,
            let tree = try? target.keyWindowTree()
        else { return nil }
        return tree
    }

    /// The embedded simulator's change count, read in-process (nil as for `embeddedTree`).
    func embeddedChangeCount() -> UInt64? {
        guard case .embedded(let target) = connector.source, connector.down == nil else { return nil }
        return target.changeCount
    }
}
