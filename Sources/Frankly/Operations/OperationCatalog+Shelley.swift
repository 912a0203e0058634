extension OperationCatalog {
    /// Shelley's built-in predicates (`ShelleyBuiltins`): every view tree answers them the same way.
    public static let shelley: [OperationDescriptor] = [
        marked, markedExactly, textContains, placeholderContains, isNotAnimating,
    ]

    /// The accessibility label contains the string.
    public static let marked = OperationDescriptor(
        "marked:", ["label"], effect: .reads, result: .bool, luaName: "marked")
    /// The accessibility label is the string.
    public static let markedExactly = OperationDescriptor(
        "markedExactly:", ["label"], effect: .reads, result: .bool, luaName: "marked_exactly")
    /// A label's or a field's text contains the string.
    public static let textContains = OperationDescriptor(
        "text:", ["text"], effect: .reads, result: .bool, receivers: ["UILabel", "UITextField"],
        luaName: "text_contains")
    /// A field's placeholder contains the string.
    public static let placeholderContains = OperationDescriptor(
        "placeholder:", ["text"], effect: .reads, result: .bool, receivers: ["UILabel", "UITextField"],
        luaName: "placeholder_contains")
    /// No animation runs on the view.
    public static let isNotAnimating = OperationDescriptor(
        "isNotAnimating", effect: .reads, result: .bool, luaName: "is_not_animating")
}
