/// The W3C key names a test writes (`"Enter"`, `"Escape"`, `"ArrowDown"`, `"Control+a"`) and the code points
/// WebDriver's key actions take for them (the spec's "normalised key value" table).
public enum KeyNames {
    static let enter = "\u{E007}"
    static let backspace = "\u{E003}"
    static let tab = "\u{E004}"

    /// The named keys, by the names `KeyboardEvent.key` gives them.
    public static let table: [String: String] = [
        "Enter": enter, "Return": enter, "Escape": "\u{E00C}", "Tab": tab, "Backspace": backspace,
        "Delete": "\u{E017}", "ArrowDown": "\u{E015}", "ArrowUp": "\u{E013}", "ArrowLeft": "\u{E012}",
        "ArrowRight": "\u{E014}", "Home": "\u{E011}", "End": "\u{E010}", "PageUp": "\u{E00E}",
        "PageDown": "\u{E00F}", "Space": " ", "Shift": "\u{E008}", "Control": "\u{E009}", "Alt": "\u{E00A}",
        "Meta": "\u{E03D}", "Insert": "\u{E016}", "F1": "\u{E031}", "F2": "\u{E032}", "F3": "\u{E033}",
        "F4": "\u{E034}", "F5": "\u{E035}", "F6": "\u{E036}", "F7": "\u{E037}", "F8": "\u{E038}",
        "F9": "\u{E039}", "F10": "\u{E03A}", "F11": "\u{E03B}", "F12": "\u{E03C}",
    ]

    /// The key values for `name`: a named key, a single character, or a chord `Control+Shift+k`; nil with the
    /// part that is neither.
    public static func values(of name: String) -> Result<[String], KeyNameError> {
        let parts = name == "+" ? ["+"] : name.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        var values: [String] = []
        for part in parts {
            if let value = table[part] {
                values.append(value)
            } else if part.count == 1 {
                values.append(part)
            } else {
                return .failure(KeyNameError(name: name, part: part))
            }
        }
        return .success(values)
    }
}

/// A key name that is neither a W3C named key nor one character.
public struct KeyNameError: Error, Sendable, CustomStringConvertible {
    public var name: String
    public var part: String

    public var description: String {
        let known = KeyNames.table.keys.sorted().prefix(14).joined(separator: ", ")
        return "unknown key '\(part)'\(part == name ? "" : " in '\(name)'"): use a W3C key name (\(known) …), "
            + "one character, or a chord like 'Control+a'"
    }
}
