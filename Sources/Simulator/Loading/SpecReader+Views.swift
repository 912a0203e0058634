import JSON
import LuaJSON
import LuaKit

/// Views, rows and sections of an app file: `class`, `id`, `on_*` behaviours, `rows`/`sections`, the properties
/// a view takes (`SimView.propertyNames`), and the positional items as subviews.
extension SpecReader {
    /// A view table; `defaultClass` is the class of a row given without one.
    func view(_ value: LuaValue, at path: String, defaultClass: String? = nil) throws(FieldError) -> ViewSpec {
        guard case .table(let table) = value else {
            throw FieldError(path, "must be a view table (label{…}, button{…} …), got \(value.typeName)")
        }
        let children = try table.array.enumerated().map { index, item throws(FieldError) in
            try view(item, at: "\(path)[\(index + 1)]")
        }
        // The positional items are the subviews, read above; the reader checks the named fields.
        return try Fields.read(.table(LuaTable(fields: table.fields)), at: path) { fields throws(FieldError) in
            if let line = fields.value("__line")?.integerValue { lines.record(path, line: Int(line)) }
            guard let className = try fields.checked("class", mustBe: "a class name", \.stringValue) ?? defaultClass else {
                throw fields.fail(nil, "has no class; build it with label{…}, button{…} or view{class=…}")
            }
            let spec = ViewSpec(className: className, id: try fields.checked("id", mustBe: "a string", \.stringValue))
            fields.allow(["__screen"])
            if let rows = fields.value("rows") { spec.sections = [try self.rows(rows, at: fields.path(of: "rows"))] }
            if let sections = fields.value("sections") {
                spec.sections = try self.sections(sections, at: fields.path(of: "sections"))
            }
            for key in fields.source.fieldNames.sorted() where key.hasPrefix("on_") {
                try Self.checkBehaviourName(key, at: fields.path(of: key))
                spec.behaviours[String(key.dropFirst(3))] = try behaviour(fields, key)
            }
            for key in Self.propertyNames(of: className) {
                if let item = fields.value(key) { spec.properties[key] = try json(item, at: fields.path(of: key)) }
            }
            spec.children = children
            return spec
        }
    }

    /// The behaviours a view answers: what a touch, a value change, the return key, a hold and a swipe run.
    static let behaviourNames = ["on_touch", "on_change", "on_return", "on_hold", "on_swipe"]

    /// Refuses `on_tuch` where it is written, naming the nearest behaviour, as an unknown key is refused: a
    /// behaviour nobody runs would load and fail far away, at the touch that does nothing.
    static func checkBehaviourName(_ key: String, at path: String) throws(FieldError) {
        guard !behaviourNames.contains(key) else { return }
        let nearest = EditDistance.nearest(to: key, among: behaviourNames, ignoringCase: true)
        throw FieldError(path, .unknownKey(key, nearest: nearest, known: behaviourNames))
    }

    /// The properties a view of the class takes in its table: `class` and `id` are read apart, and a cell also
    /// takes its `detail` text.
    private static func propertyNames(of className: String) -> [String] {
        SimView.propertyNames.filter { $0 != "class" && $0 != "id" } + (className == "UITableViewCell" ? ["detail"] : [])
    }

    /// A list of rows: each a string (its text) or a table like a cell's (`text`, `detail`, `on_touch` …).
    func rows(_ value: LuaValue, at path: String) throws(FieldError) -> [ViewSpec] {
        guard case .table(let list) = value else {
            throw FieldError(path, "must be a list of rows, got \(value.typeName)")
        }
        return try list.array.enumerated().map { index, row throws(FieldError) in
            if let text = row.stringValue {
                return ViewSpec(className: "UITableViewCell", properties: ["text": .string(text)])
            }
            return try view(row, at: "\(path)[\(index + 1)]", defaultClass: "UITableViewCell")
        }
    }

    /// A list of sections, each a list of rows or a table with `rows`.
    func sections(_ value: LuaValue, at path: String) throws(FieldError) -> [[ViewSpec]] {
        guard case .table(let list) = value else {
            throw FieldError(path, "must be a list of sections (each a list of rows, or { rows = … }), got \(value.typeName)")
        }
        return try list.array.enumerated().map { index, section throws(FieldError) in
            if case .table(let table) = section, table["rows"] != .nil {
                return try rows(table["rows"], at: "\(path)[\(index + 1)].rows")
            }
            return try rows(section, at: "\(path)[\(index + 1)]")
        }
    }

    /// A behaviour handed over outside a table (`view.on_touch = f` in a running app); nil clears it.
    func behaviour(_ value: LuaValue, name: String) throws -> Behaviour? {
        switch value {
        case .nil: return nil
        case .function(let function): return bridge.behaviour(function, name: name)
        default: throw SimulatorError.load("\(name) must be a function, got \(value.typeName)")
        }
    }
}
