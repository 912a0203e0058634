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

    /// `mapping` with its answer's body moved to a file in the loaded root's `__files` when `extractBodyCriteria`
    /// says it is too long, named as WireMock names it (`NAME-ID.json`, `.txt`, …) and given as `bodyFileName`.
    private func extractingBody(of mapping: JSONValue, spec: RecordSpec) throws -> JSONValue {
        guard spec.extractTextOver != nil || spec.extractBinaryOver != nil,
            case .object(var members) = mapping, case .object(var response)? = members["response"]
        else { return mapping }
        let bytes: [UInt8]
        if let text = response["body"]?.stringValue, let limit = spec.extractTextOver, text.utf8.count > limit {
            bytes = Array(text.utf8)
        } else if let encoded = response["base64Body"]?.stringValue, let limit = spec.extractBinaryOver,
            let data = Data(base64Encoded: encoded), data.count > limit
        {
            bytes = Array(data)
        } else {
            return mapping
        }
        guard mappings.root != nil else {
            throw AdminError(
                422, "extractBodyCriteria writes bodies to the loaded root's __files, and this mock loaded none: "
                    + "start it with --mappings DIR", pointer: "/extractBodyCriteria")
        }
        let name = MappingFiles.safeName(members["name"]?.stringValue ?? "")
        let id = members["id"]?.stringValue ?? UUID().uuidString.lowercased()
        let file = "\(name)-\(id).\(Self.fileExtension(response))"
        let url = URL(fileURLWithPath: mappings.filesDirectory).appendingPathComponent(file)
        do {
            try FileManager.default.createDirectory(atPath: mappings.filesDirectory, withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        } catch {
            throw AdminError(500, "cannot write \(url.path): \(error.localizedDescription)")
        }
        response["body"] = nil
        response["base64Body"] = nil
        response["bodyFileName"] = .string(file)
        members["response"] = .object(response)
        return .object(members)
    }

    /// The extension WireMock gives an extracted body by its Content-Type: json, xml, html, else txt.
    private static func fileExtension(_ response: [String: JSONValue]) -> String {
        var type = ""
        if case .object(let headers)? = response["headers"] {
            for (name, value) in headers where name.lowercased() == "content-type" {
                type = (value.stringValue ?? value.jsonString).lowercased()
            }
        }
        if type.contains("json") { return "json" }
        if type.contains("xml") { return "xml" }
        if type.contains("html") { return "html" }
        return "txt"
    }

    /// The mappings made from `exchanges`, added to the stubs (as WireMock 2.35.1 does whether or not they persist;
    /// `persist` marks them `persistent`), answered as WireMock answers them.
    private func recorded(
        _ exchanges: [(entry: LoggedRequest, answer: ProxiedAnswers.Answer)], spec: RecordSpec
    ) throws -> HTTPResponse {
        let chosen = exchanges.filter { spec.admits($0.entry) }.map {
            (request: $0.entry, body: $0.answer.requestBody, response: $0.answer.response)
        }
        let mappings = try RecordedMappings.make(chosen, spec: spec).map { try extractingBody(of: $0, spec: spec) }
        for mapping in mappings { _ = try create(mapping, replacing: nil) }
        if spec.idsOnly {
            return Self.json(.object(["ids": .array(mappings.compactMap { $0["id"] })]))
        }
        return Self.json(.object(["mappings": .array(mappings)]))
    }
}
