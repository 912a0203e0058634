import JSON

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
        ] + OperationCatalog.suggestedPredicates.map(\.selector)

    /// The known name nearest to `name` by edit distance (letter case costs nothing), or nil when `name` is known
    /// or nothing is close enough to be a plausible typo.
    public static func nearestName(to name: String) -> String? {
        guard !knownNames.contains(name) else { return nil }
        return EditDistance.nearest(to: name, among: knownNames, ignoringCase: true)
    }

    /// UIKit words people write as if Shelley had a class filter for them, and the class `view:` needs instead.
    /// Shelley has filters for a few classes only (`button`, `label`, `textField`, …); `switch` is taken as a
    /// predicate and silently matches nothing.
    public static let classWords: [String: String] = [
        "switch": "UISwitch", "slider": "UISlider", "textview": "UITextView", "image": "UIImageView",
        "imageview": "UIImageView", "cell": "UITableViewCell", "segmentedcontrol": "UISegmentedControl",
        "segment": "UISegmentedControl", "picker": "UIPickerView", "pickerview": "UIPickerView",
        "datepicker": "UIDatePicker", "scrollview": "UIScrollView", "navigationbar": "UINavigationBar",
        "progress": "UIProgressView", "progressview": "UIProgressView", "spinner": "UIActivityIndicatorView",
        "activityindicator": "UIActivityIndicatorView", "activityindicatorview": "UIActivityIndicatorView",
        "stepper": "UIStepper", "toolbar": "UIToolbar", "tabbar": "UITabBar", "collectionview": "UICollectionView",
        "collectionviewcell": "UICollectionViewCell", "searchbar": "UISearchBar", "window": "UIWindow",
        "webview": "WKWebView", "control": "UIControl",
    ]

    /// A hint for a selector that matched nothing: `'switch' is not a Shelley filter; write view:'UISwitch'` for
    /// a class word without a filter, else `did you mean 'button' instead of 'buton'?` for the first predicate
    /// that looks like a misspelt filter; nil when none does.
    public static func hint(for selector: Selector) -> String? {
        for case .predicate(let method, let arguments) in selector.filters where arguments.isEmpty {
            guard let className = classWords[method.lowercased()] else { continue }
            let hint = "'\(method)' is not a Shelley filter, so it matched nothing; for a \(className) write "
                + "view:'\(className)'"
            // A bar has no label of its own: its title is the item view inside it, which is what people look for.
            guard className == "UINavigationBar" else { return hint }
            let title = selector.filters.lazy.compactMap { filter -> String? in
                guard case .predicate(let name, let values) = filter, name.hasPrefix("marked"),
                    case .string(let text)? = values.first
                else { return nil }
                return text
            }.first
            return hint + "; its title is a UINavigationItemView inside it: write navigationItemView marked:'"
                + (title ?? "Title") + "'"
        }
        for case .predicate(let method, _) in selector.filters {
            if let suggestion = nearestName(to: method) {
                return "did you mean '\(suggestion)' instead of '\(method)'?"
            }
        }
        return nil
    }
}
