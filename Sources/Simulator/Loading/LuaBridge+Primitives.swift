import Frankly
import JSON
import LuaJSON
import LuaKit
import Platform

/// The `__sim_*` globals the prelude builds the app API from, in groups; each runs on the app loop and reaches
/// the app through `requireApp`, so a primitive called after the app quit is a Lua error, not a crash.
extension LuaBridge {
    /// Registers every primitive before the prelude runs.
    func registerPrimitives() {
        registerViewPrimitives()
        registerNavigationPrimitives()
        registerTimingPrimitives()
        registerRequestPrimitive()
    }

    /// The environment and views: read, write and find by id.
    private func registerViewPrimitives() {
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
                    view.sections = [try reader.loading { () throws(FieldError) in try reader.rows(value, at: "rows") }]
                    try app.reloadRows(of: view)
                case "sections":
                    view.sections = try reader.loading { () throws(FieldError) in
                        try reader.sections(value, at: "sections")
                    }
                    try app.reloadRows(of: view)
                case _ where key.hasPrefix("on_"):
                    try reader.loading { () throws(FieldError) in
                        try SpecReader.checkBehaviourName(key, at: "\(view.summary).\(key)")
                    }
                    view.behaviours[String(key.dropFirst(3))] = try reader.behaviour(
                        value, name: "\(key) of \(view.summary)")
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
    }

    /// Screens: push, pop, back to the root, the current name; alerts and action sheets.
    private func registerNavigationPrimitives() {
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
                    title: title,
                    behaviour: try self.lua {
                        try reader.behaviour(table["on_touch"], name: "alert button '\(title)'")
                    })
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
    }

    /// Time and input: animations, timers, focus and typing.
    private func registerTimingPrimitives() {
        lua.register(global: "__sim_animate") { [unowned self] args in
            let app = try self.requireApp(args)
            let view = args.isNil(1) ? nil : try self.view(args, 1, in: app)
            let what = args.isNil(2) ? nil : try args.string(2)
            let duration = try args.number(3, in: 0...CheckedNumber.maximumSeconds, expected: "number of seconds")
            let done = args.isNil(4)
                ? nil : self.behaviour(try args.function(4), name: "on_done of an animation", passesView: false)
            app.animate(view: view, what: what, duration: duration, then: done)
            return .none
        }
        lua.register(global: "__sim_after") { [unowned self] args in
            let app = try self.requireApp(args)
            let seconds = try args.number(1, in: 0...CheckedNumber.maximumSeconds, expected: "number of seconds")
            let function = try args.function(2)
            let behaviour = self.behaviour(function, name: "a function run after \(seconds) s", passesView: false)
            app.after(seconds: seconds, view: nil, behaviour)
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
                do {
                    try app.type(text)
                } catch is KeyboardNotPresent {
                    throw ConversionError(description: "keyboard not present: no text field has focus")
                }
            }
            return .none
        }
    }

    /// `__sim_request`: a backend request from its spec table, answered by the network or a fake.
    private func registerRequestPrimitive() {
        lua.register(global: "__sim_request") { [unowned self] args in
            let app = try self.requireApp(args)
            let spec = try args.table(1)
            guard let path = spec["path"].stringValue else {
                throw LuaError.runtime(message: "request needs a path (e.g. path = \"/api/login\")", traceback: "")
            }
            var request = BackendRequest(
                method: (spec["method"].stringValue ?? "GET").uppercased(), baseURL: spec["url"].stringValue,
                path: path)
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
                if let delay = spec["delay"].doubleValue {
                    request.fakeDelay = try CheckedNumber.seconds(delay, "request delay")
                }
                if let timeout = spec["timeout"].doubleValue {
                    request.timeoutSeconds = try CheckedNumber.seconds(timeout, "request timeout")
                }
            } catch {
                throw args.badArgument(1, "\(error)")
            }
            let onResponse: Behaviour?
            if case .function(let function) = spec["on_response"] {
                onResponse = self.behaviour(
                    function, name: "on_response of \(request.method) \(path)", passesView: false)
            } else {
                onResponse = nil
            }
            app.send(request, view: nil, onResponse: onResponse)
            return .none
        }
    }
}
