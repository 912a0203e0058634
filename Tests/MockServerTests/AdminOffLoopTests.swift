import Testing

@testable import MockServer

/// The admin API runs off the event loops: an import of many stubs took its loop for seconds, and the requests
/// that landed on that loop (half of them, with two loops) waited until it ended.
@Suite struct AdminOffLoopTests {
    @Test func aLargeImportHoldsUpNoOtherRequest() throws {
        let harness = try MockHarness()
        try harness.mock.stub(.init(method: "GET", url: .path("/fast")), .text("fast"))
        let mappings = (0..<40_000).map { index in
            #"{"request":{"method":"GET","urlPath":"/item/\#(index)"},"response":{"status":200}}"#
        }
        let done = ManagedAtomicFlag()
        let importing = harness.start(
            "POST", "/__admin/mappings/import", body: #"{"mappings":["# + mappings.joined(separator: ",") + "]}",
            timeout: .seconds(300))
        importing.whenComplete { _ in done.set() }
        // Fresh connections spread over the loops; on the old code those on the importing loop waited for it.
        var answeredDuringImport = 0
        for _ in 0..<8 {
            let health = try harness.send("GET", "/__admin/health", timeout: .seconds(300))
            let fast = try harness.send("GET", "/fast", timeout: .seconds(300))
            #expect(health.status == 200 && fast.text == "fast")
            if !done.isSet { answeredDuringImport += 1 }
        }
        #expect(try importing.wait().status == 200)
        #expect(answeredDuringImport >= 4, "only \(answeredDuringImport) of 8 answered while the import ran")
    }
}
