import Foundation

/// How the mock answered one journaled request: the stub that matched (its id and summary line) and the status,
/// or the near-miss explanation of a 404.
///
/// A class so that journal entries can share one: under load most requests hit the same stub with the same status,
/// and a journal of 50,000 entries then holds one outcome, not 50,000 copies of a summary line
/// (`RepeatSharing` hands the previous one out again).
final class ServeOutcome: Sendable {
    let matchedStub: UUID?
    let matchedStubSummary: String?
    let nearMiss: String?
    let responseStatus: Int

    init(decision: StubStore.Decision) {
        switch decision {
        case .matched(let chosen, _):
            matchedStub = chosen.stub.id
            matchedStubSummary = chosen.stub.summary
            nearMiss = nil
            responseStatus = chosen.response.status
        case .unmatched(let explanation):
            matchedStub = nil
            matchedStubSummary = nil
            nearMiss = explanation
            responseStatus = 404
        }
    }

    /// True when `decision` would make an outcome equal to this one, without building its summary line.
    func describes(_ decision: StubStore.Decision) -> Bool {
        guard case .matched(let chosen, _) = decision else { return false }
        return chosen.stub.id == matchedStub && chosen.response.status == responseStatus
    }
}
