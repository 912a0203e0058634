import ArgumentParser
import Foundation

/// `fscript init [DIR]`: sets up a suite in an app repo, the way a new user's first minutes should go.
///
/// It writes the project file (every setting, commented, with its default), a first test against the demo app
/// that passes as it is, `.luarc.json` pointing lua-language-server at fscript's annotations, and a
/// `.luacheckrc` that knows fscript's globals. It never overwrites: when any of those files exists it names them
/// and changes nothing.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Set up a test suite in DIR (default: the current folder): project file, a first test, editor files.",
        discussion: """
            Writes fscript.project.lua, tests/first_test.lua, .luarc.json and .luacheckrc; refuses to overwrite any \
            of them. Then run the suite with 'fscript tests/'.
            """
    )

    @Argument(help: ArgumentHelp("The folder to set up; created when missing.", valueName: "dir"))
    var directory = "."

    /// The files, by path relative to the folder, and their text.
    func files(stdlib: String) -> [(path: String, text: String)] {
        [
            ("fscript.project.lua", Self.projectFile),
            ("tests/first_test.lua", Self.firstTest),
            (".luarc.json", Self.luarc(stdlib: stdlib)),
            (".luacheckrc", Self.luacheckrc),
        ]
    }

    func run() throws {
        let manager = FileManager.default
        let root = URL(fileURLWithPath: directory)
        let stdlib = Self.relative(StdlibLocator.locate() ?? "stdlib", from: root)
        let planned = files(stdlib: stdlib)
        let existing = planned.map(\.path).filter { manager.fileExists(atPath: root.appendingPathComponent($0).path) }
        guard existing.isEmpty else {
            writeError(
                "fscript init: \(existing.joined(separator: ", ")) already exist\(existing.count == 1 ? "s" : "") "
                    + "in \(directory); nothing was changed (move them away, or set up another folder)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        // How paths print: `tests/first_test.lua` here, `suite/tests/first_test.lua` for `fscript init suite`.
        let shown = directory == "." ? "" : (directory.hasSuffix("/") ? directory : directory + "/")
        for file in planned {
            let url = root.appendingPathComponent(file.path)
            // Each file whole or not at all (`FileSystem.writeFile`): a full disk leaves no cut project file.
            var problem: String?
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                problem = FileSystem.writeFile(url.path, Array(file.text.utf8))
            } catch {
                problem = error.localizedDescription
            }
            if let problem {
                writeError("fscript init: cannot write in \(directory): \(problem)\n")
                throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
            }
            print("created \(shown)\(file.path)")
        }
        print("next: fscript \(shown)tests/")
    }

    /// `path` relative to the folder `base` (`../fscript/stdlib`), so `.luarc.json` stays right for everyone who
    /// checks the suite out beside fscript, not only on the machine that ran `init`.
    static func relative(_ path: String, from base: URL) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().pathComponents
        let from = base.standardizedFileURL.resolvingSymlinksInPath().pathComponents
        var common = 0
        while common < min(target.count, from.count) && target[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    static let projectFile = """
        -- fscript.project.lua: the settings of this suite, found by fscript upward from the tests it runs.
        -- Every key is optional; a flag on the command line wins over the file; paths are relative to this file.
        return {
          -- What to drive: nothing here runs the embedded simulator with the bundled demo app.
          -- app = "apps/my_app.lua",                 -- your app described in Lua (--app)
          -- target = "http://127.0.0.1:37265",       -- a real app's Frank server (--target)
          -- launch = "scripts/launch_app.sh",        -- how to relaunch a real app before each scenario (--launch)
          -- env = { BACKEND_URL = "http://127.0.0.1:8080" },   -- the app's launch environment (--env)

          timeout = 60,            -- seconds a scenario may take (--timeout)
          wait = 2,                -- seconds a step waits for the app
          validation = 2,          -- seconds an assertion step keeps retrying
          -- reset = false,        -- let scenarios share the app (--no-reset)
          -- tags = "not @wip",    -- which scenarios run (--tags)
          -- reports = { "junit:out/junit.xml" },     -- report files (--report)
        }

        """

    static let firstTest = """
        -- tests/first_test.lua: a first test against the bundled demo app. Run it with: fscript tests/
        -- `fscript steps` lists the steps; fscript's guide (docs/02-writing-tests-in-lua.md) says what `app` can do.

        scenario("the login screen asks for a user name and a password", function()
          Then 'I should see "User name"'
          And 'I should see "Password"'
        end)

        scenario("typing into a field shows the text", function()
          When 'I type "alice" into the "User name" text field'
          Then 'I should see "alice"'
        end)

        """

    static func luarc(stdlib: String) -> String {
        """
        {
          "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
          "runtime.version": "Lua 5.4",
          "workspace.library": ["\(stdlib)/meta", "\(stdlib)"],
          "diagnostics.globals": ["Given", "When", "Then", "And", "But", "step", "parameter_type", "scenario", "before", "after", "screen", "this_file", "this_scenario", "Before", "After", "BeforeAll", "AfterAll", "BeforeStep", "AfterStep", "pending", "skip", "attach", "log", "link", "world", "eventually"]
        }

        """
    }

    static let luacheckrc = """
        -- luacheck configuration for an fscript suite: the globals fscript provides.
        std = "lua54"
        read_globals = { "frank", "mock", "app", "fscript", "json" }
        globals = { "Given", "When", "Then", "And", "But", "step", "parameter_type", "scenario", "before", "after", "screen", "this_file", "this_scenario", "Before", "After", "BeforeAll", "AfterAll", "BeforeStep", "AfterStep", "pending", "skip", "attach", "log", "link", "world", "eventually" }
        -- App files described for the simulator (--app, `app =` above) build their views with these constructors.
        files["**/apps/**/*.lua"] = {
          read_globals = { "json", "view", "label", "button", "text_field", "switch", "slider", "table_view", "cell",
            "spinner", "image", "progress", "scroll_view", "segmented", "screen" },
        }

        """
}
