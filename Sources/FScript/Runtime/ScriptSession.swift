#if canImport(Glibc)
import Glibc
#endif
import LuaJSON
import LuaKit
import Platform
import WebTarget

/// One Lua state set up the way every fscript run sees it, and the mapping from Lua outcomes to exit codes.
///
/// The state has the `fscript` builtin module and `stdlib/` on `package.path`; the session is its host, so
/// bindings added later reach it with `args.host(as: ScriptSession.self)`. It lives on the main thread.
final class ScriptSession {
    /// fscript's exit codes: DESIGN.md promises 0 passed, 1 a test failed, 2 usage or infrastructure error.
    enum ExitStatus: Int32 {
        case success = 0
        case failure = 1
        case usage = 2
        /// Ctrl-C stopped the run (128 + SIGINT, as shells report it).
        case interrupted = 130
    }

    let state: LuaState
    /// The test deadline and Ctrl-C, checked by the Lua interrupt hook and by Swift functions that wait.
    let interrupts = InterruptGuard()
    /// The mock servers the script started; stopped when the session ends.
    let mocks = MockRegistry()
    /// What `app:` actions and waits report to a trace recorder, when one listens.
    let stepEvents = StepEvents()
    /// The view trees a trace will draw if it keeps them.
    let tracePictures = TracePictures()
    let traceWriter = TraceWriter()
    /// Work outside the target that still counts as busy for wait_for_idle (mock requests in flight).
    var busySources: [() -> [String]] = []
    /// The address a device reaches this machine by, for the URL of a mock bound beyond loopback
    /// (`--advertise-host`).
    var advertiseHost: String?
    /// True when the preset `app` is a web page: mocks then answer browsers' cross-origin calls by default.
    var drivesWeb = false
    /// With `web_proxy`: the run's browser proxy, started on first call. A mock started then is a browser proxy
    /// by default and gets the browser's requests for as long as it runs (`MockModule`).
    var browserProxy: (() throws -> BrowserProxyRelay?)?

    init() {
        state = LuaState()
        state.host = self
        BuiltinModule.register(in: state)
        // os.execute through fscript, so Ctrl-C and the deadline stop the command (see ShellCommand).
        _ = try? state.execute("os.execute = fscript.execute", name: "=(fscript)")
        JSONModule.register(in: state)
        ImageModule.register(in: state)
        interrupts.install(on: state)
        state.beforeSpawning(CloseOnExec.markAll)
        MockModule.register(in: self)
        StepEvents.register(in: self)
        if let stdlib = StdlibLocator.locate() {
            state.prependPackagePath(directory: stdlib)
        }
    }

    deinit {
        mocks.stopAll()
    }

    /// Runs a `-e` chunk.
    func run(chunk code: String) -> ExitStatus {
        outcome { try state.execute(code, name: "=(command line)") }
    }

    /// Runs a script file as `lua.c` does: global `arg` holds the script at 0 and its arguments from 1, and the
    /// chunk also receives the arguments as `...`.
    func run(file path: String, arguments: [String]) -> ExitStatus {
        if let reason = FileSystem.whyNotRunnable(path) {
            writeError("fscript: cannot open \(path) (\(reason)); check the path, or run 'fscript --help'\n")
            return .usage
        }
        var argTable = LuaTable(array: arguments.map { .string($0) })
        argTable.fields[.integer(0)] = .string(path)
        argTable.fields[.integer(-1)] = .string(CommandLine.arguments.first ?? "fscript")
        state.setGlobal("arg", .table(argTable))
        return outcome { try state.load(file: path).call(arguments: arguments.map { .string($0) }) }
    }

    /// Runs all of standard input as one chunk named `stdin`, for piped input.
    func runStandardInput() -> ExitStatus {
        var input: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(0, &buffer, buffer.count)
            if count <= 0 { break }
            input.append(contentsOf: buffer[..<count])
        }
        return outcome { try state.execute(String(decoding: input, as: UTF8.self), name: "=stdin") }
    }

    /// Runs `body`, printing a Lua error as `fscript: message` plus its traceback; syntax and file errors are 2.
    private func outcome(_ body: () throws -> Void) -> ExitStatus {
        do {
            try body()
            return .success
        } catch let error as LuaError {
            writeError("fscript: \(error)\n")
            switch error {
            case .syntax, .file: return .usage
            case .stopped(let stop, _, _) where stop.kind == "interrupt": return .interrupted
            default: return .failure
            }
        } catch {
            writeError("fscript: \(error)\n")
            return .failure
        }
    }
}

/// Writes text to standard error, unbuffered, so it interleaves correctly with the script's own output.
func writeError(_ text: String) {
    fflush(nil)
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 { return }
            offset += written
        }
    }
}
