import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension InspectCommand {
    /// The target, app, web page and environment `fscript inspect` uses: its flags over `FSCRIPT_TARGET` over the
    /// project file of the folder it starts in, merged by `RunArguments.apply` as the REPL's are, so `fscript
    /// inspect` beside a `fscript.project.lua` naming `app = "apps/food.lua"` shows that app, not the demo app.
    ///
    /// `--record-backend` launches the simulator against its recording mock, so a file's (or the environment's)
    /// target does not apply then; a `--target` or `--app` flag puts the file's `web` page aside, as it does its
    /// app or target.
    func projectArguments() throws -> RunArguments {
        var arguments = RunArguments()
        arguments.target = target
        arguments.app = app
        arguments.environment = try RunCommand.environment(env)
        let project = try ProjectFile.inCurrentFolder().map { try ProjectFile.load($0) } ?? ProjectFile(path: "")
        let variables = try RunSettingValues.environment { getenv($0).map { String(cString: $0) } }
        let launchesSimulator = recordBackend != nil
        arguments.apply(
            project, environment: variables,
            environmentTarget: launchesSimulator ? nil : TargetOptions.environmentTarget())
        if launchesSimulator {
            arguments.target = nil
            arguments.app = app ?? project.app
        }
        if target != nil || app != nil || launchesSimulator { arguments.settings[RunSetting.web] = nil }
        return arguments
    }

    /// How the first line names what is inspected: the target's URL, the web page, or the app file (relative to
    /// the current folder when it is inside it, as the user wrote it in the project file), so a wrong project file
    /// shows at once.
    static func describe(target: String?, app: String?, web: String?) -> String {
        if let target { return target }
        if let web { return "the web page \(shown(web)) in headless Chromium" }
        guard let app else { return "the demo app in the embedded simulator" }
        return shown(app) + " in the embedded simulator"
    }

    /// `path` relative to the current folder when it is inside it: the project file makes its paths absolute.
    private static func shown(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }
}
