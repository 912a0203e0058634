import Foundation
import HTTPCore
import JSON
import Synchronization

/// Whether the mock records, and through which proxying stub: `/__admin/recordings/start` adds a stub that proxies
/// every request to the target (as WireMock does), and `stop` turns what that stub answered into mappings.
final class RecordingState: Sendable {
    enum Status: String, Sendable {
        case neverStarted = "NeverStarted", recording = "Recording", stopped = "Stopped"
    }

    struct Session: Sendable {
        let spec: RecordSpec
        let proxyStub: UUID
        /// The journal's last sequence number when recording started: earlier entries are not part of it.
        let after: Int
    }

    private let state = Mutex<(status: Status, session: Session?)>((.neverStarted, nil))

    var status: Status { state.withLock { $0.status } }

    /// Starts a session, answering the one it replaces (WireMock lets `start` restart).
    func start(_ session: Session) -> Session? {
        state.withLock { state in
            defer { state = (.recording, session) }
            return state.session
        }
    }

    /// Ends the session, nil when none was on.
    func stop() -> Session? {
        state.withLock { state in
            guard let session = state.session else { return nil }
            state = (.stopped, nil)
            return session
        }
    }
}

/// WireMock's recordings API over proxying stubs and the journal: `start`, `stop`, `status` and `snapshot`, with
/// WireMock's answers (`{}` for start, `{"mappings": […]}` for stop and snapshot, 400 "Not currently recording.").
extension AdminAPI {
    static func addRecordingRoutes(to router: inout Router<Handler>) {
        router.add("GET", "/__admin/recordings/status") { api, _, _ in
            json(.object(["status": .string(api.recording.status.rawValue)]))
        }
        router.add("POST", "/__admin/recordings/start") { api, request, _ in
            try api.startRecording(try spec(request, start: true))
            return ok
        }
        router.add("POST", "/__admin/recordings/stop") { api, _, _ in
            guard let session = api.recording.stop() else {
                return json(.object(["errors": .array([.object(["code": .integer(30), "title": .string("Not currently recording.")])])]),
                    status: 400)
            }
            _ = api.stubs.remove(session.proxyStub)
            let exchanges = api.proxiedExchanges { entry, answer in
                entry.sequence > session.after && answer.stub == session.proxyStub
            }
            return try api.recorded(exchanges, spec: session.spec)
        }
        router.add("POST", "/__admin/recordings/snapshot") { api, request, _ in
            let exchanges = api.proxiedExchanges { _, _ in true }
            return try api.recorded(exchanges, spec: try spec(request, start: false))
        }
    }

    /// The spec in a request's body; no body is the defaults.
    private static func spec(_ request: HTTPRequest, start: Bool) throws -> RecordSpec {
        let document = request.body.isEmpty ? JSONValue.object([:]) : try body(request)
        do {
            return try RecordSpec.read(document, start: start)
        } catch {
            throw AdminError(error)
        }
    }

    private func startRecording(_ spec: RecordSpec) throws {
        guard let target = spec.targetBaseUrl else { throw AdminError(422, "targetBaseUrl is required") }
        let stub = try create(.object(["request": .object(["method": .string("ANY")]),
                                       "response": .object(["proxyBaseUrl": .string(target)])]), replacing: nil)
        let last = journal.all.last?.sequence ?? 0
        if let replaced = recording.start(.init(spec: spec, proxyStub: stub.id, after: last)) {
            _ = stubs.remove(replaced.proxyStub)
        }
    }

    /// The journal's proxied requests, oldest first, that pass `keep` and the spec's filters.
    private func proxiedExchanges(
        _ keep: (LoggedRequest, ProxiedAnswers.Answer) -> Bool
    ) -> [(entry: LoggedRequest, answer: ProxiedAnswers.Answer)] {
        journal.all.sorted { $0.sequence < $1.sequence }.compactMap { entry in
            guard let answer = proxied.answer(for: entry.sequence), keep(entry, answer) else { return nil }
            return (entry, answer)
        }
    }

    /// The mappings made from `exchanges`, added to the stubs (as WireMock 2.35.1 does whether or not they persist;
    /// `persist` marks them `persistent`), answered as WireMock answers them.
    private func recorded(
        _ exchanges: [(entry: LoggedRequest, answer: ProxiedAnswers.Answer)], spec: RecordSpec
    ) throws -> HTTPResponse {
        let chosen = exchanges.filter { spec.admits($0.entry) }.map {
            (request: $0.entry, body: $0.answer.requestBody, response: $0.answer.response)
        }
        let mappings = RecordedMappings.make(chosen, spec: spec)
        for mapping in mappings { _ = try create(mapping, replacing: nil) }
        if spec.idsOnly {
            return Self.json(.object(["ids": .array(mappings.compactMap { $0["id"] })]))
        }
        return Self.json(.object(["mappings": .array(mappings)]))
    }
}
