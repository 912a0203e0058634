import JSON

/// Applies a `Selector` to a view tree, with Shelley's exact semantics, for any tree of `ShelleyNode`s.
///
/// The simulator runs `/map` through it and tests run it over fixtures, so the rules live here once:
/// class filters descend (self excluded, depth-first pre-order); `parent` climbs to all ancestors and makes the
/// next class filter (`descendant` included) only filter; `descendant` includes the view itself; `first` and
/// `index:` pick from the whole set; any other name keeps the views whose BOOL method holds. After every filter
/// duplicates go, the first occurrence kept.
///
/// The methods are `@inlinable` so that a tree in another module (the simulator's `SimView`) gets a walk
/// specialized for its node type: unspecialized, every step went through generic metadata lookups and closure
/// thunks, and the walk cost more than anything else the simulator does for a `/map`.
public struct SelectorEvaluator<Node: ShelleyNode> {
    /// An evaluator; it keeps no state between calls.
    @inlinable public init() {}

    /// The views `selector` selects, in order, starting from `windows`.
    ///
    /// Throws `SelectorError.notABool` when a predicate's method answers something that is not a BOOL.
    @inlinable
    public func evaluate(_ selector: Selector, windows: [Node]) throws(SelectorError) -> [Node] {
        var views = windows
        var afterParent = false
        for (offset, filter) in selector.filters.enumerated() {
            switch filter {
            case .ofClass(let className):
                views =
                    afterParent
                    ? views.filter { $0.isKind(ofClassNamed: className) }
                    : views.flatMap { descendants(of: $0, ofClass: className, includingSelf: false) }
            case .descendant:
                // Shelley's `descendant` is a class filter too, so right after `parent` it only filters.
                views =
                    afterParent
                    ? views.filter { $0.isKind(ofClassNamed: "UIView") }
                    : views.flatMap { descendants(of: $0, ofClass: "UIView", includingSelf: true) }
            case .parent:
                views = views.flatMap(ancestors(of:))
            case .first:
                views = Array(views.prefix(1))
            case .index(let index):
                views = views.indices.contains(index) ? [views[index]] : []
            case .predicate(let method, let arguments):
                let position = SelectorPosition(selector: selector.source, column: selector.columns[offset])
                var kept: [Node] = []
                for view in views where try holds(method, arguments, on: view, at: position) { kept.append(view) }
                views = kept
            }
            afterParent = filter == .parent
            views = withoutDuplicates(views)
        }
        return views
    }

    /// Parses `text` and evaluates it: the one call a server's `/map` needs.
    @inlinable
    public func evaluate(_ text: String, windows: [Node]) throws(SelectorError) -> [Node] {
        try evaluate(Selector(parsing: text), windows: windows)
    }

    /// The views under `root` (and `root` itself when asked) that are of `className`, depth-first pre-order.
    @inlinable
    func descendants(of root: Node, ofClass className: String, includingSelf: Bool) -> [Node] {
        var found: [Node] = []
        func visit(_ node: Node) {
            if node.isKind(ofClassNamed: className) { found.append(node) }
            node.shelleyChildren.forEach(visit)
        }
        if includingSelf { visit(root) } else { root.shelleyChildren.forEach(visit) }
        return found
    }

    /// Every ancestor of `node`, nearest first.
    @inlinable
    func ancestors(of node: Node) -> [Node] {
        var found: [Node] = []
        var current = node.shelleyParent
        while let view = current {
            found.append(view)
            current = view.shelleyParent
        }
        return found
    }

    /// Whether the predicate keeps `view`: a view without the method is dropped; a non-BOOL answer is an error.
    @inlinable
    func holds(
        _ method: String, _ arguments: [JSONValue], on view: Node, at position: SelectorPosition
    ) throws(SelectorError) -> Bool {
        guard case .value(let value) = view.perform(method, arguments: arguments) else { return false }
        guard let bool = value.franklyBool else {
            throw .notABool(method: method, value: value, at: position)
        }
        return bool
    }

    @inlinable
    func withoutDuplicates(_ views: [Node]) -> [Node] {
        var seen = Set<ObjectIdentifier>()
        return views.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
}
