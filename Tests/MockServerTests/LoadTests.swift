import Foundation
import HTTPCore
import Testing

@testable import MockServer

@Suite struct LoadTests {
    /// Eight clients on their own threads, 2,000 keep-alive requests each, all on loopback: every request must be
    /// answered with its own id and journaled exactly once.
    @Test func concurrentClientsLoseNothing() throws {
        let mock = try MockServer.start()
        defer { mock.stop() }
        try mock.stub(.init(method: "GET", url: .pathTemplate("/load/{id}")), .text("{{id}}"))
        let clients = 8
        let perClient = 2_000
        let results = Results()
        let group = DispatchGroup()
        for client in 0..<clients {
            group.enter()
            let thread = Thread {
                let http = HTTPClient()
                var mine: [String] = []
                var problems: [String] = []
                for index in 0..<perClient {
                    let id = "c\(client)-\(index)"
                    do {
                        let response = try http.send(HTTPClientRequest(url: "\(mock.url)/load/\(id)"))
                        if response.status == 200 { mine.append(response.bodyText) } else { problems.append(id) }
                    } catch {
                        problems.append("\(id): \(error)")
                    }
                }
                http.shutdown()
                results.add(answered: mine, failures: problems)
                group.leave()
            }
            thread.start()
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        let expected = Set((0..<clients).flatMap { client in (0..<perClient).map { "c\(client)-\($0)" } })
        let (answered, failures) = results.snapshot
        #expect(failures.isEmpty, "first failures: \(failures.prefix(3))")
        #expect(answered.count == expected.count)
        #expect(Set(answered) == expected)
        let journaled = mock.requests.map { String($0.path.dropFirst("/load/".count)) }
        #expect(journaled.count == expected.count)
        #expect(Set(journaled) == expected)
        #expect(Set(mock.requests.map(\.sequence)).count == expected.count)
    }
}

/// What the client threads collected, behind a lock.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var answered: [String] = []
    private var failures: [String] = []

    func add(answered more: [String], failures problems: [String]) {
        lock.withLock {
            answered += more
            failures += problems
        }
    }

    var snapshot: (answered: [String], failures: [String]) {
        lock.withLock { (answered, failures) }
    }
}
