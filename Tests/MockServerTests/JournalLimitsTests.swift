import Foundation
import HTTPCore
import Testing

@testable import MockServer

/// The journal under load and over its limits: nothing answered is missing, a waiting test does not slow the
/// servers down to a crawl or miss its request, and memory stays bounded.
@Suite struct JournalLimitsTests {
    /// Eight clients × 2,000 requests while a test thread waits for one request sent last: every request is
    /// answered and journaled exactly once, and the wait returns that last request.
    @Test func aWaitingTestMissesNothingUnderLoad() throws {
        let mock = try MockServer.start()
        defer { mock.stop() }
        try mock.stub(.init(method: "GET", url: .pathTemplate("/load/{id}")), .text("{{id}}"))
        let clients = 8
        let perClient = 2_000
        let waited = LockedBox<Result<LoggedRequest, any Error>?>(nil)
        let waitEnded = DispatchSemaphore(value: 0)
        let waiter = Thread {
            waited.set(Result { try mock.waitForRequest(.init(method: "GET", path: "/last"), timeout: 60) })
            waitEnded.signal()
        }
        waiter.start()
        let group = DispatchGroup()
        let failures = LockedBox<[String]>([])
        for client in 0..<clients {
            group.enter()
            Thread {
                let http = HTTPClient()
                for index in 0..<perClient {
                    let id = "c\(client)-\(index)"
                    let response = try? http.send(HTTPClientRequest(url: "\(mock.url)/load/\(id)"))
                    if response?.bodyText != id { failures.update { $0.append(id) } }
                }
                http.shutdown()
                group.leave()
            }.start()
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        let http = HTTPClient()
        defer { http.shutdown() }
        _ = try http.send(HTTPClientRequest(url: "\(mock.url)/last"))
        #expect(waitEnded.wait(timeout: .now() + 10) == .success, "the waiter saw the last request")
        #expect(failures.get().isEmpty, "first failures: \(failures.get().prefix(3))")
        let last = try #require(try waited.get()?.get())
        #expect(last.path == "/last")
        #expect(last.sequence == clients * perClient + 1)
        #expect(mock.requestCount == clients * perClient + 1)
        let sequences = mock.requests.map(\.sequence)
        #expect(sequences.count == clients * perClient + 1)
        #expect(Set(sequences).count == sequences.count)
    }

    @Test func theJournalKeepsItsLimitAndCountsEverything() throws {
        let mock = try MockServer.start(journalLimit: 5)
        defer { mock.stop() }
        let harness = HTTPClient()
        defer { harness.shutdown() }
        for index in 0..<12 { _ = try harness.send(HTTPClientRequest(url: "\(mock.url)/n\(index)")) }
        #expect(mock.requestCount == 12)
        #expect(mock.requests.map(\.path) == ["/n7", "/n8", "/n9", "/n10", "/n11"])
        let error = #expect(throws: VerificationError.self) { try mock.verify(.init(method: "GET", path: "/n1"), count: 1) }
        #expect(error?.description.contains("The journal keeps the last 5 requests; 7 older ones were dropped.") == true)
    }

    @Test func aLongBodyIsKeptAsItsStartWithSizeAndHash() throws {
        let harness = try MockHarness()
        let body = String(repeating: "x", count: 100_000)
        let answer = try harness.send("POST", "/upload", body: body)
        let logged = try #require(harness.mock.requests.first)
        #expect(logged.body.count == 64 * 1024)
        #expect(logged.bodySize == 100_000)
        #expect(logged.bodyWasCut)
        #expect(logged.bodyHash == LoggedRequest.fnv1a(Array(body.utf8)))
        #expect(logged.summary == "POST /upload (body cut to 65536 of 100000 bytes)")
        // The 404 shows at most 1 KB of what it did not match.
        #expect(answer.status == 404)
        #expect(answer.body.count < 2048)
    }
}

/// A value shared between test threads.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&value) } }
}
