import Frankly
import JSON
import LuaKit

extension AppObject {
    /// `app:lookup{id = "loginButton", class = "UIButton"}`: the view whose `accessibilityIdentifier` is `id`, as
    /// a query by position (`view:'UIButton' index:3`).
    ///
    /// Shelley has no identifier predicate and Frank's servers add none, so this works with what every Frankly
    /// server offers: one `/map` of `accessibilityIdentifier` over the candidates (every view, or those of
    /// `class`), then the match's index. It costs one round trip when looked up, and the query then acts by
    /// position: look it up again after the screen changes. No match fails naming every identifier the screen has.
    func identified(_ args: LuaArgs) throws -> CheckedSelector {
        let options = try args.table(1, expected: "selector string or {id = …} table")
        for key in options.fields.keys where key.stringValue != "id" && key.stringValue != "class" {
            throw args.badArgument(1, "unknown option \(key.luaShown); valid options: class, id")
        }
        guard case .string(let identifier) = options["id"], !identifier.isEmpty else {
            throw args.badArgument(1, "id must be a non-empty accessibility identifier, got \(options["id"].luaShown)")
        }
        var base = "view"
        switch options["class"] {
        case .nil: break
        case .string(let name) where name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) && !name.isEmpty:
            base = "view:'\(name)'"
        case let other: throw args.badArgument(1, "class must be a class name such as UIButton, got \(other.luaShown)")
        }
        let found = try map(base, "accessibilityIdentifier", [], operation: "lookup")
        let identifiers = found.compactMap(\.stringValue)
        guard let position = found.firstIndex(of: .string(identifier)) else {
            // On failure only, one more round trip: the identifiers of every view, not just this class's.
            let all = base == "view"
                ? identifiers : try map("view", "accessibilityIdentifier", [], operation: "lookup").compactMap(\.stringValue)
            let shown = all.isEmpty
                ? "none (no view on screen has an accessibilityIdentifier)"
                : all.map { "'\($0)'" }.joined(separator: ", ")
            throw FrankError(
                "lookup: no \(base == "view" ? "view" : base) has the accessibility identifier '\(identifier)'; "
                    + "identifiers on screen: \(shown)")
        }
        let text = "\(base) index:\(position)"
        return CheckedSelector(text: text, parsed: try Selector(parsing: text))
    }
}
