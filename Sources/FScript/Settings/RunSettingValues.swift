import LuaKit

/// The values a layer of configuration gives the run settings, keyed by the settings' declarations.
///
/// A run reads four layers, each over the one before: the declarations' defaults, the project file, the
/// environment, the flags. Each layer is one of these (defaults excepted: `effective` falls back to them), so a
/// setting is merged the same way whatever it is, and the worker of a parallel run gets the merged layer back as
/// flags, every setting the parent had.
struct RunSettingValues: Equatable, Sendable {
    /// The values this layer sets, by the declaration's key.
    private(set) var values: [String: SettingValue] = [:]

    init() {}

    /// The value this layer sets, without defaults.
    subscript(setting: RunSetting) -> SettingValue? {
        get { values[setting.key] }
        set { values[setting.key] = newValue }
    }

    /// The value the run uses: this layer's, else the declaration's default.
    func effective(_ setting: RunSetting) -> SettingValue? { values[setting.key] ?? setting.defaultValue }

    /// The effective number of seconds, for a seconds setting.
    func seconds(_ setting: RunSetting) -> Double? {
        guard case .seconds(let seconds)? = effective(setting) else { return nil }
        return seconds.value
    }

    /// The effective number of seconds of a setting whose declaration has a default, so there always is one.
    func defaultedSeconds(_ setting: RunSetting) -> Double {
        guard let seconds = seconds(setting) else { preconditionFailure("\(setting.key) is declared without a default") }
        return seconds
    }

    /// The effective string, for a text or path setting.
    func text(_ setting: RunSetting) -> String? {
        guard case .text(let text)? = effective(setting) else { return nil }
        return text
    }

    /// The effective boolean, for a toggle.
    func flag(_ setting: RunSetting) -> Bool {
        guard case .boolean(let flag)? = effective(setting) else { return false }
        return flag
    }

    /// This layer with `upper`'s values over its own: flags over the environment over the project file.
    func overlaid(by upper: RunSettingValues) -> RunSettingValues {
        var merged = self
        merged.values.merge(upper.values) { $1 }
        return merged
    }

    /// The environment layer: each declared variable that is set and not empty (an empty one is treated as
    /// unset, as `FSCRIPT_TARGET` is).
    static func environment(
        _ lookup: (String) -> String?, declarations: [RunSetting] = RunSetting.all
    ) throws(RunSettingError) -> RunSettingValues {
        var layer = RunSettingValues()
        for setting in declarations {
            guard let name = setting.environment, let text = lookup(name), !text.isEmpty else { continue }
            do {
                layer[setting] = try setting.parse(text)
            } catch {
                throw RunSettingError("$\(name): " + error.description.replacingOccurrences(of: setting.flag, with: name))
            }
        }
        return layer
    }

    /// The flags that give a process this layer, in declaration order: what a worker's command line carries.
    func arguments(declarations: [RunSetting] = RunSetting.all) -> [String] {
        var list: [String] = []
        for setting in declarations {
            guard let value = self[setting] else { continue }
            switch (setting.kind, value) {
            case (.toggle(let flagSets), .boolean(let flag)):
                // Only one direction has a flag; the other is the default or the project file's, which the worker
                // reads too.
                if flag == flagSets { list.append(setting.flag) }
            default:
                list += [setting.flag, value.description]
            }
        }
        return list
    }

    /// The effective values of the settings the Lua runner reads, by key: the fields of its options table.
    func luaFields(declarations: [RunSetting] = RunSetting.all) -> [String: LuaValue] {
        var fields: [String: LuaValue] = [:]
        for setting in declarations where setting.reachesLua {
            if let value = effective(setting) { fields[setting.key] = value.lua }
        }
        return fields
    }
}
