import ArgumentParser
import Foundation
import HTTPCore
import Inspector
import MockServer
import Simulator

#if canImport(Glibc)
import Glibc
#endif

/// `fscript inspect [--target URL | --app FILE.lua] [--port N] [--record FILE.lua] [--record-backend URL]`: the
/// inspector page for a target, until Ctrl-C.
///
/// Without `--target` it starts the simulator itself (the demo app, or `--app`), or with a `web` page headless
/// Chromium behind a Frankly server, so the page and the actions talk HTTP to a target either way. What the flags
/// leave open comes from the project file of the current folder, as for the REPL (`InspectCommand+Project`).
/// Actions run as Lua lines on a session like a script's, which is also what a recording saves. With
/// `--record-backend`, the app's `BACKEND_URL` points at a mock that proxies to that backend and records every
/// exchange beside the script, and the script replays them without the backend.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Open a web page that shows the app's screen and views, suggests selectors and records tests.",
        discussion: """
            Prints the page's URL (on 127.0.0.1); open it in a browser. Click a view for its details and the \
            shortest selector that selects it alone; type a selector to see what it selects; act on views; switch \
            Record on to write the actions as a test script, saved with --record FILE.lua.
            """
    )

    @Option(
        help: ArgumentHelp(
            "The Frankly server to inspect (default: $FSCRIPT_TARGET, else the target, app or web page of "
                + "./fscript.project.lua, else the embedded simulator).",
            valueName: "url"))
    var target: String?

    @Option(
        help: ArgumentHelp(
            "The app file the simulator runs (default: the app of ./fscript.project.lua, else the demo app).",
            valueName: "file.lua"))
    var app: String?

    @Option(help: ArgumentHelp("The inspector page's port; 0 picks a free one.", valueName: "port"))
    var port = 0

    @Option(help: ArgumentHelp("Where the page's Save writes the recorded script.", valueName: "file.lua"))
    var record: String?

    @Option(
        help: ArgumentHelp(
            "A real backend (http:// or https://) to record: the app's BACKEND_URL points at a mock that forwards to it and "
                + "saves each exchange beside the script (FILE.mappings/), which then replays without the backend.",
            valueName: "url"))
    var recordBackend: String?

    @Option(help: ArgumentHelp("The app's launch environment, KEY=VALUE (repeatable).", valueName: "key=value"))
    var env: [String] = []

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535, got \(port)") }
        if target != nil && app != nil { throw ValidationError("--app runs the embedded simulator; give --target or --app") }
        if recordBackend != nil && target != nil {
            throw ValidationError("--record-backend launches the simulator against the recording mock; it takes --app, not --target")
        }
        if recordBackend != nil && record == nil {
            throw ValidationError("--record-backend saves the mappings beside the script: give --record FILE.lua too")
        }
        _ = try RunCommand.environment(env)
    }

    func run() throws {
        SignalTrap.catch([SIGINT, SIGTERM])
        let arguments: RunArguments
        do {
            arguments = try projectArguments()
        } catch {
            writeError("fscript inspect: \(error)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        var environment = arguments.environment
        var mock: MockServer?
        var mappings: String?
        if let recordBackend, let record {
            let folder = (record.hasSuffix(".lua") ? String(record.dropLast(4)) : record) + ".mappings"
            do {
                let recorder = try ProxyRecorder(upstream: recordBackend, recordingInto: folder)
                mock = try MockServer.start(proxy: recorder)
            } catch {
                writeError("fscript inspect: \(error)\n")
                throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
            }
            environment["BACKEND_URL"] = mock?.url
            mappings = folder
        }
        var simulator: Simulator?
        let url: String
        let web = FrankModule.webTarget(
            target: arguments.target, settings: TargetSettings(arguments.settings, environment: environment))
        if let web {
            do {
                url = try web.start()
            } catch {
                writeError("fscript inspect: \(error)\n")
                throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
            }
        } else if let target = arguments.target {
            url = target
        } else {
            do {
                simulator = try arguments.app.map { try Simulator.start(appPath: $0, environment: environment) }
                    ?? Simulator.start(environment: environment)
            } catch {
                writeError("fscript inspect: cannot start the simulator: \(error)\n")
                throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
            }
            url = simulator!.url
        }
        let scripting = LuaInspectorScripting(target: url)
        let inspector: Inspector
        do {
            inspector = try Inspector.start(
                port: port, target: url, scripting: scripting, recorder: ScriptRecorder(
                    path: record, mappings: mappings, runCommand: Self.runCommand(
                        target: arguments.target, app: arguments.app,
                        web: web == nil ? nil : arguments.settings.text(.web), record: record)))
        } catch {
            writeError("fscript inspect: \(error); is another server using port \(port)? (--port)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        let subject = Self.describe(
            target: arguments.target, app: arguments.app, web: web == nil ? nil : arguments.settings.text(.web))
        print("fscript inspect: \(inspector.url) (inspecting \(subject))")
        fflush(nil)
        SignalTrap.waitForSignal()
        inspector.stop()
        web?.stop()
        simulator?.stop()
        mock?.stop()
        writeError("fscript inspect: stopped\n")
    }
}
