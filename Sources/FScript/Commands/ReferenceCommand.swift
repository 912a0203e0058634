import ArgumentParser
import JSON

/// `fscript reference settings`: the run settings as JSON, read from their one declaration (`RunSetting.all`),
/// for `scripts/gen-reference`, which writes `docs/reference/settings.md` from it.
///
/// The settings' flags are parsed beside ArgumentParser (see `RunSettingFlags`), so its `--experimental-dump-help`
/// does not list them; this command is how the generated reference sees the same list the parser, the project
/// file and the workers use. Hidden: it is for the documentation's generator, not for users.
struct ReferenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reference",
        abstract: "Print the run settings' declarations as JSON (for scripts/gen-reference).",
        shouldDisplay: false
    )

    @Argument(help: ArgumentHelp("What to print: settings.", valueName: "what"))
    var what: String

    func validate() throws {
        guard what == "settings" else {
            throw ValidationError("fscript reference prints 'settings', got '\(what)'")
        }
    }

    func run() throws {
        print(Self.settings().jsonString(indent: "  "))
    }

    /// One object per setting, in declaration order, plus the project file's own keys.
    static func settings(_ declarations: [RunSetting] = RunSetting.all) -> JSONValue {
        let rows: [JSONValue] = declarations.map { setting in
            var row: [String: JSONValue] = [
                "key": .string(setting.key),
                "flag": .string(setting.flag),
                "value": setting.isToggle ? .null : .string("<\(setting.valueName)>"),
                "accepts": .string(setting.requirement),
                "help": .string(setting.help),
                "lua": .bool(setting.reachesLua),
            ]
            row["default"] = setting.defaultValue.map { .string($0.description) } ?? .null
            row["environment"] = setting.environment.map { .string($0) } ?? .null
            return .object(row)
        }
        return .object([
            "settings": .array(rows),
            "projectKeys": .array(ProjectFile.ownKeys.map { .string($0) }),
        ])
    }
}
