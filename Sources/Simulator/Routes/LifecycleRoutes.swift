import Frankly
import HTTPCore
import JSON

/// GET /exit (the app quits without answering), POST /app_exec (an app-level method from the app file), and
/// fscript's lifecycle extension, POST /launch.
enum LifecycleRoutes {
    static var all: [Route] {
        [
            Route(methods: ["POST"], path: "/launch") { request, host in
                try relaunch(request, host)
            },
            // fscript's extension: what Frank did through the iOS Simulator's Hardware menu.
            Route(methods: ["POST"], path: "/memory_warning") { _, host in
                do {
                    try host.app.spec.onMemoryWarning?.run(nil, [])
                } catch {
                    throw RouteError("the app's on_memory_warning failed", details: "\(error)")
                }
                host.app.changes?.bump()
                return .success([])
            },
            Route(methods: ["GET", "POST"], path: "/exit") { _, host in
                host.app.hasExited = true
                host.onExit()
                return .fault(.emptyResponse)
            },
            Route(methods: ["POST"], path: "/app_exec") { request, host in
                let body = try request.jsonBody()
                let operation: Operation
                do throws(FranklyError) {
                    operation = try Operation(requestBody: body)
                } catch {
                    throw RouteError(error)
                }
                // Lua names cannot hold colons: `greet:` is `greet`, `setUser:withName:` is `setUser_withName`.
                let luaName = operation.methodName.split(separator: ":").joined(separator: "_")
                guard let method = host.app.spec.execMethods[operation.methodName] ?? host.app.spec.execMethods[luaName] else {
                    let known = host.app.spec.execMethods.keys.sorted().joined(separator: ", ")
                    throw RouteError(
                        "app does not respond to \(operation.methodName)",
                        details: "the app file defines no exec method '\(operation.methodName)' (it has: \(known.isEmpty ? "none" : known))")
                }
                do {
                    return .success([try method.run(operation.arguments)])
                } catch {
                    throw RouteError("encountered error while attempting to perform \(operation.methodName) on the app", details: "\(error)")
                }
            },
        ]
    }
}

extension LifecycleRoutes {
    /// `POST /launch` (fscript's extension): quits the app and launches a fresh one from the same app file, so a
    /// remote script can reset it between scenarios as it would an app on a device. The body is optional JSON:
    /// `{"env": {"BACKEND_URL": "…"}}` launches with those names over the environment the server started with
    /// (`fscript serve --env`); no `env` goes back to that environment. `{"screen": "settings"}` renders that screen of the app file
    /// directly: the fresh app pushes it over its start screen without animation, as a Swerkin `ScreenRenderer`
    /// would. Answers SUCCESS; a load error or an unknown screen leaves the old app running.
    static func relaunch(_ request: HTTPRequest, _ host: AppHost) throws -> HTTPResponse {
        var environment = host.launchEnvironment
        var screen: String?
        if !request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            let body = try request.jsonBody()
            switch body["screen"] {
            case nil, .null?: break
            case .string(let name)?: screen = name
            case let other?:
                throw RouteError("invalid screen to render", details: "\"screen\" must be a screen name, got \(other.jsonString)")
            }
            switch body["env"] {
            case nil, .null?:
                break
            case .object(let members)?:
                // Names over the server's own (`fscript serve --env`), as a scenario's BACKEND_URL is added to the
                // run's environment; the rest of the server's stays.
                for (name, value) in members {
                    guard let text = value.stringValue else {
                        throw RouteError(
                            "invalid launch environment",
                            details: "env.\(name) must be a string, got \(value.jsonString)")
                    }
                    environment[name] = text
                }
            case let other?:
                throw RouteError(
                    "invalid launch environment",
                    details: "\"env\" must be an object of strings, got \(other.jsonString)")
            }
        }
        let app: SimulatedApp
        do {
            app = try host.load(host.app.source, host.app.chunkName, environment)
        } catch {
            throw RouteError("cannot launch the app", details: "\(error)")
        }
        if let screen {
            do {
                try app.render(screen: screen)
            } catch {
                throw RouteError("cannot render the screen '\(screen)'", details: "\(error)")
            }
        }
        host.app.hasExited = true
        host.app = app
        return .success([])
    }
}
