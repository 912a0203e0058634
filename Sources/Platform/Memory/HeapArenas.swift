#if canImport(Glibc)
import Glibc
#endif

/// glibc's allocator settings a long-running server needs, looked up at run time (Swift's Glibc module leaves out
/// `malloc.h`, so `mallopt` and `malloc_trim` are not visible to Swift); both do nothing where glibc is absent.
public enum HeapArenas {
    /// `M_ARENA_MAX` in glibc's `malloc.h`.
    private static let arenaMaxOption: Int32 = -8
    /// `M_MMAP_THRESHOLD` in glibc's `malloc.h`.
    private static let mmapThresholdOption: Int32 = -3

    private static let mallopt: (@convention(c) (Int32, Int32) -> Int32)? = symbol("mallopt")
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = symbol("malloc_trim")

    /// Limits how many heaps glibc keeps for this process's threads. Call it before the threads start.
    ///
    /// glibc gives threads that contend for the heap arenas of their own (up to 8 per core), and memory freed in
    /// an arena stays there: the mock's event-loop threads allocate journal entries, a reset frees them from
    /// another thread, and the resident size grew from 38 to 123 MB over four journal fills (`scripts/bench
    /// mock`). With two arenas it stays near one journal's worth at the same requests/s.
    public static func limit(to count: Int32) {
        _ = mallopt?(arenaMaxOption, count)
    }

    /// Makes every block of at least `bytes` its own mapping, returned to the system when freed.
    ///
    /// glibc raises this threshold each time such a block is freed, after which large blocks (a journal's ring
    /// buffer while it grows) come from the heaps instead and their pages stay with the process once freed.
    /// Setting it fixes it.
    public static func mapBlocks(from bytes: Int32) {
        _ = mallopt?(mmapThresholdOption, bytes)
    }

    /// Gives the freed top of each heap back to the system (after a large release, such as a journal reset).
    public static func trim() {
        _ = mallocTrim?(0)
    }

    private static func symbol<Function>(_ name: String) -> Function? {
        #if canImport(Glibc)
        guard let address = dlsym(nil, name) else { return nil }
        return unsafeBitCast(address, to: Function.self)
        #else
        return nil
        #endif
    }
}
