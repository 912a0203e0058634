import CLua
import LuaKit
import LuaShim

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

    /// A module for `target` (nil: the embedded simulator with `appPath`, nil for the demo app).
    init(target: String?, appPath: String?) {
        if let target {
            embedded = nil
            preset = AppObject(connector: TargetConnector(source: .remote(target)))
        } else {
            let embedded = EmbeddedTarget(appPath: appPath)
            self.embedded = embedded
            preset = AppObject(connector: TargetConnector(source: .embedded(embedded)))
        }
    }

    /// Registers `frank`, its classes and the global `app` in `state`.
    static func register(in state: LuaState, target: String?, appPath: String?) {
        let module = FrankModule(target: target, appPath: appPath)
        state.register(AppObject.luaClass)
        state.register(QueryObject.luaClass)
        let L = state.L
        LuaJSON.installNull(on: L)
        let table = state.register(
            module: "frank",
            functions: [
                "connect": { args in try module.connect(args) },
                "launch": { args in try module.launch(args) },
            ])
        table.push(on: L, state: state)
        LuaJSON.pushNull(on: L)
        lua_setfield(L, -2, "null")
        ls_pop(L, 1)
        module.preset.push(on: L, state: state)
        lua_setglobal(L, "app")
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
        let timeout = try args.timeout(in: options, at: 2, default: 10)
        let connector = TargetConnector(source: .remote(url), reuseConnections: reuse, requestTimeout: timeout)
        return args.result(AppObject(connector: connector))
    }

    /// `frank.launch{app = FILE, env = {…}}`: relaunches the embedded simulator with a fresh app state and this
    /// launch environment (and `app`, when given), sets the global `app` to it, and returns it.
    func launch(_ args: LuaArgs) throws -> LuaReturn {
        let options = try args.options(1)
        guard let embedded else {
            throw FrankError(
                "frank.launch: the target is \(preset.displayURL) (--target); only the embedded simulator can be "
                    + "launched from a script")
        }
        var appPath: String?
        switch options["app"] {
        case .nil: break
        case .string(let path): appPath = path
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
        try embedded.relaunch(appPath: appPath, environment: environment)
        preset.hasIdleEndpoint = nil
        preset.push(on: args.L, state: args.state)
        lua_setglobal(args.L, "app")
        return args.result(preset)
    }
}
