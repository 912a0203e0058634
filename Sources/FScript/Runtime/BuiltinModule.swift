#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LuaKit
import Platform

/// The `fscript` global: small, cheap host facts every script may use (`fscript.clock()`, `fscript.version`),
/// and the host services the stdlib asks for (the test deadline, TTY detection, directories).
///
/// `clock` is also the benchmark's probe for the cost of one Lua→Swift call, so it must stay trivial. Every
/// function here is optional for the stdlib (it degrades under plain `lua5.4`), see `stdlib/meta/frank.lua`.
enum BuiltinModule {
    /// The version fscript reports in `--version` and `fscript.version`.
    static let version = "0.1.0"

    /// Registers the module in `state`.
    static func register(in state: LuaState) {
        let regex = StepRegex()
        state.register(
            module: "fscript",
            functions: [
                "clock": { args in args.result(InterruptGuard.now()) },
                "set_deadline": setDeadline,
                "isatty": { args in
                    // A descriptor past Int32 is no terminal (Int32() of it trapped).
                    args.result(Int32(exactly: try args.int(1)).map { isatty($0) != 0 } ?? false)
                },
                "mkdir": { args in
                    let path = try args.string(1)
                    if let problem = FileSystem.makeDirectories(path) { return args.result(LuaValue.nil, problem) }
                    return args.result(true)
                },
                // A file an input names (a trace, a report to merge, an attachment): a regular file, read with a
                // bound; nil and why otherwise (see FileSystem.readBounded).
                "read_file": { args in
                    let path = try args.string(1)
                    let limit = try args.int(2)
                    do {
                        let bytes = try FileSystem.readBounded(path, limit: limit, what: "file")
                        return args.result(LuaValue.bytes(bytes))
                    } catch let error as FrankError {
                        return args.result(LuaValue.nil, error.description)
                    }
                },
                // While reports are written a Ctrl-C or SIGTERM ends fscript at once (Interruption.endsAtOnce):
                // `fscript.end_at_once(true)` opens that phase, `(false)` closes it.
                "end_at_once": { args in
                    Interruption.setEndsAtOnce(try args.boolean(1))
                    return .none
                },
                // Reports, artifacts and ported files: written whole or not at all (FileSystem.writeFile).
                "write_file": { args in
                    if let problem = FileSystem.writeFile(try args.string(1), try args.bytes(2)) {
                        return args.result(LuaValue.nil, problem)
                    }
                    return args.result(true)
                },
                "regex_match": { args in try regex.match(args) },
                // One file, one path: `./x`, `x`, a symlink and `a/../x` name the same file (realpath(3)); nil and
                // the reason when it does not exist.
                "real_path": { args in
                    guard let resolved = realpath(try args.string(1), nil) else {
                        return args.result(LuaValue.nil, String(cString: strerror(errno)))
                    }
                    defer { free(resolved) }
                    return args.result(String(cString: resolved))
                },
                // Pictures in reports and traces: the stdlib's Lua loop took 18 ms for one screen's PNG.
                "base64": { args in args.result(Data(try args.bytes(1)).base64EncodedString()) },
                // A deliberate pause (`I wait for 2 seconds`), never a wait for a condition: Ctrl-C and the test
                // deadline end it, as they end every wait.
                "sleep": { args in
                    let seconds = try args.number(1, in: 0...CheckedNumber.maximumSeconds, expected: "number of seconds")
                    try Interruption.sleep(until: .now() + .nanoseconds(Int64(seconds * 1e9)))
                    return .none
                },
                // os.execute, stoppable: see ShellCommand.
                "execute": execute,
                // A report on standard output: what tests write goes to standard error meanwhile (ReportOutput).
                "divert_stdout": { args in
                    if let problem = ReportOutput.divert() { return args.result(LuaValue.nil, problem) }
                    return args.result(true)
                },
                "restore_stdout": { _ in
                    ReportOutput.restore()
                    return .none
                },
                "list_test_files": { args in
                    let directory = try args.string(1)
                    switch FileSystem.testFiles(under: directory) {
                    case .success(let files): return args.result(files)
                    case .failure(let problem): return args.result(LuaValue.nil, problem.message)
                    }
                },
            ],
            values: ["version": .string(version)]
        )
    }

    /// `os.execute([command])` as Lua's own answers (`true|nil, "exit"|"signal", code`; with no command, whether
    /// there is a shell), but a Ctrl-C, SIGTERM or test deadline during the command stops it and goes on up as a
    /// stop, where C's `system()` ignored Ctrl-C until the command ended.
    private static func execute(_ args: LuaArgs) throws -> LuaReturn {
        if args.isNil(1) { return args.result(access("/bin/sh", X_OK) == 0) }
        let command = try args.string(1, expected: "command string")
        let outcome: ShellCommand.Outcome
        do {
            outcome = try ShellCommand(command: command).run()
        } catch let error as ChildProcessError {
            return args.results([.nil, .string("exit"), .integer(127), .string(error.reason)])
        }
        switch outcome {
        case .exited(let status):
            return args.results([status == 0 ? .boolean(true) : .nil, .string("exit"), .integer(Int64(status))])
        case .signalled(let signal):
            return args.results([.nil, .string("signal"), .integer(Int64(signal))])
        case .timedOut:
            return args.results([.nil, .string("signal"), .integer(Int64(SIGKILL))])
        }
    }

    /// `fscript.set_deadline(seconds|nil)`: arms or disarms the session's `InterruptGuard`. Disarming returns
    /// what stopped the code meanwhile, when it stopped: its text (`interrupted`, `test timed out after 2 s`) and
    /// its kind (`interrupt`, `timeout`), so a body that swallowed the stop and returned still fails as one.
    private static func setDeadline(_ args: LuaArgs) throws -> LuaReturn {
        guard let session = args.host(as: ScriptSession.self) else { return .none }
        if args.isNil(1) {
            let stopped = session.interrupts.pendingStop
            session.interrupts.arm(seconds: nil)
            return stopped.map { args.results([.string($0.message), .string($0.kind)]) } ?? .none
        }

        let seconds = try args.number(1)
        // At most a day, as every duration in fscript: `.seconds(1e300)` trapped converting to a Duration.
        guard seconds > 0, seconds <= CheckedNumber.maximumSeconds else {
            throw args.badArgument(1, "positive number of seconds up to \(InterruptGuard.seconds(CheckedNumber.maximumSeconds)) "
                + "expected, got \(InterruptGuard.seconds(seconds))")
        }
        session.interrupts.arm(seconds: seconds)
        return .none
    }
}
