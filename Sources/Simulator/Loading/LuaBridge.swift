import Frankly
import JSON
import LuaJSON
import LuaKit
import Platform

/// The app's Lua VM and the primitives the prelude builds the app API from.
///
/// The bridge owns the `LuaState` (the app keeps the bridge as its `runtime`), holds the app weakly, and turns Lua
/// functions into behaviours. Everything runs on the app's event loop, the one thread the state is confined to.
final class LuaBridge {
    let lua = LuaState()
    /// The time limit of each call into app code.
    let watchdog = AppCodeWatchdog()
    weak var app: SimulatedApp?
    let environment: [String: String]
    private var runner: LuaRef?
    private var caller: LuaRef?

    init(environment: [String: String]) {
        self.environment = environment
    }

    /// Registers the primitives, runs the prelude, and keeps the prelude's runner functions.
    func install() throws {
        watchdog.install(on: lua)
        // App files may start programs too; they must not inherit the simulator's sockets.
        lua.beforeSpawning(CloseOnExec.markAll)
        registerPrimitives()
        // App files build request bodies and read responses with the same `json` module as scripts.
        JSONModule.register(in: lua)
        try lua.execute(Prelude.source, name: "=(simulator prelude)")
        guard case .function(let run) = try lua.global("__sim_run"), case .function(let call) = try lua.global("__sim_call")
        else { throw SimulatorError.load("the simulator prelude did not define its runners") }
        runner = run
        caller = call
    }

    /// A behaviour that calls `function(app, view, arguments…)`, or `function(app, arguments…)` when `passesView`
    /// is false (responses, timers); Lua errors become `BehaviourError`.
    func behaviour(_ function: LuaRef, name: String, passesView: Bool = true) -> Behaviour {
        Behaviour(name: name) { [weak self] view, arguments in
            guard let self, let runner = self.runner, let caller = self.caller else { return }
            do {
                try self.watchdog.run {
                    let values: [any LuaPushable] = arguments.map(LuaJSONArgument.init)
                    if passesView {
                        let uid: LuaValue = view.map { .string($0.uid) } ?? .nil
                        try runner.call(pushing: [LuaValue.function(function), uid] + values) { _, _ in }
                    } else {
                        try caller.call(pushing: [LuaValue.function(function)] + values) { _, _ in }
                    }
                }
            } catch let error as LuaError {
                throw BehaviourError(message: error.message)
            }
        }
    }

    /// An `/app_exec` method that calls `function(app, arguments…)` and returns its first result as JSON.
    func execMethod(_ function: LuaRef, name: String) -> ExecMethod {
        ExecMethod { [weak self] arguments in
            guard let self, let caller = self.caller else { return .null }
            do {
                return try self.watchdog.run {
                    try caller.call(pushing: [LuaValue.function(function)] + arguments.map(LuaJSONArgument.init)) {
                        try Self.json(result: $1, on: $0, what: "the result of \(name)")
                    }
                }
            } catch let error as LuaError {
                throw BehaviourError(message: error.message)
            }
        }
    }

    /// A fake backend: calls `function(request)` and returns its answer table as JSON.
    func fake(_ function: LuaRef) -> ExecMethod {
        ExecMethod { [watchdog] arguments in
            do {
                return try watchdog.run {
                    try function.call(pushing: arguments.map(LuaJSONArgument.init)) {
                        try Self.json(result: $1, on: $0, what: "the fake backend's answer")
                    }
                }
            } catch let error as LuaError {
                throw BehaviourError(message: error.message)
            }
        }
    }

    /// The result in slot `index` (nil: none) as JSON, by the conversion every Lua-to-JSON crossing uses.
    private static func json(result index: Int32?, on L: OpaquePointer, what: String) throws -> JSONValue {
        guard let index else { return .null }
        do {
            return try LuaJSON.json(at: index, on: L)
        } catch {
            throw ConversionError(description: "\(what): \(error.problem)")
        }
    }

    /// Field `key` of table argument `position` as JSON, read from the Lua table itself so that `json.object()`
    /// and `json.array()` markers count; a problem is a bad argument naming the field.
    static func json(field key: String, of position: Int, _ args: LuaArgs) throws -> JSONValue {
        let L = args.L
        guard args.pushField(of: position, path: [.string(key)]) else {
            throw args.typeError(position, expected: "table")
        }
        defer { LuaState.pop(on: L) }
        do {
            return try LuaJSON.json(at: -1, on: L)
        } catch {
            throw args.badArgument(position, "field '\(key)': \(error.problem)")
        }
    }

    func requireApp(_ args: LuaArgs) throws -> SimulatedApp {
        guard let app else { throw LuaError.runtime(message: "the app has quit", traceback: "") }
        return app
    }

    func view(_ args: LuaArgs, _ position: Int, in app: SimulatedApp) throws -> SimView {
        let uid = try args.string(position)
        guard let view = app.view(withUID: uid) else {
            throw LuaError.runtime(message: "view \(uid) is no longer on screen", traceback: "")
        }
        return view
    }

    /// Rethrows a model error as a Lua error, so the behaviour that called the primitive gets it with its line.
    func lua<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LuaError {
            throw error
        } catch {
            throw LuaError.runtime(message: "\(error)", traceback: "")
        }
    }
}
