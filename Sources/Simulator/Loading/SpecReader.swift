import Frankly
import JSON
import LuaJSON
import LuaKit
import Platform

/// Turns the table an app file returns into specs: screens, views, rows, behaviours and exec methods.
///
/// Field names follow the app-file format (scripts/apps/README.md): `on_*` functions become behaviours, the
/// positional items of a view or screen are its subviews, `rows`/`sections` fill a table, and every other field
/// is a property. Errors name the place in the description: `screen 'login', view 2 (UIButton): …`.
struct SpecReader {
    let bridge: LuaBridge

    func app(from value: LuaValue) throws -> AppSpec {
        guard case .table(let table) = value else {
            throw SimulatorError.load("the app file must return a table describing the app, got \(value.typeName)")
        }
        // A misspelt key (`strat = "login"`) is refused naming the nearest, by the one reader of outside data.
        let reader = FieldReader(table, at: "")
        reader.allow(Self.appKeys)
        do { try reader.finish() } catch { throw SimulatorError.load("the app table: \(error.message)") }
        guard case .table(let screensTable) = table["screens"] else {
            throw SimulatorError.load("the app table needs `screens = { name = screen{…}, … }`")
        }
        var screens: [String: ScreenSpec] = [:]
        for (key, item) in screensTable.stringFieldsOrFail() {
            screens[key] = try screen(named: key, from: item)
        }
        guard !screens.isEmpty else { throw SimulatorError.load("the app defines no screens") }
        let first = table["start"].stringValue ?? (screens.count == 1 ? screens.keys.first! : "")
        guard screens[first] != nil else {
            throw SimulatorError.load(
                "`start` must name the first screen (one of: \(screens.keys.sorted().joined(separator: ", ")))")
        }
        var exec: [String: ExecMethod] = [:]
        if case .table(let methods) = table["exec"] {
            for (name, item) in methods.stringFields {
                guard case .function(let function) = item else {
                    throw SimulatorError.load("exec.\(name) must be a function, got \(item.typeName)")
                }
                exec[name] = bridge.execMethod(function, name: name)
            }
        }
        switch table["time_limit"] {
        case .nil: break
        case let limit:
            guard let seconds = limit.doubleValue, seconds > 0, seconds <= CheckedNumber.maximumSeconds else {
                throw SimulatorError.load("time_limit must be a number of seconds above 0 and at most "
                    + "\(CheckedNumber.format(CheckedNumber.maximumSeconds)), got \(limit.luaShownForSpec)")
            }
            bridge.watchdog.limit = seconds
        }
        var classes: [String: String] = [:]
        if case .table(let declared) = table["classes"] {
            for (name, item) in declared.stringFields { classes[name] = item.stringValue ?? "UIView" }
        }
        return AppSpec(
            name: table["name"].stringValue ?? "App", screens: screens, firstScreen: first, execMethods: exec,
            classes: classes, onLaunch: try behaviour(table["on_launch"], name: "on_launch"),
            onMemoryWarning: try behaviour(table["on_memory_warning"], name: "on_memory_warning"))
    }

    /// The keys an app table may have.
    static let appKeys = ["name", "start", "screens", "exec", "time_limit", "classes", "on_launch", "on_memory_warning"]

    private func screen(named name: String, from value: LuaValue) throws -> ScreenSpec {
        guard case .table(let table) = value else {
            throw SimulatorError.load("screen '\(name)' must be a table (screen{…}), got \(value.typeName)")
        }
        let place = "screen '\(name)'"
        let views = try table.array.enumerated().map { try view(from: $1, place: "\(place), view \($0 + 1)") }
        var background: JSONValue?
        if table["background"] != .nil { background = try json(table["background"], at: "\(place).background") }
        return ScreenSpec(
            name: name, title: table["title"].stringValue, views: views,
            onAppear: try behaviour(table["on_appear"], name: "on_appear of \(place)"), backgroundColor: background)
    }

