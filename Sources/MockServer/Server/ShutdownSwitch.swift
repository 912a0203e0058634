import Foundation
import Synchronization

/// What `POST /__admin/shutdown` does, decided by whoever runs the mock: `fscript mock` ends the process as
/// Ctrl-C would; a mock started from Lua or Swift stops itself and the script goes on.
final class ShutdownSwitch: Sendable {
    private let action = Mutex<(@Sendable () -> Void)?>(nil)
    private let requested = Atomic<Bool>(false)

    /// True once a client asked for the shutdown.
    var wasRequested: Bool { requested.load(ordering: .sequentiallyConsistent) }

    /// Replaces what a shutdown request does.
    func set(_ newAction: @escaping @Sendable () -> Void) {
        action.withLock { $0 = newAction }
    }

    /// Runs the action, or `fallback` when none was set. Called on an event loop with the answer not yet sent,
    /// so the work happens on another thread (stopping the server waits for its connections to close).
    func trigger(fallback: @escaping @Sendable () -> Void) {
        requested.store(true, ordering: .sequentiallyConsistent)
        let chosen = action.withLock { $0 } ?? fallback
        Thread.detachNewThread { chosen() }
    }
}
