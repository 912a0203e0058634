import Synchronization

/// The change count as any thread may read it. `ChangeFeed` keeps the count on the app loop and publishes each new
/// value here, so fscript's trace can ask "did the screen change?" around every step without a hop to the loop,
/// which costs more than a quick step's own work on a loaded machine.
final class ChangeCount: Sendable {
    private let value = Atomic<UInt64>(1)

    /// The latest count published.
    var current: UInt64 { value.load(ordering: .acquiring) }

    /// Publishes `count`, the feed's new count.
    func publish(_ count: UInt64) {
        value.store(count, ordering: .releasing)
    }
}
