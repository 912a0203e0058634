import Frankly
import LuaKit
import Platform

/// `app:wait_for_idle{timeout, ignore}`: waits until nothing animates and no request is in flight, in the app
/// and in the mock servers the script started.
///
/// The target's own view comes from `GET /idle` (fscript's extension) when it has it; a server that answers 404
/// is polled with `/map` and `descendant isAnimating` instead, as Frank's drivers do, and not asked for `/idle`
/// again. Work outside the target comes from `ScriptSession.busySources` (the `mock` binding adds one). Each
/// busy item is one line of text, so `ignore` can drop items by any part of it: a class name
/// (`UIActivityIndicatorView`), a kind (`network`) or a path (`/api/items`).
struct IdleWaiter {
    /// The target.
    let app: AppObject
    /// Items containing any of these strings do not count.
    let ignore: [String]
    /// Other busy sources (mock requests in flight).
    let sources: [() -> [String]]
    /// Where the busy reasons go while a trace records (each new set once).
    var events: StepEvents?

    /// Polls until idle or `timeout`; on timeout the error lists what is still busy.
    func wait(timeout: Double, interval: Double) throws {
        var last: [String] = []
        var outside: [String] = []
        // Work outside the target (a mock still answering) ends without a change on the target: pace then.
        let idle = try app.poll(
            timeout: timeout, interval: interval, operation: "wait_for_idle", eventDriven: { outside.isEmpty }
        ) {
            outside = sources.flatMap { $0() }.filter(kept)
            let busy = try targetBusy().filter(kept) + outside
            if !busy.isEmpty, busy != last, let events, events.isListening {
                var report = LuaTable()
                report["event"] = .string("busy")
                report["reasons"] = .table(LuaTable(array: busy.map(LuaValue.string)))
                try events.report(report)
            }
            last = busy
            return last.isEmpty
        }
        guard !idle else { return }
        throw FrankError(
            "wait_for_idle: still busy after \(CheckedNumber.format(timeout)) s: " + last.joined(separator: "; "))
    }

    /// What keeps things busy right now, `ignore` applied.
    func busy() throws -> [String] {
        var items = try targetBusy()
        for source in sources { items += source() }
        return items.filter(kept)
    }

    private func kept(_ item: String) -> Bool { !ignore.contains(where: { item.contains($0) }) }

    private func targetBusy() throws -> [String] {
        if app.hasIdleEndpoint != false {
            if let answer = try app.call("wait_for_idle", { try $0.idle() }) {
                app.hasIdleEndpoint = true
                return answer.busy.map(Self.describe)
            }
            app.hasIdleEndpoint = false
        }
        let labels = try app.map(
            "descendant isAnimating", OperationCatalog.accessibilityLabel.selector, operation: "wait_for_idle")
        return labels.map { label in
            if let text = label.stringValue { return "animation of the view '\(text)'" }
            return "animation of a view without a label"
        }
    }

    /// `animation UIActivityIndicatorView 'Loading' (400 ms left)`, `network POST /api/login`.
    static func describe(_ item: IdleResponse.Busy) -> String {
        var text = "\(item.kind) \(item.what)"
        if let remaining = item.remainingMilliseconds { text += " (\(remaining) ms left)" }
        return text
    }
}
