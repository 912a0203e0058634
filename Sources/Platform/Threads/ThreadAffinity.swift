import CAffinity

#if canImport(Glibc)
import Glibc
#endif

/// Which CPUs a thread may run on (Linux's affinity masks, as `taskset` and cpusets set them). Below NIO: the event
/// loops are pinned with it in `EventLoopPinning` (HTTPCore). The calls are glibc's, reached through `CAffinity`:
/// glibc declares them only under `_GNU_SOURCE`, and `CPU_SET` is a macro.
public enum ThreadAffinity {
    /// A mask could not be read or set; `description` says why, in the system's words.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The CPUs the process may run on (its main thread's mask, whichever thread asks), lowest first.
    public static func processCPUs() throws -> [Int] {
        try cpus(of: "this process", caffinity_process_cpus)
    }

    /// The CPUs the calling thread may run on, lowest first.
    public static func currentThreadCPUs() throws -> [Int] {
        try cpus(of: "this thread", caffinity_thread_cpus)
    }

    /// Lets the calling thread run on `cpus` only (threads it starts from then on inherit that).
    public static func restrictCurrentThread(to cpus: [Int]) throws {
        let numbers = cpus.map { Int32(clamping: $0) }
        let status = caffinity_set_thread_cpus(numbers, Int32(numbers.count))
        guard status == 0 else {
            let list = cpus.map(String.init).joined(separator: ", ")
            throw Failure(description: "cannot keep a thread to CPUs \(list): \(String(cString: strerror(status)))")
        }
    }

    /// A CPU list from one of CAffinity's readers, or why it cannot be read.
    private static func cpus(of whose: String, _ read: (UnsafeMutablePointer<Int32>, Int32) -> Int32) throws -> [Int] {
        var cpus = [Int32](repeating: 0, count: Int(caffinity_set_size()))
        let count = read(&cpus, Int32(cpus.count))
        guard count > 0 else {
            let why = count < 0 ? String(cString: strerror(-count)) : "the mask is empty"
            throw Failure(description: "cannot read which CPUs \(whose) may use: \(why)")
        }
        return cpus.prefix(Int(count)).map(Int.init)
    }
}
