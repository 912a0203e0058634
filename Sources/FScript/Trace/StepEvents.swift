import LuaKit
import MockServer

/// The session's step-event observer: what happens inside a step that a trace records, reported from Swift to one
/// Lua function. `app:` actions report their start and end (with the frame of the view they act on, taken before
/// they act, so the trace can outline it even when the action makes it go away), and `wait_for_idle` reports the
/// busy reasons it saw.
///
/// The trace recorder (`stdlib/fscript/trace/recorder.lua`) sets the function with
/// `require("fscript.step_events").observe(fn)` while a scenario is recorded and clears it with `observe(nil)`.
/// Without an observer, reporting costs one nil check, so an untraced run pays nothing. The observer's own calls
/// into the app (pictures, dumps) are not reported again, so it cannot recurse. Only a stop (Ctrl-C, the test
/// deadline) raised inside the observer reaches the action: a broken observer must not fail a test.
final class StepEvents {
    private var observer: LuaRef?
    private var reporting = false

    /// Whether an observer would hear a report now: callers skip work (a frame lookup) that only it needs.
    var isListening: Bool { observer != nil && !reporting }

    /// Hands `fields` (`event = "action_begin"`, …) to the observer, if there is one and it is not reporting.
    func report(_ fields: LuaTable) throws {
        guard let observer, !reporting else { return }
        reporting = true
        defer { reporting = false }
        do {
            try observer.call(.table(fields))
        } catch LuaError.stopped(let stop, let message, let traceback) {
            throw LuaError.stopped(stop, message: message, traceback: traceback)
        } catch {
            // The recorder catches its own errors; one that escapes is dropped, not turned into a test failure.
        }
    }

    /// Registers `require("fscript.step_events")`: `observe(fn|nil)`; `change_count(app)`, the target's change
    /// count now (read in-process from the embedded simulator, else one empty round trip; nil without a change
    /// feed), so a trace takes no new picture of a screen that did not change; the picture functions of
    /// `TracePictures` and the file functions of `TraceWriter`; and `requests_after(marks)` for every live mock's
    /// journal entries after the sequence numbers in `marks` (mock URL → last sequence seen), with the mock's URL,
    /// the response status and the near miss of a request no stub answered. It returns the entries and the new
    /// marks.
    static func register(in session: ScriptSession) {
        let events = session.stepEvents
        let registry = session.mocks
        session.state.register(
            module: "fscript.step_events",
            functions: session.tracePictures.functions.merging(
                session.traceWriter.functions(pictures: session.tracePictures)
            ) { first, _ in first }.merging([
                "observe": { args in
                    events.observer = args.isNil(1) ? nil : try args.function(1, expected: "function or nil")
                    return .none
                },
                "change_count": { args in
                    let app = try args.object(1, as: AppObject.self)
                    if let count = app.embeddedChangeCount() { return args.result(LuaValue.integer(Int64(count))) }
                    do {
                        _ = try app.call("trace") { try $0.version() }
                    } catch is FrankError {
                        return args.result(LuaValue.nil)
                    }
                    let count = try app.connector.client().lastChange
                    return args.result(count.map { LuaValue.integer(Int64($0)) } ?? .nil)
                },
                "requests_after": { args in
                    let marks = args.isNil(1) ? LuaTable() : try args.table(1, expected: "table of marks")
                    var entries: [LoggedRequestTable] = []
                    var next = LuaTable()
                    for server in registry.servers {
                        let seen = marks[server.url].doubleValue ?? 0
                        var last = Int(seen)
                        for request in server.requests where Double(request.sequence) > seen {
                            entries.append(LoggedRequestTable(request: request, server: server.url))
                            last = max(last, request.sequence)
                        }
                        next[server.url] = .integer(Int64(last))
                    }
                    return args.result(entries, next)
                },
            ]) { first, _ in first },
            global: "_FSCRIPT_STEP_EVENTS")
    }
}
