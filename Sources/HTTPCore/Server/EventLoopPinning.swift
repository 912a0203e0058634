import CAffinity
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Pins each event loop of a group to a CPU of its own (`fscript mock --pin-event-loops`).
///
/// Why: under a load that keeps every core busy (wrk's two threads beside the mock's two loops on two cores), the
/// scheduler put both loops on one core for stretches of a run; the connections of each then waited out the
/// other's time slices, and a run's 99th percentile went from about 1 ms to 3–4 ms (measured with wrk and
/// `/proc/*/task/*/stat`, `scripts/bench mock`). Pinned, no stretch like that can happen. It is off by default:
/// a pinned loop cannot move away from a core that another program keeps busy, which on a shared CI runner costs
/// more than it saves; NIO's own `MultiThreadedEventLoopGroup(pinnedCPUIDs:)` warns likewise.
///
/// The loops of a running group are pinned in place (each sets its own thread's affinity), so a process's shared
/// group can be pinned: the mock's server and its proxying client then stay on the same loops.
public enum EventLoopPinning {
    /// A loop could not be pinned, or the process may run on no CPU that can be named.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The CPUs the calling thread may run on (its affinity mask, as `taskset` or a container's cpuset set it),
    /// lowest first. Read on the main thread before any loop is pinned, it is the process's.
    public static func allowedCPUs() throws -> [Int] {
        let cpus = currentThreadCPUs()
        guard !cpus.isEmpty else {
            throw Failure(description: "cannot read which CPUs this process may use")
        }
        return cpus
    }

    /// Pins loop `i` of `group` to the `i`-th allowed CPU, starting over when there are more loops than CPUs, and
    /// returns each loop's CPU in the group's order. Waits for every loop to have pinned itself.
    @discardableResult
    public static func pin(_ group: MultiThreadedEventLoopGroup) throws -> [Int] {
        let allowed = try allowedCPUs()
        var chosen: [Int] = []
        for (index, loop) in group.makeIterator().enumerated() {
            let cpu = allowed[index % allowed.count]
            let status = try loop.submit { caffinity_pin_thread(Int32(cpu)) }.wait()
            guard status == 0 else {
                throw Failure(description: "cannot pin event loop \(index) to CPU \(cpu): \(String(cString: strerror(status)))")
            }
            chosen.append(cpu)
        }
        return chosen
    }

    /// Pins the loops every server and client of this process uses unless given others (NIO's shared group).
    @discardableResult
    public static func pinSharedLoops() throws -> [Int] {
        try pin(MultiThreadedEventLoopGroup.singleton)
    }

    /// The CPUs the calling thread may run on, lowest first; empty if they cannot be read.
    public static func currentThreadCPUs() -> [Int] {
        var cpus = [Int32](repeating: 0, count: Int(caffinity_set_size()))
        let count = caffinity_thread_cpus(&cpus, Int32(cpus.count))
        guard count > 0 else { return [] }
        return cpus.prefix(Int(count)).map(Int.init)
    }
}
