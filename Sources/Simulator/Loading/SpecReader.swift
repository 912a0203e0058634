import Frankly
import JSON
import LuaJSON
import LuaKit
import Platform

/// Turns the table an app file returns into specs: screens, views, rows, behaviours and exec methods.
///
/// Field names follow the app-file format (scripts/apps/README.md): `on_*` functions become behaviours, the
/// positional items of a view or screen are its subviews, `rows`/`sections` fill a table, and every other field
/// is a property. Every field is read by the one reader of outside data (`FieldReader`), so a misspelt key is
/// refused naming the nearest known one, and errors name the place by its Lua path: `screens.main[2].txt:
/// unknown key 'txt'; did you mean 'text'?`, `time_limit must be a number of seconds …, got 0`.
struct SpecReader {
    typealias Fields = FieldReader<LuaTable>

    let bridge: LuaBridge
    /// The app file's name (`bank.lua`), for errors that say `bank.lua:12:`; nil for a running app's changes.
    var chunkName: String?
    /// The line each constructor call (`button{…}`) was written on, by the Lua path of the table it made.
    let lines = SpecLines()

    func app(from value: LuaValue) throws -> AppSpec {
        guard case .table = value else {
            throw SimulatorError.load("the app file must return a table describing the app, got \(value.typeName)")
        }
        return try loading { () throws(FieldError) in
            try Fields.read(value, at: "") { fields throws(FieldError) in try app(fields) }
        }
    }

    private func app(_ fields: Fields) throws(FieldError) -> AppSpec {
        let screens = try fields.checked("screens", mustBe: "a table of screens (`screens = { name = screen{…} }`)") {
            $0.tableValue
        }
        guard let screens else { throw fields.fail(nil, "needs `screens = { name = screen{…}, … }`") }
        let specs = try Fields.read(.table(screens), at: "screens") { list throws(FieldError) in
            var specs: [String: ScreenSpec] = [:]
            for (name, item) in list.entries() { specs[name] = try screen(named: name, item, at: list.path(of: name)) }
            return specs
        }
        guard !specs.isEmpty else { throw fields.fail("screens", "defines no screens") }
        let first = try fields.checked("start", mustBe: "a screen name", \.stringValue)
            ?? (specs.count == 1 ? specs.keys.first! : "")
        guard specs[first] != nil else {
            throw fields.fail("start", "must name the first screen (one of: \(specs.keys.sorted().joined(separator: ", ")))")
        }
        if let limit = try fields.checked("time_limit", mustBe: Self.secondsRequirement, Self.seconds) {
            bridge.watchdog.limit = limit
        }
        return AppSpec(
            name: try fields.checked("name", mustBe: "a string", \.stringValue) ?? "App", screens: specs,
            firstScreen: first, execMethods: try execMethods(fields), classes: try classes(fields),
            onLaunch: try behaviour(fields, "on_launch"), onMemoryWarning: try behaviour(fields, "on_memory_warning"))
    }

    private static let secondsRequirement =
        "a number of seconds above 0 and at most \(CheckedNumber.format(CheckedNumber.maximumSeconds))"

    private static func seconds(_ value: LuaValue) -> Double? {
        guard let seconds = value.doubleValue, seconds > 0, seconds <= CheckedNumber.maximumSeconds else { return nil }
        return seconds
    }

    /// `exec = { name = function(app, …) … end }`: the `/app_exec` methods.
    private func execMethods(_ fields: Fields) throws(FieldError) -> [String: ExecMethod] {
        try fields.object("exec") { methods throws(FieldError) in
            var exec: [String: ExecMethod] = [:]
            for (name, _) in methods.entries() {
                let function = try methods.checked(name, mustBe: "a function") { value -> LuaRef? in
                    if case .function(let function) = value { return function }
                    return nil
                }
                if let function { exec[name] = bridge.execMethod(function, name: name) }
            }
            return exec
        } ?? [:]
    }

    /// `classes = { MyBadge = "UILabel" }`: app classes and their superclass.
    private func classes(_ fields: Fields) throws(FieldError) -> [String: String] {
        try fields.object("classes") { declared throws(FieldError) in
            var classes: [String: String] = [:]
            for (name, _) in declared.entries() {
                classes[name] = try declared.checked(name, mustBe: "a UIKit class name", \.stringValue)
            }
            return classes
        } ?? [:]
    }

    private func screen(named name: String, _ value: LuaValue, at path: String) throws(FieldError) -> ScreenSpec {
        guard case .table(let table) = value else {
            throw FieldError(path, "must be a table (screen{…}), got \(value.typeName)")
        }
        let views = try table.array.enumerated().map { index, item throws(FieldError) in
            try view(item, at: "\(path)[\(index + 1)]")
        }
        // The positional items are the screen's views, read above; the reader checks the named fields.
        return try Fields.read(.table(LuaTable(fields: table.fields)), at: path) { fields throws(FieldError) in
            fields.allow(["__screen"])
            if let line = fields.value("__line")?.integerValue { lines.record(path, line: Int(line)) }
            let background = try fields.value("background").map { value throws(FieldError) in
                try json(value, at: fields.path(of: "background"))
            }
            return ScreenSpec(
                name: name, title: try fields.checked("title", mustBe: "a string", \.stringValue), views: views,
                onAppear: try behaviour(fields, "on_appear"), backgroundColor: background)
        }
    }
}

extension SpecReader {
    /// Runs a read, turning its error into the simulator's load error: `PATH must be …`, or for a key nobody
    /// knows, `PATH: unknown key …` (`the app table: unknown key …` for a key of the app table itself).
    func loading<T>(_ read: () throws(FieldError) -> T) throws -> T {
        do {
            return try read()
        } catch {
            // `bank.lua:12: screens.main[2].on_tuch: …` when the table's constructor call has a line.
            let place = chunkName.flatMap { name in lines.line(enclosing: error.path).map { "\(name):\($0): " } } ?? ""
            switch error.problem {
            case .unknownKey(let key, _, _) where error.path == key:
                throw SimulatorError.load("the app table: \(error.message)")
            case .unknownKey: throw SimulatorError.load(place + error.description)
            case .invalid(let message):
                throw SimulatorError.load(
                    error.path.isEmpty ? "the app table \(message)" : "\(place)\(error.path) \(message)")
            }
        }
    }

    /// The behaviour in the field `key` (`on_touch`), or nil when it is not set.
    func behaviour(_ fields: Fields, _ key: String) throws(FieldError) -> Behaviour? {
        let function = try fields.checked(key, mustBe: "a function") { value -> LuaRef? in
            if case .function(let function) = value { return function }
            return nil
        }
        return function.map { bridge.behaviour($0, name: fields.path.isEmpty ? key : "\(key) of \(fields.path)") }
    }

    /// A value of the spec as JSON, by the conversion every Lua-to-JSON crossing uses; `path` names it in the error.
    func json(_ value: LuaValue, at path: String) throws(FieldError) -> JSONValue {
        do {
            return try LuaJSON.json(value, in: bridge.lua)
        } catch {
            throw FieldError(path, "cannot be read as a value: \(error.problem)")
        }
    }
}
