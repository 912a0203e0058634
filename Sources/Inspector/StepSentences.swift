import Foundation

/// The step catalog's sentences for the actions the inspector records, as `fscript.catalog.frank` defines them in
/// its `sentences` table (`touch_button` is `I touch the button marked {string}`).
///
/// The inspector never spells a step: it gets this table from the Lua session when it starts, so rewording a step
/// in `steps/frank.lua` changes what it records, and a recording always reads back as the catalog's own step.
public struct StepSentences: Sendable, Equatable {
    /// The ids the inspector uses, the keys of the Lua table.
    public enum ID: String, Sendable, CaseIterable {
        case touchView = "touch_view"
        case touchButton = "touch_button"
        case touchCell = "touch_cell"
        case typeIntoField = "type_into_field"
        case flipSwitchOn = "flip_switch_on"
        case flipSwitchOff = "flip_switch_off"
        case navigateBack = "navigate_back"
        case shouldSee = "should_see"
    }

    /// The sentence templates by id, `{string}` where an argument goes.
    public let templates: [String: String]

    /// The sentences the catalog defines; ids the inspector does not use are kept and ignored.
    public init(_ templates: [String: String]) {
        self.templates = templates
    }

    /// The sentence `id` with its `{string}` placeholders replaced, in order, by `arguments` (each already in the
    /// quotes a `{string}` reads); nil when the catalog has no such sentence or it takes another number of them,
    /// so the caller falls back to an `app:` call rather than record a step that would not run.
    public func sentence(_ id: ID, _ arguments: [String] = []) -> String? {
        guard let template = templates[id.rawValue] else { return nil }
        let parts = template.components(separatedBy: "{string}")
        guard parts.count == arguments.count + 1 else { return nil }
        var sentence = parts[0]
        for (argument, part) in zip(arguments, parts.dropFirst()) {
            sentence += argument + part
        }
        return sentence
    }
}
