#if canImport(Glibc)
import Glibc
#endif
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
                "isatty": { args in args.result(isatty(Int32(try args.int(1))) != 0) },
                "mkdir": { args in
                    let path = try args.string(1)
                    if let problem = FileSystem.makeDirectories(path) { return args.result(LuaValue.nil, problem) }
                    return args.result(true)
                },
                "regex_match": { args in try regex.match(args) },
                // A deliberate pause (`I wait for 2 seconds`), never a wait for a condition: Ctrl-C and the test
                // deadline end it, as they end every wait.
                "sleep": { args in
                    let seconds = try args.number(1, in: 0...CheckedNumber.maximumSeconds, expected: "number of seconds")
                    try Interruption.sleep(until: .now() + .nanoseconds(Int64(seconds * 1e9)))
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

    /// `fscript.set_deadline(seconds|nil)`: arms or disarms the session's `InterruptGuard`. Disarming returns
    /// what stopped the code meanwhile (`interrupted`, `test timed out after 2 s`) when it stopped, so a body
    /// that swallowed the stop and returned still fails.
    private static func setDeadline(_ args: LuaArgs) throws -> LuaReturn {
        guard let session = args.host(as: ScriptSession.self) else { return .none }
        if args.isNil(1) {
            let stopped = session.interrupts.pendingStop
            session.interrupts.arm(seconds: nil)
            return stopped.map { args.result($0) } ?? .none
        }

        let seconds = try args.number(1)
        guard seconds > 0, seconds.isFinite else {
            throw args.badArgument(1, "positive number of seconds expected, got \(InterruptGuard.seconds(seconds))")
        }
        session.interrupts.arm(seconds: seconds)
        return .none
    }
}
