#if canImport(Glibc)
import Glibc
#endif
import Frankly
import LuaJSON
import LuaKit
import WebTarget

/// The `frank` Lua module and the preset global `app`: `frank.connect(url)`, `frank.launch{app=, env=}` and
/// `frank.null`.
///
/// With a target URL (`--target`, `FSCRIPT_TARGET`) `app` drives that server; without one it drives the
/// embedded simulator, which starts on the first request, not here, so registering costs microseconds. The
/// module object lives as long as the Lua state: the registered closures hold it.
final class FrankModule {
    /// The embedded simulator, when the session has no target URL.
    let embedded: EmbeddedTarget?
    /// The target the preset `app` drives.
    let preset: AppObject
    /// How the preset target is launched and reset.
    let lifecycle: TargetLifecycle
    /// The web target, with `--web URL` or `--target webdriver:URL`.
    private(set) var web: WebTargetHost?

    /// The prefix of a `--target` that names a WebDriver server rather than a Frankly one.
    static let webDriverPrefix = "webdriver:"

    /// The web target the settings ask for, if any: `--web URL` (fscript's own Chromium) or
    /// `--target webdriver:URL` (an existing WebDriver server, whose first page is `--web` when given).
    static func webTarget(target: String?, settings: TargetSettings) -> WebTargetHost? {
        let configuration = WebApp.Configuration(
            url: settings.web ?? "about:blank", environment: settings.environment, backendOrigin: settings.webBackend)
        if let target, target.hasPrefix(webDriverPrefix) {
            return WebTargetHost(
                driver: .remote(String(target.dropFirst(webDriverPrefix.count))), configuration: configuration,
                capabilitiesFile: settings.capabilities)
        }
        guard settings.web != nil, target == nil else { return nil }
        return WebTargetHost(driver: .chromium, configuration: configuration, usesProxy: settings.webProxy)
    }

    /// A module for `target` (nil: the embedded simulator with `appPath`, nil for the demo app).
    init(target: String?, appPath: String?, settings: TargetSettings = TargetSettings()) {
        lifecycle = TargetLifecycle()
        lifecycle.launchCommand = settings.launchCommand.map { LaunchCommand(command: $0) }
        lifecycle.resetExec = settings.resetExec
        lifecycle.environment = settings.environment
        if let web = Self.webTarget(target: target, settings: settings) {
            embedded = nil
            self.web = web
            preset = AppObject(
                connector: TargetConnector(
                    source: .web(web), requestTimeout: settings.requestTimeout, pollInterval: settings.pollInterval))
        } else if let target {
            embedded = nil
            preset = AppObject(
                connector: TargetConnector(
                    source: .remote(target), requestTimeout: settings.requestTimeout,
                    pollInterval: settings.pollInterval))
        } else {
            let embedded = EmbeddedTarget(appPath: appPath, environment: settings.environment)
            self.embedded = embedded
            preset = AppObject(
                connector: TargetConnector(
                    source: .embedded(embedded), requestTimeout: settings.requestTimeout,
                    pollInterval: settings.pollInterval))
        }
    }

    /// Registers `frank`, its classes and the global `app` in `state`.
    @discardableResult
    static func register(
        in state: LuaState, target: String?, appPath: String?, settings: TargetSettings = TargetSettings()
    ) -> FrankModule {
        let module = FrankModule(target: target, appPath: appPath, settings: settings)
        state.register(AppObject.luaClass)
        state.register(QueryObject.luaClass)
        let L = state.L
        LuaJSON.install(on: L)
        let table = state.register(
            module: "frank",
            functions: [
                "connect": { args in try module.connect(args) },
                "launch": { args in try module.launch(args) },
                "reset": { args in try module.reset(args) },
                "launch_pending": { args in args.result(module.lifecycle.isPending) },
                // The web target's page and backend origin, nil on any other target (fscript.backend warns when a
                // page's backend calls cannot reach the scenario's mock).
                "web": { args in
                    guard let web = module.web else { return args.result(LuaValue.nil) }
                    var table = LuaTable()
                    table["page"] = .string(web.configuration.url)
                    if let backend = web.configuration.backendOrigin { table["backend"] = .string(backend) }
                    if web.usesProxy { table["proxy"] = .boolean(true) }
                    return args.result(table)
                },
            ])
        table.push(on: L, state: state)
        LuaJSON.pushNull(on: L)
        LuaState.setField("null", on: L)
        operationsTable.push(on: L, state: state)
        LuaState.setField("operations", on: L)
        LuaState.pop(on: L)
        module.preset.push(on: L, state: state)
        LuaState.setGlobal("app", on: L)
        return module
    }

