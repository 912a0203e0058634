import Frankly
import JSON
import HTTPCore
import LuaKit
import NIOCore

/// Loads an app file into a running `SimulatedApp`: a fresh Lua VM, the prelude, the file, its description read
/// into specs, and the first screen shown. Runs on the app's event loop, where the VM then lives.
enum AppLoader {
    /// - Throws: `SimulatorError.load` with Lua's `file:line: message` for errors in the file, or the place in the
    ///   description that is wrong.
    static func load(
        source: [UInt8], chunkName: String, environment: [String: String], loop: any EventLoop, httpClient: HTTPClient
    ) throws -> SimulatedApp {
        let (bridge, spec) = try read(source: source, chunkName: chunkName, environment: environment)
        let app = SimulatedApp(spec: spec, environment: environment, loop: loop, httpClient: httpClient)
        app.source = source
        app.chunkName = chunkName
        app.runtime = bridge
        bridge.app = app
        do {
            try app.launch()
        } catch {
            throw SimulatorError.load("\(chunkName): launching failed: \(error)")
        }
        return app
    }

    /// The file run in a fresh VM and its description read into specs, without launching: what `load` checks
    /// before any app code runs, and all `Simulator.check` needs to refuse a broken file.
    ///
    /// - Throws: `SimulatorError.load`, as `load` does.
    static func read(
        source: [UInt8], chunkName: String, environment: [String: String]
    ) throws -> (bridge: LuaBridge, spec: AppSpec) {
        let bridge = LuaBridge(environment: environment)
        let description: LuaValue
        do {
            try bridge.install()
            let chunk = try bridge.lua.load(String(decoding: source, as: UTF8.self), name: "@" + chunkName)
            description = try bridge.watchdog.run { try chunk.call().first ?? .nil }
        } catch let error as LuaError {
            throw SimulatorError.load(error.message + (constructorSuggestion(for: error.message) ?? ""))
        }
        let spec: AppSpec
        do {
            var reader = SpecReader(bridge: bridge)
            reader.chunkName = chunkName
            spec = try reader.app(from: description)
        } catch SimulatorError.load(let message) {
            throw SimulatorError.load(message.hasPrefix(chunkName + ":") ? message : "\(chunkName): \(message)")
        }
        return (bridge, spec)
    }

    /// `; did you mean 'button'?` when Lua's message is about calling a global that is not there and its name is
    /// a typo of one of the prelude's constructors; nil otherwise.
    static func constructorSuggestion(for message: String) -> String? {
        guard let start = message.range(of: "nil value (global '"),
            let end = message[start.upperBound...].firstIndex(of: "'")
        else { return nil }
        let name = String(message[start.upperBound..<end])
        return EditDistance.nearest(to: name, among: Prelude.constructors).map { "; did you mean '\($0)'?" }
    }
}