    /// A view table: `class`, `id`, `on_*` behaviours, positional subviews, rows, and properties.
    func view(from value: LuaValue, place: String, defaultClass: String? = nil) throws -> ViewSpec {
        guard case .table(let table) = value else {
            throw SimulatorError.load("\(place) must be a view table (label{…}, button{…} …), got \(value.typeName)")
        }
        guard let className = table["class"].stringValue ?? defaultClass else {
            throw SimulatorError.load("\(place) has no class; build it with label{…}, button{…} or view{class=…}")
        }
        let place = "\(place) (\(className))"
        let spec = ViewSpec(className: className, id: table["id"].stringValue)
        for (key, item) in table.stringFields {
            switch key {
            case "class", "id", "__screen": continue
            case "rows":
                spec.sections = [try rows(item, place: "\(place).rows")]
            case "sections":
                guard case .table(let list) = item else { throw SimulatorError.load("\(place).sections must be a list") }
                spec.sections = try list.array.enumerated().map { index, section in
                    if case .table(let sectionTable) = section, sectionTable["rows"] != .nil {
                        return try rows(sectionTable["rows"], place: "\(place).sections[\(index + 1)].rows")
                    }
                    return try rows(section, place: "\(place).sections[\(index + 1)]")
                }
            case _ where key.hasPrefix("on_"):
                spec.behaviours[String(key.dropFirst(3))] = try behaviour(item, name: "\(key) of \(place)")
            default:
                let json = try self.json(item, at: "\(place).\(key)")
                guard SimView.propertyNames.contains(key) || (key == "detail" && className == "UITableViewCell") else {
                    let guess = EditDistance.nearest(to: key, among: SimView.propertyNames, ignoringCase: true)
                        .map { "; did you mean '\($0)'?" } ?? ""
                    throw SimulatorError.load(
                        "\(place) has an unknown field '\(key)'\(guess) (properties: "
                            + "\(SimView.propertyNames.joined(separator: ", ")); behaviours start with on_)")
                }
                spec.properties[key] = json
            }
        }
        spec.children = try table.array.enumerated().map { try view(from: $1, place: "\(place), subview \($0 + 1)") }
        return spec
    }

    /// A list of rows: each a string (its text) or a table like a cell's (`text`, `detail`, `on_touch` …).
    func rows(_ value: LuaValue, place: String) throws -> [ViewSpec] {
        guard case .table(let list) = value else {
            throw SimulatorError.load("\(place) must be a list of rows, got \(value.typeName)")
        }
        return try list.array.enumerated().map { index, row in
            if let text = row.stringValue {
                return ViewSpec(className: "UITableViewCell", properties: ["text": .string(text)])
            }
            return try view(from: row, place: "\(place)[\(index + 1)]", defaultClass: "UITableViewCell")
        }
    }

    func behaviour(_ value: LuaValue, name: String) throws -> Behaviour? {
        switch value {
        case .nil: return nil
        case .function(let function): return bridge.behaviour(function, name: name)
        default: throw SimulatorError.load("\(name) must be a function, got \(value.typeName)")
        }
    }

    /// A value of the spec as JSON, by the conversion every Lua-to-JSON crossing uses; `at` names it in the error.
    private func json(_ value: LuaValue, at place: String) throws -> JSONValue {
        do {
            return try LuaJSON.json(value, in: bridge.lua)
        } catch {
            throw SimulatorError.load("\(place): \(error.problem)")
        }
    }
}

extension LuaTable {
    /// The string-keyed fields, sorted by name so loading is deterministic.
    fileprivate func stringFieldsOrFail() -> [(String, LuaValue)] {
        stringFields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

extension LuaValue {
    /// A value as an app-file error shows it: numbers as written, anything else by its type.
    fileprivate var luaShownForSpec: String {
        switch self {
        case .integer(let number): return String(number)
        case .number(let number): return CheckedNumber.format(number)
        default: return typeName
        }
    }
}
