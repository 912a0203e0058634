import Frankly

/// Typing failed: no text field has focus.
struct KeyboardNotPresent: Error {}

extension SimulatedApp {
    /// Gives keyboard focus to a text field, as touching it does.
    func focus(_ field: SimView) {
        focusedField = field
    }

    /// Types into the focused field: `\b` deletes the last character, `\n` is Return (runs the field's
    /// `on_return`); every other character is appended and runs `on_change` with the new text.
    func type(_ text: String) throws {
        guard let field = focusedField, field.window != nil else { throw KeyboardNotPresent() }
        for character in text {
            switch character {
            case "\u{8}":
                if field.text?.isEmpty == false { field.text?.removeLast() }
                try field.behaviours["change"]?.run(field, [.string(field.text ?? "")])
            case "\n", "\r\n", "\r":
                try field.behaviours["return"]?.run(field, [.string(field.text ?? "")])
                // Return may have pushed a screen or shown an alert: the field is gone, stop typing there.
                guard focusedField === field, field.window != nil else { return }
            default:
                field.text = (field.text ?? "") + String(character)
                try field.behaviours["change"]?.run(field, [.string(field.text ?? "")])
            }
        }
    }
}
