import Foundation
import HTTPCore
import Synchronization

/// What proxying stubs answered, by journal entry: WireMock's serve events keep the response, and its recordings
/// (`/__admin/recordings/stop` and `snapshot`) are made from the proxied ones. The mock's journal keeps requests
/// only, so the answers a backend gave are kept here beside it, looked up by the entry's sequence number; the
/// journal decides which entries still exist (a reset empties it), this keeps at most as many answers as it keeps.
///
/// Kept compactly, as the journal's entries are: 50,000 answers took about 20 MB as a dictionary of whole
/// responses (131,072 buckets of about 100 bytes, and each answer's own headers and body), a third of the mock's
/// memory behind a proxying stub. Now each is 24 bytes in an array in the order kept (only its used part is ever
/// touched, unlike a ring's whole capacity) plus an index by sequence number (2 MB at 50,000), and consecutive
/// answers that are the same (stub, status, headers and body byte for byte: a backend answers the same way request
/// after request) share one `Response`: about 3 MB at 50,000. What a backend's answer has is all kept: status,
/// headers and body.
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

    /// What a backend answered through a stub: the parts of a response a backend's answer has.
    private final class Response: Sendable {
        let stub: UUID
        let status: Int
        let headers: [(name: String, value: String)]
        let body: [UInt8]

        init(stub: UUID, _ response: HTTPResponse) {
            self.stub = stub
            status = response.status
            headers = response.headers
            body = response.body
        }

        /// Whether `response` through `stub` is this one, byte for byte (bodies compared up to 4 KiB: a larger
        /// one is kept as it came).
        func isSame(_ response: HTTPResponse, stub: UUID) -> Bool {
            stub == self.stub && response.status == status && response.body.count <= 4096 && response.body == body
                && RepeatSharing.same(response.headers, headers)
        }
    }

    /// An answer as kept.
    private struct Kept {
        let sequence: Int
        var requestBody: [UInt8]
        var response: Response?

        var bytes: Int { (response?.body.count ?? 0) + requestBody.count }
    }

    private struct State {
        /// The answers, oldest kept first, from `head` on: dropping the oldest moves `head`, and the dropped ones
        /// are cleared out in one move now and then (`compact`), so dropping is O(1) amortized.
        var kept: [Kept] = []
        var head = 0
        /// Where each sequence number's answer is, counted from the first answer ever kept.
        var positions: [Int: Int] = [:]
        /// How many answers were cleared out of the front of `kept`: `positions` minus this is the index in `kept`.
        var cleared = 0
        var bytes = 0
        /// The last answer kept, to share.
        var last: Response?

        var count: Int { kept.count - head }

        /// Clears the dropped answers out of the front once they are an eighth of the array (at least 1,024), so
        /// the array stays within an eighth of what is kept.
        mutating func compact() {
            guard head >= 1024, head * 8 >= kept.count else { return }
            kept.removeFirst(head)
            cleared += head
            head = 0
        }
    }

    private let state = Mutex(State())

    /// Keeps the answer to the journal's entry `sequence`; the oldest go past `limit` answers or the byte budget.
    func keep(_ response: HTTPResponse, for sequence: Int, stub: UUID, requestBody: [UInt8], limit: Int) {
        state.withLock { state in
            let shared = state.last.flatMap { $0.isSame(response, stub: stub) ? $0 : nil } ?? Response(stub: stub, response)
            state.last = shared
            let answer = Kept(sequence: sequence, requestBody: requestBody, response: shared)
            if let position = state.positions[sequence] {
                let index = position - state.cleared
                state.bytes -= state.kept[index].bytes
                state.kept[index] = answer
            } else {
                state.positions[sequence] = state.cleared + state.kept.count
                state.kept.append(answer)
            }
            state.bytes += answer.bytes
            while state.count > 1, state.count > limit || state.bytes > Self.byteBudget {
                let removed = state.kept[state.head]
                // Its storage goes now; the slot goes with the next `compact`.
                state.kept[state.head].requestBody = []
                state.kept[state.head].response = nil
                state.head += 1
                state.positions.removeValue(forKey: removed.sequence)
                state.bytes -= removed.bytes
            }
            state.compact()
        }
    }

    /// How many answers are kept.
    var count: Int { state.withLock { $0.count } }

    func answer(for sequence: Int) -> Answer? {
        state.withLock { state in
            guard let position = state.positions[sequence] else { return nil }
            let kept = state.kept[position - state.cleared]
            guard let response = kept.response else { return nil }
            return Answer(
                stub: response.stub, requestBody: kept.requestBody,
                response: HTTPResponse(status: response.status, headers: response.headers, body: response.body))
        }
    }
}
