import JSON

/// A parsed Shelley selector: the filters to apply, left to right, starting from the app's windows.
///
/// Parse once with `init(parsing:)`, then hand it to `SelectorEvaluator` for a view tree. Servers parse the
/// `query` of `/map`; the client parses too, to report syntax errors before any round trip and to suggest names.
public struct Selector: Sendable, Equatable {
    /// One step of a selector.
    public enum Filter: Sendable, Equatable {
        /// Replaces each view by its descendants (itself excluded) of this class or a subclass: `button`
        /// (`UIButton`), `view:'MyCell'`. Right after `parent` it only filters the ancestors instead.
        case ofClass(String)
        /// `descendant`: every view under each view, the view itself included.
        case descendant
        /// `parent`: each view's ancestors, nearest first.
        case parent
        /// `first`: the first view of the whole set.
        case first
        /// `index:N`: the view at N (0-based) of the whole set; nothing when out of range.
        case index(Int)
        /// Any other name: keeps the views whose BOOL method `method` holds for `arguments`.
        case predicate(method: String, arguments: [JSONValue])
    }

    /// The filter names that stand for UIKit classes.
    public static let classKeywords: [String: String] = [
        "view": "UIView",
        "button": "UIButton",
        "label": "UILabel",
        "textField": "UITextField",
        "tableView": "UITableView",
        "tableViewCell": "UITableViewCell",
        "alertView": "UIAlertView",
        "actionSheet": "UIActionSheet",
        "navigationButton": "UINavigationButton",
        "navigationItemView": "UINavigationItemView",
        "navigationItemButtonView": "UINavigationItemButtonView",
        "threePartButton": "UIThreePartButton",
    ]

    /// The selector as written.
    public let source: String
    /// The filters in order.
    public let filters: [Filter]
    /// Where each filter starts, for errors found while evaluating.
    @usableFromInline let columns: [Int]

    /// Parses `text`; throws a `SelectorError` pointing at the first character that does not fit.
    ///
    /// Selectors that parsed are remembered (`SelectorCache`): scripts poll with the same few selectors, and both
    /// the client and the server parse each one on every `/map`.
    public init(parsing text: String) throws(SelectorError) {
        if let known = SelectorCache.shared.selector(for: text) {
            self = known
            return
        }
        var parser = SelectorParser(text)
        self = try parser.parse()
        SelectorCache.shared.remember(self)
    }

    init(source: String, filters: [Filter], columns: [Int]) {
        self.source = source
        self.filters = filters
        self.columns = columns
    }

    /// Two selectors are the same when they filter the same way, however they were spaced.
    public static func == (lhs: Selector, rhs: Selector) -> Bool {
        lhs.filters == rhs.filters
    }
}
