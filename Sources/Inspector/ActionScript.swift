import Frankly
import JSON

/// The Lua line an action on a view becomes: a catalog step when one names the view exactly, else an `app:` call
/// with the suggested selector. That line is what runs, and what a recording writes.
///
/// A view with no usable label (its only selectors end in `index:`) is touched at its centre relative to the
/// nearest labelled ancestor, as FRY's FRYolator does, and the line says so in a comment.
struct ActionScript {
    let windows: [DumpView]
    let view: DumpView
    /// The catalog's step sentences, from the Lua session: the steps this writes are worded there.
    let sentences: StepSentences

    /// The best selector for the view (shortest that selects it alone).
    var selector: String { SelectorSuggester.selectors(for: view, in: windows).first ?? SelectorSuggester.classWord(for: view) }

    /// The line for `action`, or nil and why the action does not apply.
    func line(for action: String, text: String?, direction: String?, value: Double?) -> (String?, String?) {
        let selector = LuaLiteral.string(self.selector)
        switch action {
        case "touch":
            return (touchLine(), nil)
        case "double_tap": return ("app:double_tap(\(selector))", nil)
        case "touch_and_hold": return ("app:touch_and_hold(\(selector), 1)", nil)
        case "swipe":
            guard let direction, OperationCatalog.swipeDirections.contains(direction) else {
                return (nil, "swipe needs a direction: left, right, up or down")
            }
            return ("app:swipe(\(selector), \(LuaLiteral.string(direction)))", nil)
        case "scroll_to": return ("app:scroll_to(\(selector))", nil)
        case "type":
            guard let text else { return (nil, "type needs the text to type") }
            if view.isKind(UIKitClass.textField), let name = view.placeholder ?? view.accessibilityLabel,
                Self.stepSafe(name), Self.stepSafe(text),
                let quoted = SelectorSuggester.quote(name),
                first("textField placeholder:\(quoted) first") || first("textField marked:\(quoted) first"),
                let recorded = catalogStep("When", .typeIntoField, "\"\(text)\"", "\"\(name)\"")
            {
                return (recorded, nil)
            }
            return ("app:type_into(\(selector), \(LuaLiteral.string(text)))", nil)
        case "switch":
            guard view.isKind(UIKitClass.switchControl) else { return (nil, "only a switch can be flipped") }
            let on = !(view.node.isOn ?? false)
            // The catalog's step, as a person writes it, when its selector finds this switch alone.
            if let mark = view.accessibilityLabel, !mark.isEmpty, let argument = Self.stepArgument(mark),
                let quoted = SelectorSuggester.quote(mark), only("view:'UISwitch' marked:\(quoted)"),
                let recorded = catalogStep("When", on ? .flipSwitchOn : .flipSwitchOff, argument)
            {
                return (recorded, nil)
            }
            return ("app:map(\(selector), \"\(OperationCatalog.setOn.selector)\", \(on))", nil)
        case "slider":
            guard view.isKind(UIKitClass.slider) else { return (nil, "only a slider can be set") }
            guard let value, value.isFinite else { return (nil, "a slider needs a value") }
            return ("app:set_slider(\(selector), \(LuaLiteral.number(value)))", nil)
        case "back":
            guard let recorded = catalogStep("When", .navigateBack) else {
                return (nil, "the step catalog has no navigate_back")
            }
            return (recorded, nil)
        case "see":
            guard let shown = view.accessibilityLabel ?? view.text, !shown.isEmpty, Self.stepSafe(shown) else {
                return (nil, "this view shows no text to check; pick a label")
            }
            guard let recorded = catalogStep("Then", .shouldSee, "\"\(shown)\"") else {
                return (nil, "the step catalog has no should_see")
            }
            return (recorded, nil)
        default:
            return (nil, "unknown action \(action)")
        }
    }

    private func touchLine() -> String {
        let selectors = SelectorSuggester.selectors(for: view, in: windows)
        if let label = view.accessibilityLabel, Self.stepSafe(label), let quoted = SelectorSuggester.quote(label) {
            let argument = "\"\(label)\""
            if view.isKind(UIKitClass.button), only("button marked:\(quoted)"),
                let recorded = catalogStep("When", .touchButton, argument)
            {
                return recorded
            }
            if view.isKind(UIKitClass.tableViewCell), first("tableViewCell marked:\(quoted) first"),
                let recorded = catalogStep("When", .touchCell, argument)
            {
                return recorded
            }
            if first("view marked:\(quoted) first"), let recorded = catalogStep("When", .touchView, argument) {
                return recorded
            }
        }
        if let best = selectors.first, !best.contains("index:") { return "app:touch(\(LuaLiteral.string(best)))" }
        // No label of its own: a point inside the nearest labelled ancestor.
        if let (anchor, anchorSelector) = SelectorSuggester.labelledAncestor(of: view, in: windows),
            let frame = view.node.accessibilityFrame, let outer = anchor.node.accessibilityFrame
        {
            let x = frame.center.x.rounded() - outer.origin.x, y = frame.center.y.rounded() - outer.origin.y
            return "app:map(\(LuaLiteral.string(anchorSelector)), \"\(OperationCatalog.touchPoint.selector)\", "
                + "\(LuaLiteral.number(x)), \(LuaLiteral.number(y)))  -- \(LuaLiteral.comment(view.className)) has no label: a point in "
                + "its labelled ancestor"
        }
        return "app:touch(\(LuaLiteral.string(selectors.first ?? SelectorSuggester.classWord(for: view))))"
    }

    /// A step call: `When 'I touch the button marked "Log In"'`.
    static func step(_ keyword: String, _ text: String) -> String { "\(keyword) \(LuaLiteral.string(text))" }

    /// The call of the catalog's sentence `id` with `arguments`, or nil when the catalog has no such sentence.
    private func catalogStep(_ keyword: String, _ id: StepSentences.ID, _ arguments: String...) -> String? {
        sentences.sentence(id, arguments).map { Self.step(keyword, $0) }
    }

    /// Whether a value can sit between a step's double quotes.
    static func stepSafe(_ text: String) -> Bool { !text.contains("\"") && !text.contains("\n") }

    /// A value as a step's `{string}` argument: in double quotes, or in single quotes when it holds a double
    /// quote; nil when it holds both or a line break, which a `{string}` cannot carry (it has no escapes).
    static func stepArgument(_ text: String) -> String? {
        // Scalars, not characters: a quote followed by a combining mark is still a quote to Lua's patterns.
        let scalars = text.unicodeScalars
        if scalars.contains(where: { $0 == "\n" || $0 == "\r" }) { return nil }
        if !scalars.contains("\"") { return "\"\(text)\"" }
        if !scalars.contains("'") { return "'\(text)'" }
        return nil
    }

    private func only(_ selector: String) -> Bool {
        let found = (try? SelectorEvaluator<DumpView>().evaluate(selector, windows: windows)) ?? []
        return found.count == 1 && found[0] === view
    }

    private func first(_ selector: String) -> Bool {
        let found = (try? SelectorEvaluator<DumpView>().evaluate(selector, windows: windows)) ?? []
        return found.first === view
    }
}
