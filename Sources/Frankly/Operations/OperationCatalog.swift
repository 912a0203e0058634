/// Every Frankly operation fscript knows, by family, each spelled once as an `OperationDescriptor`.
///
/// Code that sends or answers an operation names it through the catalog (`OperationCatalog.isVisible.selector`),
/// never as a string of its own, so a selector cannot drift between the simulator, `/map`'s change counting, the
/// client, the inspector and the Lua stdlib (which gets the catalog as `frank.operations`).
public enum OperationCatalog {
    /// Every descriptor, family by family.
    public static let all: [OperationDescriptor] = touching + scrolling + viewReading + texts + controls + shelley

    /// The descriptor of `selector`, or nil for an operation fscript does not know (a real app's own method).
    public static func descriptor(for selector: String) -> OperationDescriptor? { bySelector[selector] }

    private static let bySelector: [String: OperationDescriptor] = Dictionary(
        all.map { ($0.selector, $0) }, uniquingKeysWith: { first, _ in first })

    /// True when `selector` only reads. An unknown selector is taken to act: counting a change too many only
    /// makes a wait look again, counting one too few would let it pass a change it waits for.
    public static func onlyReads(_ selector: String) -> Bool { descriptor(for: selector)?.effect == .reads }

    /// The predicates a selector suggestion or a completion offers, in the order people meet them: Shelley's own,
    /// then the BOOL getters of views.
    public static let suggestedPredicates: [OperationDescriptor] = [
        marked, markedExactly, textContains, placeholderContains, isAnimating, isNotAnimating,
        isHidden, isOn, isEnabled, isSelected, isVisible, canTouch,
    ]
}
