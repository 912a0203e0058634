import Frankly
import JSON

/// Explains why a selector matched nothing: Shelley's "did you mean" for a misspelt filter word, and the labels
/// and texts on screen nearest to the strings the selector looks for.
///
/// It costs one `/dump`, paid only on the failure path. A failing dump does not hide the original failure: the
/// message is then just shorter.
struct NoMatchDiagnosis {
    /// The target to dump.
    let app: AppObject

    /// How many near labels to list.
    static let limit = 3

    /// `touch: no view matches "button marked:'Log in'"; closest labels on screen: 'Log In'`.
    func message(operation: String, selector: CheckedSelector, verb: String = "matches") -> String {
        var text = "\(operation): no view \(verb) \"\(selector.text)\""
        text += details(for: selector)
        return text
    }

    /// The `; did you mean …; closest labels …` part, possibly empty.
    func details(for selector: CheckedSelector) -> String {
        var text = ""
        if let hint = SelectorSuggestion.hint(for: selector.parsed) {
            text += "; \(hint)"
        }
        let wanted = Self.searchedStrings(in: selector.parsed)
        guard !wanted.isEmpty, let tree = try? app.client().dump() else { return text }
        let onScreen = Self.visibleStrings(in: tree)
        let near = Self.nearest(to: wanted, among: onScreen)
        if near.isEmpty {
            let quoted = wanted.map { "'\($0)'" }.joined(separator: ", ")
            let some = onScreen.prefix(Self.limit).map { "'\($0)'" }.joined(separator: ", ")
            text += "; no label or text on screen is close to \(quoted)"
            if !some.isEmpty { text += " (the screen shows \(some)\(onScreen.count > Self.limit ? ", …" : ""))" }
        } else {
            text += "; closest labels on screen: " + near.map { "'\($0)'" }.joined(separator: ", ")
        }
        return text
    }

    /// The strings a selector searches for: arguments of `marked:`, `markedExactly:`, `text:`, `placeholder:`.
    static func searchedStrings(in selector: Selector) -> [String] {
        var result: [String] = []
        for case .predicate(let method, let arguments) in selector.filters
        where ["marked:", "markedExactly:", "text:", "placeholder:"].contains(method) {
            if let string = arguments.first?.stringValue, !result.contains(string) { result.append(string) }
        }
        return result
    }

    /// Labels, texts, placeholders and titles of the visible views, in dump order, without repeats: a view that is
    /// hidden or transparent (alpha below 0.01, as `OperationCatalog.isVisible` says), or inside one, shows nothing.
    static func visibleStrings(in tree: JSONValue) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        func walk(_ node: JSONValue) {
            if node["isHidden"]?.franklyBool == true { return }
            if let alpha = node["alpha"]?.doubleValue, alpha < 0.01 { return }
            for key in ["accessibilityLabel", "text", "placeholder", "title"] {
                if let value = node[key]?.stringValue, !value.isEmpty, seen.insert(value).inserted {
                    result.append(value)
                }
            }
            if case .array(let children)? = node["subviews"] { children.forEach(walk) }
        }
        walk(tree)
        return result
    }

    /// Up to `limit` candidates nearest to any wanted string, closest first; only plausible typos (within about
    /// half the wanted length) or candidates that contain the wanted text ignoring case.
    static func nearest(to wanted: [String], among candidates: [String]) -> [String] {
        var scored: [(candidate: String, distance: Int)] = []
        for candidate in candidates {
            let distance = wanted.map { want -> Int in
                let lowerCandidate = candidate.lowercased(), lowerWant = want.lowercased()
                if lowerCandidate.contains(lowerWant) || lowerWant.contains(lowerCandidate) {
                    return abs(candidate.count - want.count) / 4
                }
                let limit = max(2, want.count / 2)
                return EditDistance.between(lowerWant, lowerCandidate, limit: limit) ?? Int.max
            }.min() ?? Int.max
            if distance != Int.max { scored.append((candidate, distance)) }
        }
        // A stable sort keeps dump order among equals, so the first view on screen comes first.
        return scored.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .prefix(limit).map(\.element.candidate)
    }
}
