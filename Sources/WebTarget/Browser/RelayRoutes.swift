import HTTPCore
import NIOConcurrencyHelpers
import NIOCore

/// The mocks a `BrowserProxyRelay` routes to, oldest first; the last one answers. A scenario may start a second
/// browser-proxying mock while the first runs: the newer one gets the browser's requests until it stops, then the
/// older one again. Locked: the script thread routes while the event loops read.
///
/// It also keeps the answers still to come from each route (a delayed stub, a held request), so ending a route
/// cancels them: a mock that stops never answers the browser afterwards.
final class RelayRoutes: Sendable {
    private struct Route {
        let owner: ObjectIdentifier
        let responder: any HTTPResponder
    }

    private struct State {
        var routes: [Route] = []
        /// The promises the relay answers with while a route's responder has not yet, by owner and ticket.
        var waiting: [ObjectIdentifier: [UInt64: EventLoopPromise<HTTPResponse>]] = [:]
        var nextTicket: UInt64 = 0
    }

    private let state = NIOLockedValueBox(State())
    /// Holds in progress (`BrowserProxyRelay.holding`): while any runs, no route answers.
    private let holds = NIOLockedValueBox(0)

    func add(_ owner: ObjectIdentifier, _ responder: any HTTPResponder) {
        state.withLockedValue { state in
            state.routes.removeAll { $0.owner == owner }
            state.routes.append(Route(owner: owner, responder: responder))
        }
    }

    /// Ends `owner`'s route; returns the promises of its answers still to come, for the caller to complete.
    func remove(_ owner: ObjectIdentifier) -> [EventLoopPromise<HTTPResponse>] {
        state.withLockedValue { state in
            state.routes.removeAll { $0.owner == owner }
            return Array((state.waiting.removeValue(forKey: owner) ?? [:]).values)
        }
    }

    /// Ends every route; returns the promises of every answer still to come.
    func removeAll() -> [EventLoopPromise<HTTPResponse>] {
        state.withLockedValue { state in
            state.routes.removeAll()
            defer { state.waiting.removeAll() }
            return state.waiting.values.flatMap { $0.values }
        }
    }

    /// The route that answers now, its owner and responder; nil while held.
    var current: (owner: ObjectIdentifier, responder: any HTTPResponder)? {
        guard holds.withLockedValue({ $0 }) == 0 else { return nil }
        return state.withLockedValue { $0.routes.last.map { ($0.owner, $0.responder) } }
    }

    /// What the relay answers when `owner`'s responder answers later with `answer`: that answer while the route
    /// lasts; if the route ends first, whatever `remove` hands its caller instead; nil when it has ended already.
    func awaiting(
        _ answer: EventLoopFuture<HTTPResponse>, from owner: ObjectIdentifier, on eventLoop: any EventLoop
    ) -> EventLoopFuture<HTTPResponse>? {
        let taken: (ticket: UInt64, promise: EventLoopPromise<HTTPResponse>)? = state.withLockedValue { state in
            guard state.routes.contains(where: { $0.owner == owner }) else { return nil }
            state.nextTicket += 1
            let promise = eventLoop.makePromise(of: HTTPResponse.self)
            state.waiting[owner, default: [:]][state.nextTicket] = promise
            return (state.nextTicket, promise)
        }
        guard let (ticket, promise) = taken else { return nil }
        answer.whenComplete { result in
            // Whoever takes the ticket out completes the promise: this answer, or the route's end.
            let ours = self.state.withLockedValue { state in
                let taken = state.waiting[owner]?.removeValue(forKey: ticket) != nil
                if state.waiting[owner]?.isEmpty == true { state.waiting[owner] = nil }
                return taken
            }
            if ours { promise.completeWith(result) }
        }
        return promise.futureResult
    }

    /// Runs `body` with every route held.
    func holding<T>(_ body: () throws -> T) rethrows -> T {
        holds.withLockedValue { $0 += 1 }
        defer { holds.withLockedValue { $0 -= 1 } }
        return try body()
    }
}
