import Foundation
import HTTPCore
import NIOCore
import NIOPosix
import Platform
import Testing

/// `fscript mock --pin-event-loops`: every loop of a group ends up allowed on exactly the CPU it was given, the
/// CPUs taken in turn from those the process may use; a pinned group still serves; a thread a pinned loop starts
/// can be given back every CPU. With one CPU, pinning changes nothing that could be seen: those tests are skipped.
@Suite struct EventLoopPinningTests {
    static let severalCPUs = ((try? ThreadAffinity.processCPUs())?.count ?? 0) > 1

    @Test(.enabled(if: severalCPUs)) func eachLoopRunsOnTheCPUItWasGivenOnly() throws {
        let allowed = try ThreadAffinity.processCPUs()
        // One loop more than there are CPUs: the last starts over at the first CPU.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: allowed.count + 1)
        defer { try? group.syncShutdownGracefully() }

        let chosen = try EventLoopPinning.pin(group)

        #expect(chosen == (0...allowed.count).map { allowed[$0 % allowed.count] })
        let seen = try group.makeIterator().map { loop in
            try loop.submit { try ThreadAffinity.currentThreadCPUs() }.wait()
        }
        #expect(seen == chosen.map { [$0] })
    }

    @Test func aPinnedGroupServes() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        defer { try? group.syncShutdownGracefully() }
        try EventLoopPinning.pin(group)
        let server = try HTTPServer.start(
            responder: ClosureResponder { request, loop in loop.makeSucceededFuture(.text("pinned \(request.path)")) },
            group: group)
        defer { server.stop() }

        for path in ["/a", "/b", "/c", "/d"] {
            let answer = try HTTPClient(reuseConnections: false).send(HTTPClientRequest(url: server.url + path))
            #expect(answer.status == 200)
            #expect(answer.bodyText == "pinned \(path)")
        }
    }

    /// Only the loops are pinned, not the thread that pinned them; a thread started on a pinned loop inherits its
    /// one CPU until it releases itself.
    @Test(.enabled(if: severalCPUs)) func threadsStartedOnAPinnedLoopCanBeReleased() throws {
        let allowed = try ThreadAffinity.processCPUs()
        let before = try ThreadAffinity.currentThreadCPUs()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let cpu = try #require(try EventLoopPinning.pin(group).first)
        #expect(try ThreadAffinity.currentThreadCPUs() == before)

        let seen = try group.next().submit {
            let seen = SeenCPUs()
            let finished = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                seen.inherited = (try? ThreadAffinity.currentThreadCPUs()) ?? []
                EventLoopPinning.releaseCurrentThread()
                seen.released = (try? ThreadAffinity.currentThreadCPUs()) ?? []
                finished.signal()
            }
            _ = finished.wait(timeout: .now() + 10)
            return seen
        }.wait()
        let (inherited, released) = (seen.inherited, seen.released)
        #expect(inherited == [cpu])
        #expect(released == allowed)
    }

    /// What a thread saw of its own CPUs (written before it signals, read after the wait).
    private final class SeenCPUs: @unchecked Sendable {
        var inherited: [Int] = []
        var released: [Int] = []
    }

    @Test func pinningFromOneOfTheLoopsIsRefused() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let outcome = try group.next().submit { Result { try EventLoopPinning.pin(group) } }.wait()
        #expect(throws: EventLoopPinning.Failure.self) { try outcome.get() }
    }
}
