import HTTPCore
import NIOConcurrencyHelpers

/// The mocks a `BrowserProxyRelay` routes to, oldest first; the last one answers. A scenario may start a second
/// browser-proxying mock while the first runs: the newer one gets the browser's requests until it stops, then the
/// older one again. Locked: the script thread routes while the event loops read.
final class RelayRoutes: Sendable {
    private let entries = NIOLockedValueBox<[(owner: ObjectIdentifier, responder: any HTTPResponder)]>([])
    /// Holds in progress (`BrowserProxyRelay.holding`): while any runs, no route answers.
    private let holds = NIOLockedValueBox(0)

    func add(_ owner: ObjectIdentifier, _ responder: any HTTPResponder) {
        entries.withLockedValue { list in
            list.removeAll { $0.owner == owner }
            list.append((owner, responder))
        }
    }

    func remove(_ owner: ObjectIdentifier) {
        entries.withLockedValue { list in list.removeAll { $0.owner == owner } }
    }

    func removeAll() {
        entries.withLockedValue { $0.removeAll() }
    }

    /// The responder routed now; nil while held.
    var current: (any HTTPResponder)? {
        guard holds.withLockedValue({ $0 }) == 0 else { return nil }
        return entries.withLockedValue { $0.last?.responder }
    }

    /// Runs `body` with every route held.
    func holding<T>(_ body: () throws -> T) rethrows -> T {
        holds.withLockedValue { $0 += 1 }
        defer { holds.withLockedValue { $0 -= 1 } }
        return try body()
    }
}
