/// "Did you mean" for selectors: the nearest known filter name to a word that is probably a typo.
///
/// An unknown word is not an error in Shelley, it is a predicate (`buton` asks each window whether `buton` is
/// true, and none answers), so a misspelt class selects nothing in silence. The client calls this when a selector
/// matched no view, to add "did you mean 'button'?" to its message.
public enum SelectorSuggestion {
    /// The names Shelley and UIKit views understand as filters, predicates with their colons.
    public static let knownNames: [String] =
        Selector.classKeywords.keys.sorted() + [
            "parent", "descendant", "first", "index:", "view:",
            "marked:", "markedExactly:", "text:", "placeholder:", "isAnimating", "isNotAnimating",
            "isHidden", "isOn", "isEnabled", "isSelected", "FEX_isVisible", "FEX_canTouch",
        ]

    /// The known name nearest to `name` by edit distance (letter case counts half), or nil when `name` is known
    /// or nothing is close enough to be a plausible typo.
    public static func nearestName(to name: String) -> String? {
        guard !knownNames.contains(name) else { return nil }
        let limit = max(1, min(3, name.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in knownNames {
            let distance = editDistance(name, candidate)
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// A hint for a selector that matched nothing: `did you mean 'button' instead of 'buton'?`, naming the first
    /// predicate that looks like a misspelt filter; nil when none does.
    public static func hint(for selector: Selector) -> String? {
        for case .predicate(let method, _) in selector.filters {
            if let suggestion = nearestName(to: method) {
                return "did you mean '\(suggestion)' instead of '\(method)'?"
            }
        }
        return nil
    }

    /// Levenshtein distance over characters, where a change of letter case alone costs nothing: `Button` is
    /// as near to `button` as a name can be without being it.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.lowercased())
        let b = Array(rhs.lowercased())
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                row[j] = min(previous[j] + 1, row[j - 1] + 1, substitution)
            }
            previous = row
        }
        return previous[b.count]
    }
}
