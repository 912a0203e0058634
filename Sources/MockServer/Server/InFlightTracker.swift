import Foundation

/// The requests the mock is still answering: delayed ones until their answer leaves, hung ones until the client
/// closes the connection.
///
/// A test's wait-for-idle reads this to count the backend as busy, the way the app's own network indicator would.
final class InFlightTracker: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [Int: String] = [:]
    private var nextToken = 0

    /// Starts tracking a request described as `METHOD /path`; returns the token that ends it.
    func begin(_ description: String) -> Int {
        lock.withLock {
            nextToken += 1
            requests[nextToken] = description
            return nextToken
        }
    }

    /// Stops tracking; calling it twice for one token is harmless (the answer and the close may both end it).
    func end(_ token: Int) {
        _ = lock.withLock { requests.removeValue(forKey: token) }
    }

    /// What is in flight, oldest first.
    var descriptions: [String] {
        lock.withLock { requests.sorted { $0.key < $1.key }.map(\.value) }
    }
}
