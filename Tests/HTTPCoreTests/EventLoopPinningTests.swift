import Foundation
import HTTPCore
import NIOCore
import NIOPosix
import Testing

/// `fscript mock --pin-event-loops`: every loop of a group ends up allowed on exactly the CPU it was given, the
/// CPUs taken in turn from those the process may use, and a pinned group still serves.
@Suite struct EventLoopPinningTests {
    @Test func eachLoopRunsOnTheCPUItWasGivenOnly() throws {
        let allowed = try EventLoopPinning.allowedCPUs()
        #expect(!allowed.isEmpty)
        #expect(allowed == allowed.sorted())
        // One loop more than there are CPUs: the last starts over at the first CPU.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: allowed.count + 1)
        defer { try? group.syncShutdownGracefully() }

        let chosen = try EventLoopPinning.pin(group)

        #expect(chosen == (0...allowed.count).map { allowed[$0 % allowed.count] })
        let seen = try group.makeIterator().map { loop in try loop.submit { EventLoopPinning.currentThreadCPUs() }.wait() }
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

    /// The calling thread's own mask is left alone: only the loops are pinned.
    @Test func pinningLeavesTheCallingThreadFree() throws {
        let before = EventLoopPinning.currentThreadCPUs()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        try EventLoopPinning.pin(group)
        #expect(EventLoopPinning.currentThreadCPUs() == before)
    }
}
