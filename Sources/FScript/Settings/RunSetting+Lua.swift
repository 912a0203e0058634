import Platform

/// The run settings as Lua sees them: the checks table in `stdlib/fscript/run/settings.lua` and the field types of the
/// `fscript.RunOptions` annotation, both derived from the declarations.
///
/// The Lua runner can be called without the host (`runner.run{…}` in a spec), so it keeps checks of its own; they
/// come from this rendering, which `RunSettingsTests` compares with the checked-in file, rather than from a
/// second list of ranges.
extension RunSetting {
    /// The type the Lua check and the annotation give the setting: `seconds` checks a range; `path` also takes
    /// false (a Lua caller turns artifacts off with it).
    var luaType: String {
        switch kind {
        case .seconds: "seconds"
        case .text: "string"
        case .path: "path"
        case .toggle: "boolean"
        case .count: "count"
        case .choice: "choice"
        }
    }

    /// The LuaLS type of the setting's field in `fscript.RunOptions`.
    var annotationType: String {
        switch kind {
        case .seconds: "number"
        case .text: "string"
        case .path: "string|false"
        case .toggle: "boolean"
        case .count: "integer"
        case .choice(let words): words.map { "\"\($0)\"" }.joined(separator: "|")
        }
    }

    /// One entry of `settings.lua`'s `M.declared`.
    var luaEntry: String {
        var entry = "  { key = \"\(key)\", flag = \"\(flag)\", type = \"\(luaType)\""
        if case .seconds(let limit) = kind { entry += ", max = \(CheckedNumber.format(limit))" }
        if case .count(let limit) = kind { entry += ", max = \(limit)" }
        if case .seconds(let seconds)? = defaultValue { entry += ", default = \(CheckedNumber.format(seconds.value))" }
        if case .choice(let words) = kind {
            entry += ", choices = { " + words.map { "\"\($0)\"" }.joined(separator: ", ") + " }"
        }
        return entry + " },"
    }

    /// The generated block of `stdlib/fscript/run/settings.lua`, between its BEGIN and END lines.
    static func luaDeclarations(_ declarations: [RunSetting] = all) -> String {
        (["M.declared = {"] + declarations.filter(\.reachesLua).map(\.luaEntry) + ["}"]).joined(separator: "\n")
    }
}
