import Foundation
import JSON
import LuaJSON
import LuaKit

/// One run setting, declared once: its flag, its project-file key (also its field in the Lua options table), its
/// kind and range, its default, and its help text.
///
/// Everything else about a setting is derived from this declaration by `RunSettingValues` and
/// `RunSettingFlags`: parsing the flag, reading the project key, the worker's command line and the table the Lua
/// runner gets. Adding a setting is one entry in `RunSetting.all` plus the code that uses it.
struct RunSetting: Sendable {
    /// What values a setting takes.
    enum Kind: Equatable, Sendable {
        /// A `Seconds` value up to the given limit.
        case seconds(atMost: Double)
        /// A non-empty string.
        case text
        /// A non-empty path; in the project file it is relative to the file's folder.
        case path
        /// A boolean: the flag takes no value and sets `value`; the project key takes `true` or `false`.
        case toggle(setting: Bool)
        /// A whole number from 0 up to the given limit (`--retry 2`).
        case count(atMost: Int)
        /// One of a few words (`--trace on|off|retain-on-failure`), checked where it enters.
        case choice([String])
    }

    /// The project-file key and the Lua field, snake_case: `request_timeout`.
    let key: String
    /// The command-line flag: `--request-timeout` (for a toggle, the flag that sets it: `--no-reset`).
    let flag: String
    let kind: Kind
    /// What the help shows after the flag: `<seconds>`.
    let valueName: String
    let help: String
    /// The value when no layer sets it; nil leaves the choice to the code that uses it (or the Lua runner).
    let defaultValue: SettingValue?
    /// The environment variable that sets it between the project file and the flags, if any.
    let environment: String?
    /// Whether the Lua runner reads it from its options table (the others are the host's alone).
    let reachesLua: Bool

    init(
        _ key: String, flag: String? = nil, _ kind: Kind, valueName: String = "value", help: String,
        default defaultValue: SettingValue? = nil, environment: String? = nil, reachesLua: Bool = false
    ) {
        self.key = key
        self.flag = flag ?? "--" + key.replacingOccurrences(of: "_", with: "-")
        self.kind = kind
        self.valueName = valueName
        self.help = help
        self.defaultValue = defaultValue
        self.environment = environment
        self.reachesLua = reachesLua
    }

    /// What the setting accepts, to finish "--timeout must be …" or "timeout must be …".
    var requirement: String {
        switch kind {
        case .seconds(let limit): SecondsError(limit: limit).requirement
        case .text, .path: "a non-empty string"
        case .toggle: "true or false"
        case .count(let limit): "a whole number from 0 to \(limit)"
        case .choice(let words): "one of " + words.joined(separator: ", ")
        }
    }

    var isToggle: Bool {
        if case .toggle = kind { return true }
        return false
    }

    /// The help line: the text, then the default and the other places that set it.
    var fullHelp: String {
        var notes: [String] = []
        // A toggle's flag says which way it goes, so its default would only confuse.
        if let defaultValue, !isToggle { notes.append("default \(defaultValue)") }
        notes.append("project key \(key)")
        if let environment { notes.append("$\(environment)") }
        return help + " (" + notes.joined(separator: "; ") + ")"
    }

    /// Reads the text of a flag or an environment variable; toggles take none (`parse` is not called for them).
    func parse(_ text: String) throws(RunSettingError) -> SettingValue {
        switch kind {
        case .seconds(let limit):
            guard let number = Double(text) else { throw RunSettingError("\(flag) must be \(requirement), got '\(text)'") }
            do { return .seconds(try Seconds(number, atMost: limit)) } catch {
                throw RunSettingError("\(flag) must be \(requirement), got \(number)")
            }
        case .text, .path:
            guard !text.isEmpty else { throw RunSettingError("\(flag) must be \(requirement), got ''") }
            return .text(text)
        case .toggle(let value):
            return .boolean(value)
        case .count(let limit):
            guard let number = Int(text), (0...limit).contains(number) else {
                throw RunSettingError("\(flag) must be \(requirement), got '\(text)'")
            }
            return .count(number)
        case .choice(let words):
            guard words.contains(text) else { throw RunSettingError("\(flag) must be \(requirement), got '\(text)'") }
            return .text(text)
        }
    }

    /// Reads the project file's field, nil when it is not set; `folder` anchors a relative path. The error
    /// names the key and what it accepts.
    func read(from fields: FieldReader<LuaTable>, folder: String) throws(FieldError) -> SettingValue? {
        try fields.checked(key, mustBe: requirement) { value in
            switch kind {
            case .seconds(let limit):
                return value.doubleValue.flatMap { try? Seconds($0, atMost: limit) }.map(SettingValue.seconds)
            case .text, .path:
                guard let text = value.stringValue, !text.isEmpty else { return nil }
                // A URL is no path: `web = "http://…"` stays as written, `web = "dist"` is beside the project file.
                guard kind == .path, !text.hasPrefix("/"), !text.contains("://") else { return .text(text) }
                return .text(folder.isEmpty ? text : ((folder + "/" + text) as NSString).standardizingPath)
            case .toggle:
                guard case .boolean(let flag) = value else { return nil }
                return .boolean(flag)
            case .count(let limit):
                guard let number = value.doubleValue, number.rounded() == number, number >= 0, number <= Double(limit)
                else { return nil }
                return .count(Int(number))
            case .choice(let words):
                guard let text = value.stringValue, words.contains(text) else { return nil }
                return .text(text)
            }
        }
    }
}

/// A run setting's value, whichever layer gave it.
enum SettingValue: Equatable, Sendable, CustomStringConvertible {
    case seconds(Seconds)
    case text(String)
    case boolean(Bool)
    case count(Int)

    var description: String {
        switch self {
        case .seconds(let seconds): seconds.description
        case .text(let text): text
        case .boolean(let flag): String(flag)
        case .count(let number): String(number)
        }
    }

    /// The value in the Lua options table.
    var lua: LuaValue {
        switch self {
        case .seconds(let seconds): .number(seconds.value)
        case .text(let text): .string(text)
        case .boolean(let flag): .boolean(flag)
        case .count(let number): .number(Double(number))
        }
    }
}

/// A setting's value that its declaration refuses; the message names the flag, file and key, or variable.
struct RunSettingError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
