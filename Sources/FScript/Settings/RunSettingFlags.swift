import JSON

/// The run settings' flags, read from a command line before ArgumentParser sees it.
///
/// ArgumentParser declares options as property wrappers, one stored property each, so it cannot take a list of
/// declarations. The settings' flags are therefore taken out of the command line here (from the declarations,
/// `--timeout 5` or `--timeout=5`), ArgumentParser parses what is left (the modes, `--target`, files), and
/// `helpSection` puts the settings into `fscript help run` in ArgumentParser's own layout.
enum RunSettingFlags {
    /// The declared settings' flags in `arguments` as a layer, and the other words, in order, for ArgumentParser.
    /// Reading stops at `--`: what follows belongs to the scripts.
    static func extract(
        _ arguments: [String], declarations: [RunSetting] = RunSetting.all
    ) throws(RunSettingError) -> (layer: RunSettingValues, rest: [String]) {
        var layer = RunSettingValues()
        var rest: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if word == "--" {
                rest += arguments[(index - 1)...]
                break
            }
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            guard word.hasPrefix("--"), let setting = declarations.first(where: { $0.flag == name }) else {
                rest.append(word)
                continue
            }
            if setting.isToggle {
                guard name == word else { throw RunSettingError("\(setting.flag) takes no value, got '\(word)'") }
                layer[setting] = try setting.parse("")
                continue
            }
            let text: String
            if name != word {
                text = String(word.dropFirst(name.count + 1))
            } else if index < arguments.endIndex, !looksLikeOption(arguments[index]) {
                text = arguments[index]
                index += 1
            } else {
                throw RunSettingError("missing value for '\(setting.flag) <\(setting.valueName)>'")
            }
            layer[setting] = try setting.parse(text)
        }
        return (layer, rest)
    }

    /// A word ArgumentParser would read as an option, not a value: `-x`, `--x`, but not `-1.5` or `-`.
    private static func looksLikeOption(_ word: String) -> Bool {
        word.count > 1 && word.hasPrefix("-") && Double(word) == nil
    }

    /// The settings as lines of an OPTIONS section, in ArgumentParser's layout: the label in a 26-column
    /// margin (on a line of its own when it is wider), the help wrapped to `width`.
    static func helpSection(declarations: [RunSetting] = RunSetting.all, width: Int = 80) -> [String] {
        let margin = 26
        var lines: [String] = []
        for setting in declarations {
            let label = "  " + setting.flag + (setting.isToggle ? "" : " <\(setting.valueName)>")
            var words = wrap(setting.fullHelp, width: width - margin)
            if label.count + 2 <= margin, let first = words.first {
                lines.append(label.padding(toLength: margin, withPad: " ", startingAt: 0) + first)
                words.removeFirst()
            } else {
                lines.append(label)
            }
            lines += words.map { String(repeating: " ", count: margin) + $0 }
        }
        return lines
    }

    /// `help` with the settings added to the OPTIONS section of the run command's help, after its own options
    /// (before ArgumentParser's `--version` and `-h, --help`).
    static func addingSettings(toHelp help: String) -> String {
        var lines = help.components(separatedBy: "\n")
        guard help.contains("USAGE: fscript run"),
            let helpLine = lines.firstIndex(where: { $0.hasPrefix("  --version") || $0.hasPrefix("  -h, --help") })
        else { return help }
        lines.insert(contentsOf: helpSection(), at: helpLine)
        return lines.joined(separator: "\n")
    }

    /// ArgumentParser's "Unknown option '--timout'" with the nearest settings flag suggested, as ArgumentParser
    /// suggests its own options (it does not know the settings' flags, which it never sees).
    static func addingSuggestion(to message: String, declarations: [RunSetting] = RunSetting.all) -> String {
        let prefix = "Error: Unknown option '"
        guard message.hasPrefix(prefix), let end = message.dropFirst(prefix.count).firstIndex(of: "'"),
            message[end...].hasPrefix("'\n")
        else { return message }
        let word = String(message[message.index(message.startIndex, offsetBy: prefix.count)..<end])
        guard let nearest = EditDistance.nearest(
            to: word, among: declarations.map(\.flag), limit: max(1, word.count / 3))
        else { return message }
        return message.replacingCharacters(in: end...end, with: "'. Did you mean '\(nearest)'?")
    }

    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
