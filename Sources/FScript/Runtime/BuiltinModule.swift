#if canImport(Glibc)
import Glibc
#endif
import LuaKit

/// The `fscript` global: small, cheap host facts every script may use (`fscript.clock()`, `fscript.version`).
///
/// `clock` is also the benchmark's probe for the cost of one Lua→Swift call, so it must stay trivial.
enum BuiltinModule {
    /// The version fscript reports in `--version` and `fscript.version`.
    static let version = "0.1.0"

    /// Registers the module in `state`.
    static func register(in state: LuaState) {
        state.register(
            module: "fscript",
            functions: [
                "clock": { args in
                    var now = timespec()
                    clock_gettime(CLOCK_MONOTONIC, &now)
                    return args.result(Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
                }
            ],
            values: ["version": .string(version)]
        )
    }
}
