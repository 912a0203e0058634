import NIOCore
import NIOPosix
import Platform
import Synchronization

/// Pins each event loop of a group to a CPU of its own (`fscript mock --pin-event-loops`).
///
/// Why: under a load that keeps every core busy (wrk's two threads beside the mock's two loops on two cores), the
/// scheduler put both loops on one core for stretches of a run; the connections of each then waited out the
/// other's time slices, and a 6 s round's 99th percentile went from 0.3–1 ms to 2–4 ms (the loops' CPUs sampled
/// from `/proc/*/task/*/stat` while wrk ran; `scripts/bench mock`). Pinned, no stretch like that can happen. It is
/// off by default: a pinned loop cannot move away from a core that another program keeps busy, which on a shared
/// CI runner costs more than it saves; NIO's own `MultiThreadedEventLoopGroup(pinnedCPUIDs:)` warns likewise.
///
/// The loops of a running group are pinned in place (each sets its own thread's affinity, `ThreadAffinity`), so a
/// process's shared group can be pinned: the mock's server and its proxying client then stay on the same loops. A
/// thread inherits the affinity of the thread that starts it, so threads a pinned loop starts call
/// `releaseCurrentThread()`, or are started before the loops are pinned.
public enum EventLoopPinning {
    /// Loops could not be pinned: why, and which.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Pins loop `i` of `group` to the `i`-th CPU the process may use, starting over when there are more loops than
    /// CPUs, and returns each loop's CPU in the group's order. Waits for every loop to have pinned itself, so it
    /// must not run on one of them.
    @discardableResult
    public static func pin(_ group: MultiThreadedEventLoopGroup) throws -> [Int] {
        let allowed = try ThreadAffinity.processCPUs()
        guard !group.makeIterator().contains(where: { $0.inEventLoop }) else {
            throw Failure(description: "cannot pin a group's event loops from one of them")
        }
        released.withLock { $0 = $0 ?? allowed }
        var chosen: [Int] = []
        for (index, loop) in group.makeIterator().enumerated() {
            let cpu = allowed[index % allowed.count]
            do {
                try loop.submit { try ThreadAffinity.restrictCurrentThread(to: [cpu]) }.wait()
            } catch {
                throw Failure(description: "cannot pin event loop \(index) to CPU \(cpu): \(error)")
            }
            chosen.append(cpu)
        }
        return chosen
    }

    /// Pins NIO's shared loops (those every server and client of the process uses unless given others), one loop
    /// per CPU the process may use, at most NIO's core count (which follows a container's CPU quota). The loop
    /// count is set before the shared group starts: call this before anything uses NIO. A second call answers
    /// what the first did.
    @discardableResult
    public static func pinSharedLoops() throws -> [Int] {
        try sharedLoops.withLock { pinned in
            if let pinned { return pinned }
            let allowed = try ThreadAffinity.processCPUs()
            NIOSingletons.groupLoopCountSuggestion = max(1, min(System.coreCount, allowed.count))
            let chosen = try pin(MultiThreadedEventLoopGroup.singleton)
            pinned = chosen
            return chosen
        }
    }

    /// Lets the calling thread run on every CPU the process could when the loops were pinned: for a thread that a
    /// pinned loop started (it inherits the loop's one CPU), before it does work of its own or starts a program.
    /// Does nothing when nothing was pinned.
    public static func releaseCurrentThread() {
        guard let cpus = released.withLock({ $0 }) else { return }
        try? ThreadAffinity.restrictCurrentThread(to: cpus)
    }

    /// The CPUs the process may run on from before any loop was pinned: what `releaseCurrentThread` gives back.
    private static let released = Mutex<[Int]?>(nil)
    /// What `pinSharedLoops` pinned, once it has.
    private static let sharedLoops = Mutex<[Int]?>(nil)
}
