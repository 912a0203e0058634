extension OperationCatalog {
    /// Scroll views and tables: where they are scrolled, and moving them.
    public static let scrolling: [OperationDescriptor] = [scrollToTop, scrollToBottom, scrollToRow, contentOffset]

    /// Scrolls to the top.
    public static let scrollToTop = OperationDescriptor(
        "FEX_scrollToTop", effect: .acts, result: .void, receivers: ["UIScrollView"], luaName: "scroll_to_top")
    /// Scrolls to the bottom.
    public static let scrollToBottom = OperationDescriptor(
        "FEX_scrollToBottom", effect: .acts, result: .void, receivers: ["UIScrollView"], luaName: "scroll_to_bottom")
    /// Scrolls a table just enough to show a row.
    public static let scrollToRow = OperationDescriptor(
        "FEX_scrollToRow:inSection:", ["row", "section"], effect: .acts, result: .void, receivers: ["UITableView"],
        luaName: "scroll_to_row")
    /// The scroll position.
    public static let contentOffset = OperationDescriptor(
        "contentOffset", effect: .reads, result: .point, receivers: ["UIScrollView"], luaName: "content_offset")
}
