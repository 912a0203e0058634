import Foundation
import Frankly
import Platform

/// Trace pictures drawn on a thread of their own while the scenario goes on, and the pictures drawn most recently
/// in the run: drawing and encoding one takes about 5 ms (the first one of a run more, loading the fonts), more
/// than a quick step.
///
/// `start` hands a view tree to a serial queue and gives a `Drawing` to wait on; the trace writer waits for it on
/// its own thread, so the script thread never waits for a picture unless it needs the bytes itself (a filmstrip).
/// Every picture drawn, here or by `draw`, is kept in `RecentPictures` by its full dump's JSON, so a screen that
/// comes back in a later scenario is not drawn again. The cache is behind a lock: the script thread, the drawing
/// queue and the trace writer share it.
final class BackgroundDrawings: @unchecked Sendable {
    /// One picture being drawn: its PNG once finished (nil when drawing failed), waited for on any thread.
    final class Drawing: @unchecked Sendable {
        private let condition = NSCondition()
        private var finished = false
        private var png: [UInt8]?
        private var cancelled = false

        /// The PNG, waiting until it is drawn: nil when drawing failed or took longer than `patience` seconds.
        /// On the script thread Ctrl-C, SIGTERM and the test's deadline end the wait within 50 ms (it throws);
        /// other threads have no stop check and wait at most `patience`.
        func wait(patience: Double = BackgroundDrawings.patience) throws -> [UInt8]? {
            condition.lock()
            defer { condition.unlock() }
            let limit = Date(timeIntervalSinceNow: patience)
            while !finished && Date() < limit {
                try Interruption.throwIfStopped()
                _ = condition.wait(until: min(limit, Date(timeIntervalSinceNow: 0.05)))
            }
            return png
        }

        /// Nobody will wait for it: a drawing cancelled before its turn costs nothing.
        func cancel() {
            condition.lock()
            cancelled = true
            condition.unlock()
        }

        fileprivate var isCancelled: Bool {
            condition.lock()
            defer { condition.unlock() }
            return cancelled
        }

        fileprivate func finish(_ result: [UInt8]?) {
            condition.lock()
            png = result
            finished = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// How long a wait for a drawing lasts before the waiter draws the picture itself.
    static let patience = 10.0

    private let lock = NSLock()
    private var recent = RecentPictures()
    private let queue = DispatchQueue(label: "fscript.trace.drawings", qos: .utility)

    /// The picture of the screen whose full dump's JSON is `key`, if it was drawn lately.
    func cached(_ key: String) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return recent[key]
    }

    /// Starts drawing `tree` (whose full dump's JSON is `key`) on the drawing thread.
    func start(_ tree: DumpNode, key: String) -> Drawing {
        let drawing = Drawing()
        queue.async { [self] in
            guard !drawing.isCancelled else { return drawing.finish(nil) }
            drawing.finish(try? draw(tree, key: key))
        }
        return drawing
    }

    /// The PNG of a trace picture, on any thread: waiting for its drawing (bounded), or drawing it.
    func png(of source: TracePictures.Source) throws -> [UInt8] {
        switch source {
        case .png(let png):
            return png
        case .drawing(let drawing, let tree, let key):
            if let png = try drawing.wait() { return png }
            return try draw(tree, key: key)
        case .tree(let tree, let key):
            return try draw(tree, key: key)
        }
    }

    /// Draws `tree` now, on the calling thread, unless it was drawn lately; the picture is kept for later.
    func draw(_ tree: DumpNode, key: String) throws -> [UInt8] {
        if let png = cached(key) { return png }
        let png = try TracePictures.wireframe(of: tree)
        lock.lock()
        recent.keep(png, for: key)
        lock.unlock()
        return png
    }
}
