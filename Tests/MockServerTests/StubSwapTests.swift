import Foundation
import HTTPCore
import NIOCore
import Testing

@testable import MockServer

/// Replacing every stub at once (issue 41, item 14): `mappings/reset` removed the stubs and then added the folder's
/// again, and 25 of 47,147 requests to a stub from the mappings folder got a 404 in between. A request sees the old
/// set or the new one, never an empty or half-made one, through every replace-all operation.
@Suite struct StubSwapTests {
    /// A mappings folder of 200 stubs, `/stub/0` … `/stub/199`; a request to the last one waits longest for it in a
    /// reset that adds them one by one.
    private static func folder() throws -> URL {
        let root = try temporaryDirectory()
        let mappings = root.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        let all = (0..<200).map { index in
            #"{"request": {"method": "GET", "urlPath": "/stub/\#(index)"}, "response": {"status": 200, "body": "s\#(index)"}}"#
        }
        try Data((#"{"mappings": ["# + all.joined(separator: ",") + "]}").utf8)
            .write(to: mappings.appendingPathComponent("all.json"))
        return root
    }

    /// A mock with the folder's 200 stubs loaded.
    private static func loaded() throws -> MockHarness {
        let harness = try MockHarness()
        try harness.mock.load(directory: try folder().path)
        return harness
    }

    /// A POST to the admin API that must answer 200.
    private static func post(_ admin: HTTPClient, _ url: String, body: String = "") throws {
        let answer = try admin.send(HTTPClientRequest(method: "POST", url: url, body: Array(body.utf8)))
        guard answer.status == 200 else { throw Refused(status: answer.status, body: answer.bodyText) }
    }

    /// Runs `resets` replace-alls through `replace` (given an admin client) on a thread of its own while four
    /// clients send requests to `/stub/199` (at least 3,000 in all, and on until the resets end); the statuses that
    /// were not 200.
    private static func statuses(
        during resets: Int, of mock: MockServer, _ replace: @escaping @Sendable (HTTPClient) throws -> Void
    ) throws -> [Int] {
        let resetting = ManagedAtomicFlag()
        let failures = LockedBox<[String]>([])
        let finished = DispatchSemaphore(value: 0)
        Thread {
            let admin = HTTPClient()
            defer { admin.shutdown() }
            for _ in 0..<resets {
                do { try replace(admin) } catch { failures.update { $0.append("\(error)") } }
            }
            resetting.set()
            finished.signal()
        }.start()
        let sent = LockedBox(0)
        let others = LockedBox<[Int]>([])
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            Thread {
                let client = HTTPClient()
                defer { client.shutdown() }
                while !resetting.isSet || sent.get() < 3_000 {
                    sent.update { $0 += 1 }
                    let request = HTTPClientRequest(url: mock.url + "/stub/199")
                    let status = (try? client.send(request, timeout: .seconds(60)))?.status ?? -1
                    if status != 200 { others.update { $0.append(status) } }
                }
                group.leave()
            }.start()
        }
        #expect(finished.wait(timeout: .now() + 600) == .success)
        #expect(group.wait(timeout: .now() + 600) == .success)
        #expect(failures.get().isEmpty, "resets failed: \(failures.get().prefix(3))")
        return others.get()
    }

    @Test func aMappingsResetNeverShowsAnEmptyStubSet() throws {
        let harness = try Self.loaded()
        let url = harness.mock.url
        let missed = try Self.statuses(during: 300, of: harness.mock) { admin in
            try Self.post(admin, url + "/__admin/mappings/reset")
        }
        #expect(missed.count == 0, "\(missed.count) requests were not answered by the stub: \(missed.prefix(5))")
    }

    @Test func aGlobalResetAndAnImportThatDeletesTheRestSwapAtOnce() throws {
        let harness = try Self.loaded()
        let url = harness.mock.url
        let stubs = (0..<200).map { index in
            #"{"request": {"method": "GET", "urlPath": "/stub/\#(index)"}, "response": {"status": 200}}"#
        }
        let document = #"{"mappings": ["# + stubs.joined(separator: ",")
            + #"], "importOptions": {"deleteAllNotInImport": true}}"#
        let counter = LockedBox(0)
        let missed = try Self.statuses(during: 300, of: harness.mock) { admin in
            var turn = 0
            counter.update {
                $0 += 1
                turn = $0
            }
            if turn % 2 == 0 {
                try Self.post(admin, url + "/__admin/reset")
            } else {
                try Self.post(admin, url + "/__admin/mappings/import", body: document)
            }
        }
        #expect(missed.count == 0, "\(missed.count) requests were not answered by a stub: \(missed.prefix(5))")
    }

    /// An admin request that did not answer 200.
    private struct Refused: Error {
        let status: Int
        let body: String
    }
}
