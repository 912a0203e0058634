import Foundation
import LuaKit
import Testing

@testable import FScript

/// The run settings are declared once (`RunSetting.all`); everything else is derived from that list. These tests
/// check the derivations, and that the Lua side (the generated checks, the `fscript.RunOptions` annotation) agrees.
@Suite struct RunSettingsTests {
    /// The checkout's root, where `stdlib/` is.
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A setting that exists only in this test, declared the way `RunSettings.swift` declares the real ones.
    private let throwaway = RunSetting(
        "throwaway_limit", .seconds(atMost: 5), valueName: "seconds", help: "A setting for this test only.",
        reachesLua: true)
    private var declarations: [RunSetting] { RunSetting.all + [throwaway] }

    @Test func oneDeclarationIsAFlagAProjectKeyAWorkerArgumentAndALuaField() throws {
        let (flags, rest) = try RunSettingFlags.extract(["--throwaway-limit", "2", "a.lua"], declarations: declarations)
        #expect(flags[throwaway] == .seconds(try Seconds(2)))
        #expect(rest == ["a.lua"])
        let help = RunSettingFlags.helpSection(declarations: declarations).joined(separator: "\n")
        let margin = String(repeating: " ", count: 26)
        #expect(help.hasSuffix("  --throwaway-limit <seconds>\n\(margin)A setting for this test only. (project key\n"
            + "\(margin)throwaway_limit)"))

        let folder = try temporaryDirectory()
        let path = folder + "/fscript.project.lua"
        try "return { throwaway_limit = 3 }".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try ProjectFile.load(path, declarations: declarations).settings[throwaway] == .seconds(try Seconds(3)))
        try "return { throwaway_limit = 6 }".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ProjectFileError.self) { try ProjectFile.load(path, declarations: declarations) }
        try "return { throwaway_limti = 3 }".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(performing: { try ProjectFile.load(path, declarations: declarations) }, throws: {
            "\($0)".hasPrefix("\(path): unknown setting 'throwaway_limti'; did you mean 'throwaway_limit'?")
        })

        #expect(flags.arguments(declarations: declarations) == ["--throwaway-limit", "2"])
        #expect(flags.luaFields(declarations: declarations)["throwaway_limit"] == .number(2))
        #expect(RunSetting.luaDeclarations(declarations).contains(
            "{ key = \"throwaway_limit\", flag = \"--throwaway-limit\", type = \"seconds\", max = 5 },"))
    }

    /// Every setting the parent of a parallel run has reaches its workers, by construction.
    @Test func aWorkerGetsEverySettingItsParentHad() throws {
        var parent = RunArguments(files: ["a.lua"])
        parent.settings = try everySettingSet()
        let (command, settings) = try FScriptCommand.parse(["--worker"] + parent.workerArguments(target: nil))
        let worker = try #require(command as? RunCommand).runArguments(settings: settings)
        #expect(worker.settings == parent.settings)
    }

    /// A layer that sets every declared setting to a value other than its default.
    private func everySettingSet() throws -> RunSettingValues {
        var layer = RunSettingValues()
        for setting in RunSetting.all {
            switch setting.kind {
            case .seconds: layer[setting] = .seconds(try Seconds(1.5))
            case .text, .path: layer[setting] = .text("value of \(setting.key)")
            case .toggle(let value): layer[setting] = .boolean(value)
            case .count: layer[setting] = .count(2)
            case .choice(let words): layer[setting] = .text(words[words.count - 1])
            }
        }
        return layer
    }

    @Test func flagsOverTheEnvironmentOverTheProjectFile() throws {
        var project = ProjectFile(path: "fscript.project.lua")
        project.settings[.timeout] = .seconds(try Seconds(5))
        project.settings[.tags] = .text("smoke")
        let environment = try RunSettingValues.environment { $0 == "FSCRIPT_TIMEOUT" ? "7" : nil }
        var run = RunArguments()
        run.settings[.tags] = .text("slow")
        run.apply(project, environment: environment)
        #expect(run.settings.seconds(.timeout) == 7)
        #expect(run.settings.text(.tags) == "slow")
        #expect(RunArguments().settings.seconds(.timeout) == 60)
        #expect(throws: RunSettingError("$FSCRIPT_TIMEOUT: FSCRIPT_TIMEOUT must be a number of seconds above 0 "
            + "and at most 86400, got 'soon'")) { try RunSettingValues.environment { _ in "soon" } }
    }

    /// FSCRIPT_TARGET sits between `--target`/`--app` and the project file, as the getting-started page says:
    /// it wins over the file's target, pool and app (the file's target had won, and the console's first line
    /// named the embedded simulator for a run that drove FSCRIPT_TARGET). Addresses only: nothing connects.
    @Test func theEnvironmentsTargetIsBetweenTheFlagsAndTheProjectFile() throws {
        func applied(_ project: ProjectFile, target: String? = nil, app: String? = nil) -> RunArguments {
            var run = RunArguments()
            run.target = target
            run.app = app
            run.apply(project, environmentTarget: "http://192.0.2.2:8080")
            return run
        }
        var file = ProjectFile(path: "fscript.project.lua")
        #expect(applied(file).target == "http://192.0.2.2:8080")
        file.target = "http://192.0.2.1:8080"
        #expect(applied(file).target == "http://192.0.2.2:8080")
        #expect(applied(file, target: "http://192.0.2.3:8080").target == "http://192.0.2.3:8080")
        let simulator = applied(file, app: "apps/mine.lua")
        #expect(simulator.target == nil && simulator.app == "apps/mine.lua")
        file.target = nil
        file.targets = ["http://192.0.2.4:8080", "http://192.0.2.5:8080"]
        file.app = "apps/mine.lua"
        let run = applied(file)
        #expect(run.target == "http://192.0.2.2:8080" && run.pool.isEmpty && run.app == nil)
        #expect(
            RunArguments.describeTarget(run.target, app: run.app, launch: nil, web: "site") == "http://192.0.2.2:8080")
    }

    /// The project file's `web_proxy` goes with its `web`: a run on a Frankly `--target` (or `FSCRIPT_TARGET`)
    /// ignores both, while a `webdriver:` target still refuses it and the `--web-proxy` flag is still checked. The
    /// targets are addresses only (a documentation network, a port outside the one the kernel hands out): nothing
    /// connects to them.
    @Test func theProjectsWebProxyIsIgnoredWithoutAWebTarget() throws {
        var project = ProjectFile(path: "fscript.project.lua")
        project.settings[.web] = .text("site")
        project.settings[.webProxy] = .boolean(true)
        func applied(target: String?, flag: Bool = false, environmentTarget: String? = nil) -> RunArguments {
            var run = RunArguments()
            run.target = target
            if flag { run.settings[.webProxy] = .boolean(true) }
            run.apply(project, environmentTarget: environmentTarget)
            return run
        }
        #expect(!applied(target: "http://192.0.2.10:8080").settings.flag(.webProxy))
        // FSCRIPT_TARGET alone is the run's target as --target is.
        #expect(!applied(target: nil, environmentTarget: "http://192.0.2.10:8080").settings.flag(.webProxy))
        #expect(applied(target: nil, environmentTarget: "webdriver:http://127.0.0.1:4444").settings.flag(.webProxy))
        #expect(applied(target: nil).settings.flag(.webProxy))
        #expect(applied(target: "webdriver:http://127.0.0.1:4444").settings.flag(.webProxy))
        #expect(applied(target: "http://192.0.2.10:8080", flag: true).settings.flag(.webProxy))
        #expect(RunArguments.webProxyProblem(target: nil, web: "site") == nil)
        #expect(
            RunArguments.webProxyProblem(target: "http://192.0.2.10:8080", web: "site")
                == "routes the Chromium of a web target, and --target http://192.0.2.10:8080 is a Frankly app, "
                + "which opens no page (--web is ignored with it): leave out --web-proxy, or --target to run "
                + "--web URL|DIR")
        #expect(
            RunArguments.webProxyProblem(target: nil, web: nil)
                == "routes the Chromium of a web target: give --web URL|DIR too")
        #expect(
            RunArguments.webProxyProblem(target: "webdriver:http://127.0.0.1:4444", web: nil)?
                .hasPrefix("routes the Chromium fscript starts itself (--web without --target); a WebDriver") == true)
    }

    @Test(arguments: [
        (["--timeout", "0"], "--timeout must be a number of seconds above 0 and at most 86400, got 0.0"),
        (["--poll-interval=61"], "--poll-interval must be a number of seconds above 0 and at most 60, got 61.0"),
        (["--wait", "nan"], "--wait must be a number of seconds above 0 and at most 3600, got nan"),
        (["--tags"], "missing value for '--tags <tags>'"),
        (["--strict=yes"], "--strict takes no value, got '--strict=yes'"),
    ])
    func badFlagsAreRefusedWhereTheyEnter(arguments: [String], message: String) {
        #expect(throws: RunSettingError(message)) { try RunSettingFlags.extract(arguments) }
    }

    @Test func aMisspeltSettingsFlagIsSuggested() {
        #expect(RunSettingFlags.addingSuggestion(to: "Error: Unknown option '--timout'\nUsage: fscript run") ==
            "Error: Unknown option '--timout'. Did you mean '--timeout'?\nUsage: fscript run")
        let suggested = "Error: Unknown option '--tragets'. Did you mean '--target'?\nUsage: fscript run"
        #expect(RunSettingFlags.addingSuggestion(to: suggested) == suggested)
    }

    /// Every project-file value goes through the one reader: the error names the file, the field's path (nested
    /// ones too) and what the field takes.
    @Test(arguments: [
        ("return { env = { GREETING = 1 } }", "env.GREETING must be a string, got 1"),
        ("return { targets = {} }", "targets must be a non-empty list of target URLs, got table"),
        ("return { reports = { 'junit:a.xml', 2 } }", "reports must be a list of kind:file strings, got table"),
        ("return { wait = -1 }", "wait must be a number of seconds above 0 and at most 3600, got -1"),
        ("return { reset = 'yes' }", "reset must be true or false, got 'yes'"),
        ("return { trace = 'always' }", "trace must be one of on, off, retain-on-failure, got 'always'"),
    ])
    func projectValuesAreCheckedByPath(source: String, message: String) throws {
        let path = try temporaryDirectory() + "/fscript.project.lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(performing: { try ProjectFile.load(path) }, throws: { "\($0)" == "\(path): \(message)" })
    }

    @Test func flagsAfterTheScriptsArgumentsAreTheScripts() throws {
        let (settings, rest) = try RunSettingFlags.extract(["a.lua", "--", "--timeout", "5"])
        #expect(settings == RunSettingValues())
        #expect(rest == ["a.lua", "--", "--timeout", "5"])
    }

    /// `stdlib/fscript/run/settings.lua` holds the generated block as it is rendered today.
    @Test func theLuaChecksAreGeneratedFromTheDeclarations() throws {
        let text = try String(
            contentsOf: root.appendingPathComponent("stdlib/fscript/run/settings.lua"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let begin = try #require(lines.firstIndex { $0.hasPrefix("-- BEGIN generated") })
        let end = try #require(lines.firstIndex { $0.hasPrefix("-- END generated") })
        #expect(lines[(begin + 1)..<end].joined(separator: "\n") == RunSetting.luaDeclarations(),
            "paste RunSetting.luaDeclarations() into stdlib/fscript/run/settings.lua")
    }

    /// The `fscript.RunOptions` annotation lists each declared Lua setting with its type, and every field the host's
    /// options table can hold; what else it lists is for Lua callers alone.
    @Test func theRunOptionsAnnotationAgreesWithTheDeclarations() throws {
        let fields = try annotatedRunOptions()
        for setting in RunSetting.all where setting.reachesLua {
            #expect(fields[setting.key] == setting.annotationType, "field \(setting.key)")
        }
        let full = ScriptSession.RunOptions(files: ["a.lua"], settings: try everySettingSet(), reports: [],
            color: true, target: "t", app: "app.lua", arguments: [], dryRun: true, shard: try Shard(parsing: "1/2"),
            durations: "d.json", jobs: 2, pool: true)
        let hostFields = Set(full.table.fields.keys.compactMap(\.stringValue))
        let luaCallersOnly: Set<String> = ["out", "err", "env"]
        #expect(hostFields.subtracting(fields.keys).isEmpty)
        #expect(Set(fields.keys).subtracting(hostFields).subtracting(luaCallersOnly).isEmpty)
    }

    /// The `---@field NAME? TYPE` lines of `---@class fscript.RunOptions` in `stdlib/fscript/run/options.lua`.
    private func annotatedRunOptions() throws -> [String: String] {
        let text = try String(
            contentsOf: root.appendingPathComponent("stdlib/fscript/run/options.lua"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "---@class fscript.RunOptions"))
        var fields: [String: String] = [:]
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("---") else { break }
            let words = line.dropFirst(3).split(separator: " ")
            guard words.count >= 3, words[0] == "@field" else { continue }
            let name = words[1].hasSuffix("?") ? words[1].dropLast() : words[1]
            fields[String(name)] = String(words[2])
        }
        return fields
    }
}
