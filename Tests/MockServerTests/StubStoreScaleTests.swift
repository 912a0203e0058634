import Foundation
import HTTPCore
import Testing

@testable import MockServer

/// Stubs at scale: adding, replacing and removing cost O(1) amortized (each add rebuilt the whole index: 16,000
/// imports took 193 s), and what the store holds stays right through holes and compactions. The speed itself is
/// measured in `scripts/bench mock`, not here.
@Suite struct StubStoreScaleTests {
    private func request(_ path: String) -> HTTPRequest {
        HTTPRequest(method: "GET", uri: path, headers: [], body: [])
    }

    @Test func manyStubsAddRemoveAndReplaceWithoutLosingOne() throws {
        let store = StubStore()
        var ids: [UUID] = []
        for index in 0..<20_000 {
            let stub = Stub(request: .init(method: "GET", url: .path("/item/\(index)")), response: .text("item \(index)"))
            ids.append(stub.id)
            try store.add(stub)
        }
        // Remove every other stub: holes, then at least one compaction.
        for index in stride(from: 0, to: ids.count, by: 2) { #expect(store.remove(ids[index])) }
        #expect(!store.remove(ids[0]), "a removed stub is gone")
        #expect(store.stubs.count == 10_000)
        // Replacing by id keeps one stub with that id, now the newest.
        var replacement = Stub(request: .init(method: "GET", url: .path("/item/1")), response: .text("replaced"))
        replacement.id = ids[1]
        try store.add(replacement)
        #expect(store.stubs.count == 10_000)
        #expect(store.stubs.last?.id == ids[1])
        for (path, expected) in [("/item/1", "replaced"), ("/item/19999", "item 19999")] {
            guard case .matched(let chosen, _) = store.decide(request(path)) else {
                Issue.record("\(path) was not matched")
                continue
            }
            #expect(chosen.response.body == .text(expected))
        }
        guard case .unmatched(let why) = store.decide(request("/item/2")) else {
            Issue.record("a removed stub still answers")
            return
        }
        #expect(why.contains("No stub matched GET /item/2. Closest stub: GET /item/"), "\(why)")
    }
}
