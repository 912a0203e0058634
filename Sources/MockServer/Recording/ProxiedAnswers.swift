import Foundation
import HTTPCore
import NIOCore
import Synchronization

/// What proxying stubs answered, by journal entry: WireMock's serve events keep the response, and its recordings
/// (`/__admin/recordings/stop` and `snapshot`) are made from the proxied ones. The mock's journal keeps requests
/// only, so the answers a backend gave are kept here beside it, looked up by the entry's sequence number; the
/// journal decides which entries still exist (a reset empties it), this keeps at most as many answers as it keeps.
final class ProxiedAnswers: Sendable {
    /// One backend answer, the stub that proxied it, and the whole request body (the journal may keep only its
    /// start, and a recorded body pattern must match the whole body again).
    struct Answer: Sendable {
        let stub: UUID
        let requestBody: [UInt8]
        let response: HTTPResponse
    }

    /// The most body bytes kept in all: past it the oldest answers go, as the journal's own bodies do.
    static let byteBudget = 64 * 1024 * 1024

    private struct State {
        var answers: [Int: Answer] = [:]
        /// The kept sequence numbers, oldest first, so dropping the oldest is O(1) (sorting every key on each
        /// proxied request was O(n log n) once full, at 50,000 answers).
        var order = CircularBuffer<Int>()
        var bytes = 0
    }

    private let state = Mutex(State())

    /// Keeps the answer to the journal's entry `sequence`; the oldest go past `limit` answers or the byte budget.
    func keep(_ response: HTTPResponse, for sequence: Int, stub: UUID, requestBody: [UInt8], limit: Int) {
        state.withLock { state in
            let replaced = state.answers.updateValue(
                Answer(stub: stub, requestBody: requestBody, response: response), forKey: sequence)
            if let replaced {
                state.bytes -= replaced.response.body.count + replaced.requestBody.count
            } else {
                state.order.append(sequence)
            }
            state.bytes += response.body.count + requestBody.count
            while state.answers.count > 1, state.answers.count > limit || state.bytes > Self.byteBudget {
                let removed = state.answers.removeValue(forKey: state.order.removeFirst())
                state.bytes -= (removed?.response.body.count ?? 0) + (removed?.requestBody.count ?? 0)
            }
        }
    }

    /// How many answers are kept.
    var count: Int { state.withLock { $0.answers.count } }

    func answer(for sequence: Int) -> Answer? {
        state.withLock { $0.answers[sequence] }
    }
}
