import Foundation
import HTTPCore

/// A `StubStore`'s stubs in the order they were added, and the indexes a match reads: by id, and by the literal
/// path a stub matches (`urlPath`, `url`), so a request is compared only with the stubs for its path and the ones
/// without a literal path.
///
/// A value, read and changed under the store's lock. A replace-all (`mappings/reset`, an import that deletes the
/// rest) builds the new index aside and the store swaps it in with one assignment: removing every stub and then
/// adding the new ones left requests a moment with none (25 of 47,147 requests got a 404 during resets).
struct StubIndex {
    /// The stubs in the order they were added; a removed one leaves a hole (nil) until the next compaction, so
    /// adding and removing cost O(1) amortized: 16,000 imports took 193 s when each rebuilt the index.
    private(set) var entries: [StubStore.Entry?] = []
    private var holes = 0
    /// Where each stub is in `entries`, by id.
    private var positionByID: [UUID: Int] = [:]
    /// Positions in `entries` of the stubs for each literal path, and of the stubs without one.
    private var byPath: [String: [Int]] = [:]
    private var unindexed: [Int] = []
    /// How many of the stubs are not light (`Stub.isLight`): while any is there, every request is decided on a
    /// worker thread (a request's candidates can include any unindexed stub).
    private(set) var heavy = 0

    /// The entry at a position `entries` or `candidates` gave; nil for a hole.
    subscript(position: Int) -> StubStore.Entry? { entries[position] }

    /// Where the stub with `id` is, if it is there.
    func position(of id: UUID) -> Int? { positionByID[id] }

    /// Adds an entry after the others; one with the same id is removed first.
    mutating func append(_ entry: StubStore.Entry) {
        remove(entry.stub.id)
        let position = entries.count
        entries.append(entry)
        place(entry, at: position)
    }

    /// Puts `entry` where the stub with the same id is, keeping its position (and so its precedence).
    mutating func replace(at position: Int, with entry: StubStore.Entry) {
        entries[position] = entry
    }

    /// Makes a hole where the stub with `id` is; compacts once half the list is holes. False when there was none.
    @discardableResult
    mutating func remove(_ id: UUID) -> Bool {
        guard let position = positionByID.removeValue(forKey: id) else { return false }
        if entries[position]?.isLight == false { heavy -= 1 }
        entries[position] = nil
        holes += 1
        if holes > 64 && holes * 2 > entries.count { compact() }
        return true
    }

    /// Only the stubs that could match: those for this path (as sent, or decoded) and those without one.
    func candidates(for request: HTTPRequest) -> [Int] {
        var candidates = unindexed
        candidates += byPath[request.path] ?? []
        let decoded = request.decodedPath
        if decoded != request.path { candidates += byPath[decoded] ?? [] }
        return candidates
    }

    /// Drops the holes and rebuilds the indexes.
    private mutating func compact() {
        entries = entries.filter { $0 != nil }
        holes = 0
        byPath.removeAll(keepingCapacity: true)
        unindexed.removeAll(keepingCapacity: true)
        positionByID.removeAll(keepingCapacity: true)
        heavy = 0
        for (position, entry) in entries.enumerated() {
            if let entry { place(entry, at: position) }
        }
    }

    /// Indexes the entry at `position`.
    private mutating func place(_ entry: StubStore.Entry, at position: Int) {
        positionByID[entry.stub.id] = position
        if !entry.isLight { heavy += 1 }
        if let path = entry.stub.request.url?.literalPath {
            byPath[path, default: []].append(position)
        } else {
            unindexed.append(position)
        }
    }
}
