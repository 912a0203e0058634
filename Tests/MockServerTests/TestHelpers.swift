import Foundation
import HTTPCore
import NIOCore
import Testing

@testable import MockServer

/// A running mock on a free loopback port and a real HTTP client pointed at it; stopped when the test ends.
///
/// Connections are not reused, so a fault or a closed connection in one request cannot leak into the next. The
/// client's limit is long (30 s) so that a busy machine is slow rather than failing; a test about the limit says so.
final class MockHarness {
    let mock: MockServer
    let client = HTTPClient(reuseConnections: false)

    init(filesDirectory: String? = nil) throws {
        mock = try MockServer.start(filesDirectory: filesDirectory)
    }

    deinit {
        client.shutdown()
        mock.stop()
    }

    /// Sends a request and waits for the whole answer.
    @discardableResult
    func send(
        _ method: String, _ target: String, headers: [(name: String, value: String)] = [], body: String = "",
        timeout: TimeAmount = .seconds(30)
    ) throws -> HTTPClientResponse {
        try client.send(request(method, target, headers: headers, body: body), timeout: timeout)
    }

    /// Starts a request without waiting, for tests that look at the mock while the request is outstanding.
    func start(_ method: String, _ target: String, body: String = "", timeout: TimeAmount = .seconds(30))
        -> EventLoopFuture<HTTPClientResponse>
    {
        client.execute(request(method, target, body: body), timeout: timeout)
    }

    /// The error a request fails with, or nil when it got an answer.
    func failure(_ method: String, _ target: String, timeout: TimeAmount = .seconds(30)) -> HTTPClientError? {
        do {
            _ = try send(method, target, timeout: timeout)
            return nil
        } catch {
            return error as? HTTPClientError
        }
    }

    private func request(
        _ method: String, _ target: String, headers: [(name: String, value: String)] = [], body: String = ""
    ) -> HTTPClientRequest {
        HTTPClientRequest(method: method, url: mock.url + target, headers: headers, body: Array(body.utf8))
    }
}

/// The text of the error `body` throws; fails the test when it throws nothing.
func errorText(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    do {
        try body()
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return ""
    } catch {
        return "\(error)"
    }
}

/// Waits for a condition that another thread makes true (a connection closing on an event loop), checking
/// every few milliseconds, as the project's waits do.
func eventually(timeout: Double = 30, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition() {
        if Date() > deadline { return false }
        usleep(5_000)
    }
    return true
}

/// A new empty directory under the system's temporary folder, for mapping fixtures.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mock-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

extension HTTPClientResponse {
    /// The body as text, for short assertions.
    var text: String { bodyText }
}
