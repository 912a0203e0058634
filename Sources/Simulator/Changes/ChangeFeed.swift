import NIOCore

/// A counter of the changes a client could see (the views, the busy list), and the clients waiting for the next.
///
/// It is what makes fscript's waits cost nothing: a wait that finds its condition false asks
/// `GET /idle?changed_since=N&timeout_ms=T` and is answered only when the count passes N (or at T), then checks
/// once more. Every answer carries the count as it was when the answer was made (`X-Fscript-Change`). The count
/// goes up after every request that may have changed the app (not after reads: `/dump`, `/idle`, a getter sent to
/// `/map`), when an animation ends, when a delayed behaviour or a backend answer runs, and on relaunch; it never
/// goes back, so a count from before a relaunch still means "older than now".
///
/// It lives on the app loop with the app, and outlives relaunches (the `AppHost` owns it).
final class ChangeFeed {
    /// The header every simulator answer carries the count in.
    static let header = "X-Fscript-Change"
    /// The longest a client may ask to wait, in milliseconds: a day would hold sockets open for nothing.
    static let maximumWait: Int64 = 60_000

    private(set) var count: UInt64 = 1
    /// The count for other threads to read.
    let published = ChangeCount()
    private var waiters: [Waiter] = []
    private var nextWaiter = 0
    private let loop: any EventLoop

    private struct Waiter {
        var id: Int
        var since: UInt64
        var promise: EventLoopPromise<Void>
        var timer: Scheduled<Void>
    }

    init(loop: any EventLoop) {
        self.loop = loop
    }

    /// Something a client could see changed: count it and answer every waiting client.
    func bump() {
        count += 1
        published.publish(count)
        guard !waiters.isEmpty else { return }
        let ready = waiters
        waiters.removeAll()
        for waiter in ready {
            waiter.timer.cancel()
            waiter.promise.succeed()
        }
    }

    /// Succeeds once the count is past `since`, or after `milliseconds`, or when `closed` completes (the client
    /// went away), whichever is first. At once when the count is already past.
    func wait(since: UInt64, milliseconds: Int64, closed: EventLoopFuture<Void>?) -> EventLoopFuture<Void> {
        guard since >= count else { return loop.makeSucceededVoidFuture() }
        let id = nextWaiter
        nextWaiter += 1
        let promise = loop.makePromise(of: Void.self)
        let timer = loop.assumeIsolated().scheduleTask(in: .milliseconds(milliseconds)) { [weak self] () -> Void in
            self?.release(id)
        }
        waiters.append(Waiter(id: id, since: since, promise: promise, timer: timer))
        closed?.hop(to: loop).assumeIsolated().whenComplete { [weak self] _ in self?.release(id) }
        return promise.futureResult
    }

    private func release(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        let waiter = waiters.remove(at: index)
        waiter.timer.cancel()
        waiter.promise.succeed()
    }

    /// Answers every waiting client now (the server is stopping).
    func releaseAll() {
        let ready = waiters
        waiters.removeAll()
        for waiter in ready {
            waiter.timer.cancel()
            waiter.promise.succeed()
        }
    }
}
