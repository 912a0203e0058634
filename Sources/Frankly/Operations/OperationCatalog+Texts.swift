extension OperationCatalog {
    /// The strings labels, fields, buttons and alerts show.
    public static let texts: [OperationDescriptor] = [text, setText, placeholder, title, currentTitle, message]

    /// The classes that hold a text.
    static let textHolders = ["UILabel", "UITextField", "UITextView"]

    /// The text of a label, text field or text view.
    public static let text = OperationDescriptor(
        "text", effect: .reads, result: .string, receivers: textHolders, luaName: "text")
    /// Replaces the text (Frank's way of clearing a field before typing).
    public static let setText = OperationDescriptor(
        "setText:", ["text"], effect: .acts, result: .void, receivers: textHolders, luaName: "set_text")
    /// A text field's placeholder.
    public static let placeholder = OperationDescriptor(
        "placeholder", effect: .reads, result: .string, receivers: ["UITextField"], luaName: "placeholder")
    /// The title of an alert, an action sheet, a button or a navigation bar item.
    public static let title = OperationDescriptor(
        "title", effect: .reads, result: .string,
        receivers: ["UIAlertView", "UIActionSheet", "UIButton", "UINavigationItemView"], luaName: "title")
    /// A button's title.
    public static let currentTitle = OperationDescriptor(
        "currentTitle", effect: .reads, result: .string, receivers: ["UIButton"], luaName: "current_title")
    /// An alert's message.
    public static let message = OperationDescriptor(
        "message", effect: .reads, result: .string, receivers: ["UIAlertView"], luaName: "message")
}
