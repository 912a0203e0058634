import ArgumentParser
import Dispatch
import HTTPCore
import Simulator
import WebTarget

#if canImport(Glibc)
import Glibc
#endif

/// `fscript serve [APP.lua] [--host 127.0.0.1] [--port 37265]`: runs the simulator alone, for other drivers;
/// `fscript serve --web URL` serves a web page in headless Chromium the same way.
///
/// A Frank driver (the Ruby gem, another fscript with `--target`) can then talk to it like an app on a device.
/// It prints the URL it listens on as soon as it does, and Ctrl-C (SIGINT) or SIGTERM stops the server and
/// exits 0.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the simulator alone as a Frankly server, for other drivers.",
        discussion: """
            Prints 'fscript serve: listening on URL' once the server is up. Stop it with Ctrl-C. \
            --port 0 picks a free port.
            """
    )

    @Argument(help: ArgumentHelp("The app file to run (default: the bundled demo app).", valueName: "app.lua"))
    var app: String?

    @Option(help: ArgumentHelp("The address to listen on; loopback unless you need another.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on (0: any free port).", valueName: "port"))
    var port = 37265

    @Option(
        help: ArgumentHelp(
            "The app's launch environment, KEY=VALUE (repeatable), e.g. BACKEND_URL=http://127.0.0.1:8080; a "
                + "POST /launch without env goes back to it.", valueName: "key=value"))
    var env: [String] = []

    @Flag(
        help: "Answer as a plain Frank server: no /idle, no /launch, no change count (to try a suite's fallbacks).")
    var noExtensions = false

    @Option(
        help: ArgumentHelp(
            "Serve a web page instead of an app: headless Chromium opens the URL (or a local folder or .html file, "
                + "served on 127.0.0.1), and Frank's driver, fscript --target and the inspector drive it over Frankly.",
            valueName: "url"))
    var web: String?

    @Option(
        help: ArgumentHelp(
            "With --web: the origin the page calls its backend at; its requests there go to BACKEND_URL from --env.",
            valueName: "origin"))
    var webBackend: String?

    @OptionGroup(title: "Server limits")
    var serverLimits: ServerLimitOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535, got \(port)") }
        _ = try RunCommand.environment(env)
    }

    func run() throws {
        // Caught before the server's threads start, so they inherit a mask with Ctrl-C unblocked.
        SignalTrap.catch([SIGINT, SIGTERM])
        if let web {
            try serveWeb(web)
            return
        }
        let simulator: Simulator
        do {
            let environment = try RunCommand.environment(env)
            if let app {
                simulator = try Simulator.start(
                    appPath: app, environment: environment, host: host, port: port, extensions: !noExtensions,
                    limits: serverLimits.limits)
            } else {
                simulator = try Simulator.start(
                    environment: environment, host: host, port: port, extensions: !noExtensions,
                    limits: serverLimits.limits)
            }
        } catch let error as HTTPServerError {
            writeError("fscript serve: \(error); is another server using it? (--port, --host)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        } catch {
            writeError("fscript serve: \(error)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        DispatchQueue.global().async {
            SignalTrap.waitForSignal()
            simulator.stop()
        }
        Exposure.warnIfExposed(
            "the simulator", host: host, port: simulator.port, exposes: "drive the app and read everything it shows")
        print("fscript serve: listening on \(simulator.url)")
        fflush(nil)
        try simulator.wait()
        writeError("fscript serve: stopped\n")
    }

    /// `--web`: the page behind a Frankly server, until Ctrl-C or SIGTERM; the browser ends with it.
    private func serveWeb(_ page: String) throws {
        guard app == nil, !noExtensions else {
            writeError("fscript serve: --web serves a page; it takes no app file and no --no-extensions\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        let configuration = WebApp.Configuration(
            url: page, environment: try RunCommand.environment(env), backendOrigin: webBackend)
        let target = WebTargetHost(driver: .chromium, configuration: configuration)
        let url: String
        do {
            url = try target.start(host: host, port: port, limits: serverLimits.limits)
        } catch {
            writeError("fscript serve: \(error)\n")
            throw ExitCode(ScriptSession.ExitStatus.usage.rawValue)
        }
        guard let server = target.franklyServer else { return }
        DispatchQueue.global().async {
            SignalTrap.waitForSignal()
            server.stop()
        }
        Exposure.warnIfExposed("the web target", host: host, port: port, exposes: "drive the page and read everything it shows")
        print("fscript serve: listening on \(url)")
        fflush(nil)
        try target.wait()
        target.stop()
        writeError("fscript serve: stopped\n")
    }
}
