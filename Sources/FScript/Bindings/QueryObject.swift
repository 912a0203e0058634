import Frankly
import JSON
import LuaJSON
import LuaKit

/// The Lua userdata `frank.Query`: a lazy, chainable lookup in the FRY style, made by `app:lookup(sel)`.
///
/// Nothing is sent until a terminal method runs (`count`, `texts`, `touch`, …). `q:lookup(sub)`, `q:first()`
/// and `q:index(n)` only extend the selector text, so a whole chain composes into ONE Shelley selector and
/// costs one round trip: `app:lookup("tableViewCell marked:'Row 3'"):lookup("button")` sends
/// `tableViewCell marked:'Row 3' button`, whose class filter descends inside each cell.
final class QueryObject: LuaObject {
    static let luaClassName = "frank.Query"

    /// The target.
    let app: AppObject
    /// The composed selector.
    let selector: CheckedSelector

    init(app: AppObject, selector: CheckedSelector) {
        self.app = app
        self.selector = selector
    }

    /// A query for this selector followed by `more` (already checked to parse on its own).
    func extended(_ more: String) throws -> QueryObject {
        let text = selector.text + " " + more
        do {
            return QueryObject(app: app, selector: CheckedSelector(text: text, parsed: try Selector(parsing: text)))
        } catch {
            throw FrankError("lookup: \(error)")
        }
    }

    /// One round trip: `method` on every match.
    func map(_ method: String, _ arguments: [JSONValue] = [], operation: String) throws -> [JSONValue] {
        try app.map(selector.text, method, arguments, operation: operation)
    }

    /// The Lua class: the chain builders and the terminal methods.
    static var luaClass: LuaClass<QueryObject> {
        LuaClass(
            methods: [
                "lookup": { query, args in
                    let sub = try args.selector(1)
                    return args.result(try query.extended(sub.text))
                },
                "first": { query, args in args.result(try query.extended("first")) },
                "index": { query, args in
                    let position = try args.integer(1)
                    guard position >= 1 else {
                        throw args.badArgument(1, "index counts from 1, got \(position)")
                    }
                    return args.result(try query.extended("index:\(position - 1)"))
                },
                "count": { query, args in
                    args.result(try query.map(OperationCatalog.accessibilityLabel.selector, operation: "count").count)
                },
                "exists": { query, args in
                    let labels = try query.map(OperationCatalog.accessibilityLabel.selector, operation: "exists")
                    return args.result(!labels.isEmpty)
                },
                "texts": { query, args in
                    let texts = try query.map(OperationCatalog.text.selector, operation: "texts")
                    return args.result(LuaJSONResult(value: .array(texts)))
                },
                "labels": { query, args in
                    let labels = try query.map(OperationCatalog.accessibilityLabel.selector, operation: "labels")
                    return args.result(LuaJSONResult(value: .array(labels)))
                },
                "frames": { query, args in
                    let frames = try query.map(OperationCatalog.fexAccessibilityFrame.selector, operation: "frames")
                    return args.result(LuaJSONResult(value: .array(frames)))
                },
                "map": { query, args in
                    let (method, arguments) = try args.operation(from: 1)
                    return args.result(LuaJSONResult(value: .array(try query.map(method, arguments, operation: "map"))))
                },
                "touch": { query, args in
                    let all = try args.actsOnAll(1)
                    let touched = try query.app.reportingAction("touch", selector: query.selector.text, args: args) {
                        try query.app.act("touch", query.selector, method: OperationCatalog.touch.selector, all: all)
                    }
                    return args.result(touched.count)
                },
            ],
            description: { query in "frank.Query(\"\(query.selector.text)\")" },
            index: { query, args in
                let key = try args.value(1)
                if key == "selector" { return args.result(query.selector.text) }
                if key == "app" { return args.result(query.app) }
                return args.result(LuaValue.nil)
            }
        )
    }
}

extension LuaArgs {
    /// A Frankly method name at `position` and its arguments after it, checked against the colon count:
    /// `setText:` takes one argument, `touch` none.
    func operation(from position: Int) throws -> (method: String, arguments: [JSONValue]) {
        let method = try string(position, expected: "method name")
        var arguments: [JSONValue] = []
        if count > position {
            for index in (position + 1)...count { arguments.append(try json(index)) }
        }
        let colons = method.filter { $0 == ":" }.count
        guard colons == arguments.count else {
            let takes = colons == 1 ? "1 argument" : "\(colons) arguments"
            throw badArgument(position, "'\(method)' takes \(takes), got \(arguments.count)")
        }
        return (method, arguments)
    }
}
