import Foundation
import Frankly
import JSON
import NIOCore
import Platform
import Synchronization
import Wireframe

/// The inspector's view of the target: its tree, its change count and what keeps it busy, and a picture.
///
/// With fscript's change feed a page's wait for "the next change" is one parked request to the target; without it
/// (a real Frank server) the dump is read every `pollInterval` and a change is a dump that differs.
final class TargetWatcher: Sendable {
    /// Seconds between two dumps of a target without the change feed.
    static let pollInterval = 0.25
    /// The longest a page's wait for a change is held open.
    static let longestWait = 10.0

    let client: FranklyClient
    private let polled = Mutex<(text: String, change: UInt64)>(("", 0))
    private let feed = Mutex<Bool?>(nil)

    init(target: String) {
        client = FranklyClient(baseURL: target)
    }

    struct Snapshot {
        var change: UInt64
        var tree: JSONValue
        var busy: [String]
    }

    /// The tree now, or after the change count passes `after` (at most `longestWait` seconds later).
    func snapshot(after: UInt64?) throws -> Snapshot {
        let deadline = Date().addingTimeInterval(Self.longestWait)
        if let after, try hasChangeFeed() {
            _ = try client.waitForChange(after: after, seconds: Self.longestWait)
            return try current()
        }
        while true {
            let snapshot = try current()
            guard let after, snapshot.change <= after, Date() < deadline else { return snapshot }
            try Interruption.sleep(until: .now() + .milliseconds(Int64(Self.pollInterval * 1000)))
        }
    }

    /// Whether the target counts its changes (fscript's `/idle` extension), asked once.
    func hasChangeFeed() throws -> Bool {
        if let known = feed.withLock({ $0 }) { return known }
        _ = try client.idle()
        let known = client.lastChange != nil
        feed.withLock { $0 = known }
        return known
    }

    /// The tree, its change count and the busy list, read now.
    func current() throws -> Snapshot {
        let tree = try client.dump()
        let idle = try client.idle()
        let busy = (idle?.busy ?? []).map { "\($0.kind): \($0.what)" }
        if let change = client.lastChange { return Snapshot(change: change, tree: tree, busy: busy) }
        let text = tree.jsonString
        let change = polled.withLock { state -> UInt64 in
            if state.text != text { state = (text, state.change + 1) }
            return state.change
        }
        return Snapshot(change: change, tree: tree, busy: busy)
    }

    /// The target's screenshot, or the wireframe drawn from its tree when it has none.
    func picture() throws -> [UInt8] {
        if let png = try? client.screenshot(), !png.isEmpty { return png }
        let tree = try client.dump()
        let size = tree["accessibilityFrame"]?["size"]
        return try WireframeRenderer(scale: 1).png(
            of: tree, width: size?["width"]?.doubleValue ?? 375, height: size?["height"]?.doubleValue ?? 667)
    }
}