    /// `frank.connect(url, {reuse = true, timeout = 10})`: an app object for any Frankly server. Nothing is sent
    /// until its first call.
    func connect(_ args: LuaArgs) throws -> LuaReturn {
        let url = try args.string(1, expected: "URL string")
        guard url.lowercased().hasPrefix("http://"), url.count > "http://".count else {
            throw args.badArgument(1, "an http:// URL expected, got '\(url)'")
        }
        let options = try args.options(2)
        var reuse = true
        switch options["reuse"] {
        case .nil: break
        case .boolean(let flag): reuse = flag
        case let other: throw args.badArgument(2, "reuse must be a boolean, got \(other.luaShown)")
        }
        let timeout = try args.timeout(in: options, at: 2, default: FranklyClient.defaultTimeout)
        let connector = TargetConnector(source: .remote(url), reuseConnections: reuse, requestTimeout: timeout)
        return args.result(AppObject(connector: connector))
    }

    /// `frank.launch{app = FILE, env = {…}, screen = NAME, keep_env = true, lazy = false}`: relaunches the app
    /// with a fresh state (the embedded simulator with `app` when given), showing screen `NAME` of the app file
    /// directly when given, sets the global `app` to it, and returns it. The launch environment is the run's, the
    /// scenario's so far (a mock backend's `BACKEND_URL`) and `env` on top; `keep_env = false` drops the scenario's.
    /// `lazy = true` puts the relaunch off until the app's first use.
    func launch(_ args: LuaArgs) throws -> LuaReturn {
        let options = try args.options(1)
        try Self.checkKeys(options, of: args, known: ["app", "env", "screen", "keep_env", "lazy"])
        var appPath: String?
        switch options["app"] {
        case .nil: break
        case .string(let path): appPath = Self.resolve(path, besideCallerOf: args)
        case let other: throw args.badArgument(1, "app must be a file path, got \(other.luaShown)")
        }
        var environment: [String: String] = [:]
        switch options["env"] {
        case .nil: break
        case .table(let table) where table.array.isEmpty:
            for (key, value) in table.fields {
                guard let name = key.stringValue else {
                    throw args.badArgument(1, "env keys must be strings, got \(key.luaShown)")
                }
                switch value {
                case .string(let text): environment[name] = text
                case .integer, .number, .boolean: environment[name] = value.description
                default: throw args.badArgument(1, "env.\(name) must be a string, got \(value.luaShown)")
                }
            }
        case let other:
            throw args.badArgument(1, "env must be a table of strings, got \(other.luaShown)")
        }
        var screen: String?
        switch options["screen"] {
        case .nil: break
        case .string(let name) where !name.isEmpty: screen = name
        case let other: throw args.badArgument(1, "screen must be the name of a screen in the app file, got \(other.luaShown)")
        }
        if try !Self.flag(options, "keep_env", of: args, default: true) {
            lifecycle.clearScenarioEnvironment()
        }
        let lazy = try Self.flag(options, "lazy", of: args, default: false)
        try lifecycle.launch(
            preset, embedded: embedded, appPath: appPath, environment: environment, screen: screen, lazy: lazy)
        preset.push(on: args.L, state: args.state)
        LuaState.setGlobal("app", on: args.L)
        return args.result(preset)
    }

