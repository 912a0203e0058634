#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The oracle the `luapattern` fuzz target reuses from one input to the next: a fresh one per input (a Lua state,
/// lstrlib's functions, the oracle's chunk) cost about a millisecond, twenty times the comparison itself.
///
/// A Lua state belongs to the thread that uses it, so the cached oracle is reused only on the thread that made
/// it (libFuzzer's one thread); a call from another thread makes its own and caches that instead. One that is
/// replaced stays alive while its thread still holds it.
enum LuaPatternOracleCache {
    private struct Entry: @unchecked Sendable {
        let oracle: LuaPatternOracle
        let thread: pthread_t
    }

    private static let entry = Mutex<Entry?>(nil)

    /// The calling thread's oracle.
    static func oracle() throws -> LuaPatternOracle {
        let thread = pthread_self()
        if let cached = entry.withLock({ $0 }), pthread_equal(cached.thread, thread) != 0 { return cached.oracle }
        let fresh = try LuaPatternOracle()
        entry.withLock { $0 = Entry(oracle: fresh, thread: thread) }
        return fresh
    }
}
