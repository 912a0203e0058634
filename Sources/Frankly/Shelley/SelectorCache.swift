import Synchronization

/// The selectors parsed lately, by their text, so that parsing the same text again is a dictionary lookup.
///
/// A script's actions and waits send a handful of selectors over and over (`wait_for` polls one every few
/// milliseconds), and the lexer, which walks `Character`s, cost more per `/map` than the view-tree walk. Parsing is
/// a pure function of the text, so a remembered parse is the parse. Only successes are kept, and the cache
/// empties itself when full rather than tracking use, which is plenty for the few distinct selectors a script has.
final class SelectorCache: Sendable {
    /// The one cache of the process, shared by the client and the simulator (both parse on every `/map`).
    static let shared = SelectorCache()

    /// How many selectors are kept before the cache starts over.
    static let capacity = 256

    private let selectors = Mutex<[String: Selector]>([:])

    /// The parse of `text`, if it was parsed lately.
    func selector(for text: String) -> Selector? {
        selectors.withLock { $0[text] }
    }

    /// Keeps `selector` under its source text.
    func remember(_ selector: Selector) {
        selectors.withLock { known in
            if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
            known[selector.source] = selector
        }
    }
}
