import JSON

/// The Shelley selectors that select exactly one view, best first: what the inspector offers for a view you
/// clicked, and what a recording writes.
///
/// Candidates come in kinds, offered in this order and shortest first within a kind: by the label, alone
/// (`view marked:'Log In'`) or with the class (`button marked:'Log In'`, or `markedExactly:` when the label is
/// part of another); by the text or placeholder of a label or text field; through the nearest ancestor that has a
/// selector of its own (`tableViewCell marked:'Apples' label`); and last by position (`button index:2`). Each is
/// evaluated on the tree and kept only when it selects that view and nothing else.
public enum SelectorSuggester {
    /// Selectors that select exactly `view` among `windows`, best first (never empty: `index:` always works).
    public static func selectors(for view: DumpView, in windows: [DumpView]) -> [String] {
        // (selector, kind): 0 by its label, 1 by its text or placeholder, 2 through an ancestor, 3 by position.
        var candidates: [(String, Int)] = []
        let word = classWord(for: view)
        if let label = view.accessibilityLabel, let quoted = quote(label), !label.isEmpty {
            candidates.append(("view marked:\(quoted)", 0))
            candidates.append(("\(word) marked:\(quoted)", 0))
            candidates.append(("\(word) markedExactly:\(quoted)", 0))
        }
        if view.isKind(UIKitClass.label) || view.isKind(UIKitClass.textField) {
            if let text = view.text, !text.isEmpty, let quoted = quote(text) { candidates.append(("\(word) text:\(quoted)", 1)) }
            if let placeholder = view.placeholder, !placeholder.isEmpty, let quoted = quote(placeholder) {
                candidates.append(("\(word) placeholder:\(quoted)", 1))
            }
        }
        if let anchorSelector = labelledAncestor(of: view, in: windows)?.1 {
            candidates.append(("\(anchorSelector) \(word)", 2))
            let within = (try? SelectorEvaluator<DumpView>().evaluate("\(anchorSelector) \(word)", windows: windows)) ?? []
            if let index = within.firstIndex(where: { $0 === view }) {
                candidates.append(("\(anchorSelector) \(word) index:\(index)", 3))
            }
        }
        let all = (try? SelectorEvaluator<DumpView>().evaluate(word, windows: windows)) ?? []
        if let index = all.firstIndex(where: { $0 === view }) { candidates.append(("\(word) index:\(index)", 3)) }

        var unique: [(String, Int)] = []
        for candidate in candidates
        where !unique.contains(where: { $0.0 == candidate.0 }) && selectsOnly(view, candidate.0, windows) {
            unique.append(candidate)
        }
        // By kind, then shortest; among equals, the order above.
        return unique.enumerated().sorted { a, b in
            if a.element.1 != b.element.1 { return a.element.1 < b.element.1 }
            return a.element.0.count != b.element.0.count ? a.element.0.count < b.element.0.count : a.offset < b.offset
        }.map(\.element.0)
    }

    /// The nearest ancestor with a label that selects it alone, and that selector.
    public static func labelledAncestor(of view: DumpView, in windows: [DumpView]) -> (DumpView, String)? {
        var current = view.shelleyParent
        while let ancestor = current {
            if let label = ancestor.accessibilityLabel, !label.isEmpty, let quoted = quote(label) {
                for selector in ["\(classWord(for: ancestor)) marked:\(quoted)", "\(classWord(for: ancestor)) markedExactly:\(quoted)"]
                where selectsOnly(ancestor, selector, windows) {
                    return (ancestor, selector)
                }
            }
            current = ancestor.shelleyParent
        }
        return nil
    }

    /// Shelley's shorthand for the view's class (`button`), or `view:'MyClass'`.
    public static func classWord(for view: DumpView) -> String {
        if let word = Selector.classKeywords.first(where: { $0.value == view.className })?.key { return word }
        return "view:'\(view.className)'"
    }

    /// The text in Shelley quotes: single, or double when it holds a single quote; nil when it holds both
    /// (Shelley has no escapes).
    public static func quote(_ text: String) -> String? {
        if !text.contains("'") { return "'\(text)'" }
        if !text.contains("\"") { return "\"\(text)\"" }
        return nil
    }

    static func selectsOnly(_ view: DumpView, _ selector: String, _ windows: [DumpView]) -> Bool {
        guard let found = try? SelectorEvaluator<DumpView>().evaluate(selector, windows: windows) else { return false }
        return found.count == 1 && found[0] === view
    }
}
