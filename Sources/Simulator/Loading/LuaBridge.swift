import CLua
import Frankly
import JSON
import LuaJSON
import LuaKit
import LuaShim
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
    private func fake(_ function: LuaRef) -> ExecMethod {
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
    private static func json(field key: String, of position: Int, _ args: LuaArgs) throws -> JSONValue {
        let L = args.L
        lua_pushvalue(L, args.stackSlot(position))
        defer { ls_pop(L, 1) }
        LuaState.push(key, on: L)
        lua_rawget(L, -2)
        defer { ls_pop(L, 1) }
        do {
            return try LuaJSON.json(at: -1, on: L)
        } catch {
            throw args.badArgument(position, "field '\(key)': \(error.problem)")
        }
    }

    private func requireApp(_ args: LuaArgs) throws -> SimulatedApp {
        guard let app else { throw LuaError.runtime(message: "the app has quit", traceback: "") }
        return app
    }

    private func view(_ args: LuaArgs, _ position: Int, in app: SimulatedApp) throws -> SimView {
        let uid = try args.string(position)
        guard let view = app.view(withUID: uid) else {
            throw LuaError.runtime(message: "view \(uid) is no longer on screen", traceback: "")
        }
        return view
    }

    /// Rethrows a model error as a Lua error, so the behaviour that called the primitive gets it with its line.
    private func lua<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LuaError {
            throw error
        } catch {
            throw LuaError.runtime(message: "\(error)", traceback: "")
        }
    }

    // swiftlint:disable:next function_body_length
    private func registerPrimitives() {
        lua.register(global: "__sim_env") { [unowned self] args in
            var table = LuaTable()
            for (key, value) in self.environment { table[key] = .string(value) }
            return args.results([.table(table)])
        }
        lua.register(global: "__sim_get") { [unowned self] args in
            let app = try self.requireApp(args)
            let view = try self.view(args, 1, in: app)
            let key = try args.string(2)
            if key == "rows" {
                return args.results([.integer(Int64(view.sections.reduce(0) { $0 + $1.count }))])
            }
            return args.result(LuaJSONArgument(try self.lua { try view.property(key) }))
        }
        lua.register(global: "__sim_set") { [unowned self] args in
            let app = try self.requireApp(args)
            let view = try self.view(args, 1, in: app)
            let key = try args.string(2)
            let value = try args.value(3)
            try self.lua {
                let reader = SpecReader(bridge: self)
                switch key {
                case "rows":
                    view.sections = [try reader.rows(value, place: "rows")]
                    try app.reloadRows(of: view)
                case "sections":
                    guard case .table(let list) = value else { throw ConversionError(description: "sections must be a list") }
                    view.sections = try list.array.map { section in
                        if case .table(let table) = section, table["rows"] != .nil { return try reader.rows(table["rows"], place: "rows") }
                        return try reader.rows(section, place: "rows")
                    }
                    try app.reloadRows(of: view)
                case _ where key.hasPrefix("on_"):
                    view.behaviours[String(key.dropFirst(3))] = try reader.behaviour(value, name: "\(key) of \(view.summary)")
                default:
                    try view.setProperty(key, try args.json(3))
                }
            }
            return .none
        }
        lua.register(global: "__sim_find") { [unowned self] args in
            let app = try self.requireApp(args)
            return args.results([app.view(withID: try args.string(1)).map { .string($0.uid) } ?? .nil])
        }
        lua.register(global: "__sim_push") { [unowned self] args in
            let app = try self.requireApp(args)
            let name = try args.string(1)
            try self.lua { try app.push(screenNamed: name) }
            return .none
        }
        lua.register(global: "__sim_pop") { [unowned self] args in
            let app = try self.requireApp(args)
            try self.lua { try app.pop() }
            return .none
        }
        lua.register(global: "__sim_pop_to_root") { [unowned self] args in
            let app = try self.requireApp(args)
            try self.lua { try app.popToRoot() }
            return .none
        }
        lua.register(global: "__sim_screen") { [unowned self] args in
            args.results([try self.requireApp(args).currentScreenName.map(LuaValue.string) ?? .nil])
        }
        lua.register(global: "__sim_alert") { [unowned self] args in
            let app = try self.requireApp(args)
            let title = args.isNil(1) ? nil : try args.string(1)
            let message = args.isNil(2) ? nil : try args.string(2)
            let list = try args.table(3)
            let isSheet = args.truthy(4)
            let reader = SpecReader(bridge: self)
            let buttons = try list.array.enumerated().map { index, item -> AlertButton in
                guard case .table(let table) = item, let title = table["title"].stringValue else {
                    throw LuaError.runtime(message: "alert button \(index + 1) needs a title", traceback: "")
                }
                return AlertButton(
                    title: title, behaviour: try self.lua { try reader.behaviour(table["on_touch"], name: "alert button '\(title)'") })
            }
            if isSheet {
                app.showActionSheet(title: title, buttons: buttons)
            } else {
                app.showAlert(title: title, message: message, buttons: buttons)
            }
            return .none
        }
        lua.register(global: "__sim_dismiss_alert") { [unowned self] args in
            try self.requireApp(args).dismissAlert()
            return .none
        }
        lua.register(global: "__sim_animate") { [unowned self] args in
            let app = try self.requireApp(args)
            let view = args.isNil(1) ? nil : try self.view(args, 1, in: app)
            let what = args.isNil(2) ? nil : try args.string(2)
            let duration = try args.number(3, in: 0...CheckedNumber.maximumSeconds, expected: "number of seconds")
            let done = args.isNil(4) ? nil : self.behaviour(try args.function(4), name: "on_done of an animation", passesView: false)
            app.animate(view: view, what: what, duration: duration, then: done)
            return .none
        }
        lua.register(global: "__sim_after") { [unowned self] args in
            let app = try self.requireApp(args)
            let seconds = try args.number(1, in: 0...CheckedNumber.maximumSeconds, expected: "number of seconds")
            let function = try args.function(2)
            app.after(seconds: seconds, view: nil, self.behaviour(function, name: "a function run after \(seconds) s", passesView: false))
            return .none
        }
        lua.register(global: "__sim_focus") { [unowned self] args in
            let app = try self.requireApp(args)
            app.focus(try self.view(args, 1, in: app))
            return .none
        }
        lua.register(global: "__sim_type") { [unowned self] args in
            let app = try self.requireApp(args)
            let text = try args.string(1)
            try self.lua {
                do { try app.type(text) } catch is KeyboardNotPresent { throw ConversionError(description: "keyboard not present: no text field has focus") }
            }
            return .none
        }
        lua.register(global: "__sim_request") { [unowned self] args in
            let app = try self.requireApp(args)
            let spec = try args.table(1)
            guard let path = spec["path"].stringValue else {
                throw LuaError.runtime(message: "request needs a path (e.g. path = \"/api/login\")", traceback: "")
            }
            var request = BackendRequest(method: (spec["method"].stringValue ?? "GET").uppercased(), baseURL: spec["url"].stringValue, path: path)
            if case .table(let headers) = spec["headers"] {
                request.headers = headers.stringFields.compactMap { key, value in value.stringValue.map { (key, $0) } }
            }
            if spec["json"] != .nil {
                request.body = try Self.json(field: "json", of: 1, args).jsonBytes
                request.headers.append(("Content-Type", "application/json"))
            } else if let body = spec["body"].stringValue {
                request.body = Array(body.utf8)
            }
            if case .function(let fake) = spec["fake"] { request.fake = self.fake(fake) }
            do {
                if let delay = spec["delay"].doubleValue { request.fakeDelay = try CheckedNumber.seconds(delay, "request delay") }
                if let timeout = spec["timeout"].doubleValue {
                    request.timeoutSeconds = try CheckedNumber.seconds(timeout, "request timeout")
                }
            } catch {
                throw args.badArgument(1, "\(error)")
            }
            let onResponse: Behaviour?
            if case .function(let function) = spec["on_response"] {
                onResponse = self.behaviour(function, name: "on_response of \(request.method) \(path)", passesView: false)
            } else {
                onResponse = nil
            }
            app.send(request, view: nil, onResponse: onResponse)
            return .none
        }
    }
}
