/// Lua source for a string, the way a person would write it: `'…'` when it can be, else `"…"` with escapes.
enum LuaLiteral {
    static func string(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\\" && $0 != "'" && $0.value != 0x7f }
        if plain { return "'\(text)'" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    out += "\\\(scalar.value)"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Text for the end of a `--` comment: control characters (a line break would end the comment and make the
    /// rest code) are shown escaped, as `\n`. Text from a target (a class name) is data, never code.
    static func comment(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    out += "\\\(scalar.value)"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A number as Lua reads it back: integers without `.0`.
    static func number(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
