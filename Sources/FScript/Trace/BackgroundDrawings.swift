import Foundation
import JSON
import Platform

/// Trace pictures drawn on a thread of their own while the scenario goes on, for runs that keep every picture
/// (`--trace on`, `--screenshots every-step`): drawing and encoding one takes about 5 ms, more than a quick step.
///
/// `start` hands a view tree to a serial queue; `take` gives its PNG, waiting for the drawing when it is still under
/// way (a wait on a condition, bounded: after `patience` seconds the caller draws it itself; Ctrl-C and the test's
/// deadline end it within 50 ms). `forget` drops every
/// result and any drawing still under way, between scenarios. The state is behind one lock, so the queue and the
/// script thread can share it.
final class BackgroundDrawings: @unchecked Sendable {
    private let condition = NSCondition()
    /// Drawings started and not yet taken or forgotten.
    private var started: Set<Int> = []
    /// Finished drawings: the PNG, or nil when drawing failed (the caller then draws and reports the error itself).
    private var finished: [Int: [UInt8]?] = [:]
    private let queue = DispatchQueue(label: "fscript.trace.drawings", qos: .utility)
    /// How long `take` waits for a drawing before giving up on it.
    static let patience = 10.0

    /// Starts drawing `tree` as picture `number`.
    func start(_ number: Int, tree: JSONValue) {
        condition.lock()
        started.insert(number)
        condition.unlock()
        queue.async { [self] in
            // A drawing forgotten before its turn costs nothing.
            condition.lock()
            let wanted = started.contains(number)
            condition.unlock()
            guard wanted else { return }
            let png = try? TracePictures.wireframe(of: tree)
            condition.lock()
            // `.some`: a failed drawing (nil) must be stored as finished, not remove the key.
            if started.contains(number) { finished[number] = .some(png) }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The PNG of picture `number`: nil when it was never started, failed, or took longer than `patience`. Throws
    /// the stop when Ctrl-C, SIGTERM or the test's deadline comes while it waits.
    func take(_ number: Int) throws -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        guard started.contains(number) else { return nil }
        let limit = Date(timeIntervalSinceNow: Self.patience)
        while finished[number] == nil && Date() < limit {
            try Interruption.throwIfStopped()
            _ = condition.wait(until: min(limit, Date(timeIntervalSinceNow: 0.05)))
        }
        started.remove(number)
        return finished.removeValue(forKey: number) ?? nil
    }

    /// Drops every result; drawings still under way finish into nothing.
    func forget() {
        condition.lock()
        started.removeAll()
        finished.removeAll()
        condition.unlock()
    }
}