    /// Refuses an option table key that is not one of `known`, naming the nearest.
    private static func checkKeys(_ options: LuaTable, of args: LuaArgs, known: [String]) throws {
        for key in options.fields.keys {
            guard let name = key.stringValue, known.contains(name) else {
                throw args.badArgument(
                    1, "unknown option \(key.luaShown); the options are \(known.joined(separator: ", "))")
            }
        }
    }

    /// A boolean option, `fallback` when absent.
    private static func flag(_ options: LuaTable, _ name: String, of args: LuaArgs, default fallback: Bool) throws
        -> Bool
    {
        switch options[name] {
        case .nil: return fallback
        case .boolean(let value): return value
        case let other: throw args.badArgument(1, "\(name) must be a boolean, got \(other.luaShown)")
        }
    }

    /// A relative app file path as the script means it: beside the script that names it (`frank.launch{app =
    /// "apps/todo.lua"}` in `tests/todo_test.lua` is `tests/apps/todo.lua`), else as given (from the current
    /// folder), so a suite runs the same from any folder.
    static func resolve(_ path: String, besideCallerOf args: LuaArgs) -> String {
        guard !path.hasPrefix("/"), !path.hasPrefix("~"),
            let source = args.state.runningSource(level: 1), source.hasPrefix("@")
        else { return path }
        let script = String(source.dropFirst())
        guard let slash = script.lastIndex(of: "/") else { return path }
        let candidate = String(script[...slash]) + path
        return access(candidate, R_OK) == 0 ? candidate : path
    }

    /// `frank.reset{keep_env = false, lazy = false}`: a freshly launched app, as the run launched it (the runner
    /// calls it with `lazy` before every scenario unless told not to, so the launch happens when the scenario
    /// first uses the app). `keep_env` keeps what the scenario added to the launch environment. Returns true, or
    /// false and the reason when the target cannot be reset.
    func reset(_ args: LuaArgs) throws -> LuaReturn {
        let options = try args.options(1)
        try Self.checkKeys(options, of: args, known: ["keep_env", "lazy"])
        let keep = try Self.flag(options, "keep_env", of: args, default: false)
        let lazy = try Self.flag(options, "lazy", of: args, default: false)
        if let reason = try lifecycle.reset(preset, embedded: embedded, keepEnvironment: keep, lazy: lazy) {
            return args.results([.boolean(false), .string(reason)])
        }
        return args.result(true)
    }
}

/// The target settings of a run: flags (`--launch`, `--reset-exec`, `--env`, `--request-timeout`,
/// `--poll-interval`) or the project file.
struct TargetSettings: Equatable {
    var launchCommand: String?
    var resetExec: String?
    var environment: [String: String] = [:]
    var requestTimeout: Double
    var pollInterval: Double
    /// `--web URL`: the page the web target opens.
    var web: String?
    /// `--web-backend ORIGIN`: the page's backend, answered by the scenario's mock.
    var webBackend: String?
    /// `--capabilities FILE`: the W3C capabilities of a `webdriver:` target's sessions.
    var capabilities: String?
    /// `--web-proxy`: fscript's Chromium goes through the run's browser proxy to the scenario's mock.
    var webProxy = false

    /// The target's part of the merged run settings; with none, the declarations' defaults (`RunSettings.swift`).
    init(_ settings: RunSettingValues = RunSettingValues(), environment: [String: String] = [:]) {
        launchCommand = settings.text(.launch)
        resetExec = settings.text(.resetExec)
        self.environment = environment
        requestTimeout = settings.defaultedSeconds(.requestTimeout)
        pollInterval = settings.defaultedSeconds(.pollInterval)
        web = settings.text(.web)
        webBackend = settings.text(.webBackend)
        capabilities = settings.text(.capabilities)
        webProxy = settings.flag(.webProxy)
    }
}
