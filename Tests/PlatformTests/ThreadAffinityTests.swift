import Foundation
import Platform
import Testing

/// The affinity masks as the kernel keeps them: read for the process and for a thread, set for a thread of its
/// own (never the test runner's), and a CPU that cannot be used refused in words.
@Suite struct ThreadAffinityTests {
    @Test func theProcessMayUseSomeCPUsListedInOrder() throws {
        let cpus = try ThreadAffinity.processCPUs()
        #expect(!cpus.isEmpty)
        #expect(cpus == Array(Set(cpus)).sorted())
        #expect(cpus.count <= ProcessInfo.processInfo.processorCount)
    }

    @Test func aThreadKeptToOneCPUReadsBackThatCPU() throws {
        let cpu = try #require(try ThreadAffinity.processCPUs().last)
        let seen = Seen()
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            seen.error = Result { try ThreadAffinity.restrictCurrentThread(to: [cpu]) }.failure
            seen.cpus = (try? ThreadAffinity.currentThreadCPUs()) ?? []
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(seen.error == nil)
        #expect(seen.cpus == [cpu])
    }

    @Test func aCPUBeyondTheMaskIsRefusedByNumber() throws {
        let failure = #expect(throws: ThreadAffinity.Failure.self) {
            try ThreadAffinity.restrictCurrentThread(to: [100_000])
        }
        #expect(failure?.description == "cannot keep a thread to CPUs 100000: Invalid argument")
    }

    /// What the thread saw (written before it signals, read after the wait).
    private final class Seen: @unchecked Sendable {
        var cpus: [Int] = []
        var error: (any Error)?
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
