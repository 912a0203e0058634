import Foundation
import HTTPCore
import JSON
import NIOCore
import Synchronization

/// A synchronous client for one Frankly target: a real app's Frank server, or fscript's simulator.
///
/// The Lua bindings call it from the script's thread; each call is one HTTP request on a kept-alive connection
/// and blocks until the answer or the time limit. Bodies are always read as JSON whatever their Content-Type, as
/// FRANKLY.md requires, and every `/map` names the `shelley_compat` engine. Failures are `FranklyClientError`s
/// that say which call failed and why.
public final class FranklyClient: Sendable {
    /// The target, e.g. `http://127.0.0.1:37265`, without a trailing slash.
    public let baseURL: String
    /// How long one request may take, in seconds.
    public let timeout: Double
    private let http: HTTPClient
    /// The change count of the latest answer (`X-Fscript-Change`), -1 while none carried one.
    private let latestChange = Atomic<Int64>(-1)

    /// Seconds a request may take unless told otherwise: HTTPCore's one default.
    public static let defaultTimeout = Double(HTTPClient.defaultTimeoutSeconds)

    /// A client for the server at `baseURL`; pass a shared `HTTPClient` to share its connections.
    public init(baseURL: String, timeout: Double = defaultTimeout, http: HTTPClient = HTTPClient()) {
        var url = baseURL
        while url.hasSuffix("/") { url.removeLast() }
        self.baseURL = url
        self.timeout = timeout
        self.http = http
    }

    // MARK: Standard envelope endpoints

    /// Sends `method` to every view `selector` matches (`POST /map`); one result per view, in selection order,
    /// `.null` for views that do not understand the method. An empty list means nothing matched.
    public func map(_ selector: String, method: String, arguments: [JSONValue] = []) throws -> [JSONValue] {
        let body = MapRequest(query: selector, operation: Operation(methodName: method, arguments: arguments))
        let request = FranklyClientError.Request(
            method: "POST", path: "/map", baseURL: baseURL, selector: selector, operation: method)
        return try envelope(request, body: body.json.jsonBytes).results ?? []
    }

    /// Sends `method` to the app delegate (`POST /app_exec`) and returns its one result.
    public func appExec(_ method: String, arguments: [JSONValue] = []) throws -> JSONValue {
        let body = AppExecRequest(operation: Operation(methodName: method, arguments: arguments))
        let request = FranklyClientError.Request(
            method: "POST", path: "/app_exec", baseURL: baseURL, selector: nil, operation: method)
        let results = try envelope(request, body: body.json.jsonBytes).results ?? []
        guard results.count == 1 else {
            throw FranklyClientError.unexpectedJSON(
                request, details: "expected exactly one result, got \(results.count)")
        }
        return results[0]
    }

    /// Types into the focused input (`POST /type_into_keyboard`); `\b` deletes, `\n` is Return.
    public func typeIntoKeyboard(_ text: String) throws {
        let request = makeRequest("POST", "/type_into_keyboard")
        _ = try envelope(request, body: TypeIntoKeyboardRequest(textToType: text).json.jsonBytes)
    }

    /// Rotates the device (`POST /orientation`); `name` is one of the four detailed names, sent as raw text.
    public func setOrientation(_ name: String) throws {
        _ = try envelope(makeRequest("POST", "/orientation"), body: Array(name.utf8))
    }

    /// Moves the simulated GPS position (`POST /location`).
    public func setLocation(latitude: Double, longitude: Double) throws {
        let body = LocationRequest(latitude: latitude, longitude: longitude).json.jsonBytes
        _ = try envelope(makeRequest("POST", "/location"), body: body)
    }

    // MARK: Bare JSON endpoints

    /// The key window's view tree (`GET /dump`), as parsed JSON.
    public func dump() throws -> JSONValue {
        try dump { try JSONValue(parsing: $0) }
    }

    /// The key window's view tree (`GET /dump`), parsed by `parse` from the answer's text; whatever `parse`
    /// throws is reported as an answer that is not JSON. The Lua binding parses with a `JSONBuilder` of its own,
    /// into Lua tables without a `JSONValue` tree in between (and, called from there, specialised for it).
    public func dump<Result>(parsing parse: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        let request = makeRequest("GET", "/dump")
        return try self.parse(send(request, body: nil), request, with: parse)
    }

    /// The key window's view tree (`GET /dump`), typed.
    public func dumpNode() throws -> DumpNode {
        let request = makeRequest("GET", "/dump")
        let value = try dump()
        do {
            return try DumpNode(json: value)
        } catch {
            throw FranklyClientError.unexpectedJSON(request, details: "\(error)")
        }
    }

    /// The current orientation (`GET /orientation`).
    public func orientation() throws -> OrientationResponse {
        try decoded(OrientationResponse.self, makeRequest("GET", "/orientation"))
    }

    /// The device family and OS version (`GET /device`).
    public func device() throws -> DeviceResponse {
        try decoded(DeviceResponse.self, makeRequest("GET", "/device"))
    }

    /// The Frank server's version (`GET /version`).
    public func version() throws -> VersionResponse {
        try decoded(VersionResponse.self, makeRequest("GET", "/version"))
    }

    /// The screen size in pixels (`GET /resolution`).
    public func resolution() throws -> ResolutionResponse {
        try decoded(ResolutionResponse.self, makeRequest("GET", "/resolution"))
    }

    /// What keeps the app busy (`GET /idle`, fscript's extension), or nil when the server does not have the
    /// endpoint (404): then poll `map("descendant isAnimating", …)` instead.
    public func idle() throws -> IdleResponse? {
        let request = makeRequest("GET", "/idle")
        let response = try send(request, body: nil, allowing: [404])
        guard response.status != 404 else { return nil }
        return try decode(IdleResponse.self, from: response, request)
    }

    // MARK: The change feed (fscript's extension; see `docs/PROTOCOL.md`)

    /// The change count the latest answer carried, or nil when the target has no change feed (a real Frank
    /// server): then waits poll at a steady pace instead of waiting for changes.
    public var lastChange: UInt64? {
        let value = latestChange.load(ordering: .relaxed)
        return value < 0 ? nil : UInt64(value)
    }

    /// Blocks until the target's change count passes `count` or `seconds` pass
    /// (`GET /idle?changed_since=N&timeout_ms=T`); false when the target does not offer the wait.
    public func waitForChange(after count: UInt64, seconds: Double) throws -> Bool {
        let milliseconds = max(0, min(Int64(seconds * 1000), 60_000))
        let request = makeRequest("GET", "/idle?changed_since=\(count)&timeout_ms=\(milliseconds)")
        let response = try send(request, body: nil, allowing: [404], extraTime: Double(milliseconds) / 1000)
        return response.status != 404 && response.header(Self.changeHeader) != nil
    }

    /// Relaunches the app (`POST /launch`, fscript's lifecycle extension): with `environment`, or with the one
    /// the server started with when nil, showing `screen` directly when given. False when the target does not
    /// offer it (a real Frank server answers 404); an ERROR envelope (the app file no longer loads, no such
    /// screen) is thrown.
    public func launch(environment: [String: String]?, screen: String? = nil) throws -> Bool {
        var body: [String: JSONValue] = [:]
        if let environment { body["env"] = .object(environment.mapValues(JSONValue.string)) }
        if let screen { body["screen"] = .string(screen) }
        let request = makeRequest("POST", "/launch")
        let response = try send(request, body: JSONValue.object(body).jsonBytes, allowing: [404])
        guard response.status != 404 else { return false }
        _ = try envelope(request, from: response)
        return true
    }

    /// Simulates a memory warning (`POST /memory_warning`, fscript's extension, what Frank did through the iOS
    /// Simulator's Hardware menu). False when the target does not offer it.
    public func simulateMemoryWarning() throws -> Bool {
        let request = makeRequest("POST", "/memory_warning")
        let response = try send(request, body: [], allowing: [404])
        guard response.status != 404 else { return false }
        _ = try envelope(request, from: response)
        return true
    }

    /// The header the simulator puts its change count in.
    public static let changeHeader = "X-Fscript-Change"

    // MARK: Other endpoints

    /// A PNG of the key window (`GET /screenshot`).
    public func screenshot() throws -> [UInt8] {
        let request = makeRequest("GET", "/screenshot")
        let response = try send(request, body: nil)
        guard response.body.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            // A server that could not draw says why in an ERROR envelope (the simulator without cairo names the
            // package to install); that reads better whole than as an excerpt.
            if let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(response.body)),
                envelope.outcome == .error
            {
                throw FranklyClientError.failed(
                    request, reason: envelope.reason ?? "ERROR without a reason", details: envelope.details)
            }
            throw FranklyClientError.unexpectedBody(
                request, expected: "a PNG image", bodyStart: FranklyClientError.excerpt(response.body))
        }
        return response.body
    }

    /// Checks that the server answers at all (`GET /`, which every Frank server answers with 200).
    public func ping() throws {
        _ = try send(makeRequest("GET", "/"), body: nil)
    }

    // MARK: Plumbing

    func makeRequest(_ method: String, _ path: String) -> FranklyClientError.Request {
        FranklyClientError.Request(method: method, path: path, baseURL: baseURL, selector: nil, operation: nil)
    }

    /// Sends the request; a status outside 2xx (and outside `allowing`) is an error.
    func send(
        _ request: FranklyClientError.Request, body: [UInt8]?, allowing: Set<Int> = [], extraTime: Double = 0
    ) throws -> HTTPClientResponse {
        var outgoing = HTTPClientRequest(method: request.method, url: baseURL + request.path)
        if let body {
            outgoing.body = body
            outgoing.headers = [("Content-Type", request.path == "/orientation" ? "text/plain" : "application/json")]
        }
        let response: HTTPClientResponse
        do {
            response = try http.send(outgoing, timeout: .nanoseconds(Int64((timeout + extraTime) * 1e9)))
        } catch let error as HTTPClientError {
            throw FranklyClientError.transport(request, error)
        }
        // An answer without the header (a real Frank server, or a 404 page) means no feed to wait on.
        latestChange.store(response.header(Self.changeHeader).flatMap { Int64($0) } ?? -1, ordering: .relaxed)
        guard (200..<300).contains(response.status) || allowing.contains(response.status) else {
            throw FranklyClientError.httpStatus(
                request, status: response.status, bodyStart: FranklyClientError.excerpt(response.body))
        }
        return response
    }

    /// Sends and reads a standard envelope; an ERROR envelope is thrown as `.failed`.
    private func envelope(_ request: FranklyClientError.Request, body: [UInt8]) throws -> Envelope {
        try envelope(request, from: send(request, body: body))
    }

    /// Reads a standard envelope from an answer; an ERROR envelope is thrown as `.failed`.
    func envelope(_ request: FranklyClientError.Request, from response: HTTPClientResponse) throws -> Envelope {
        let envelope: Envelope
        do {
            envelope = try Envelope(json: parse(response, request))
        } catch let error as ShapeError {
            throw FranklyClientError.unexpectedJSON(request, details: error.message)
        }
        guard envelope.outcome == .success else {
            throw FranklyClientError.failed(
                request, reason: envelope.reason ?? "ERROR without a reason", details: envelope.details)
        }
        return envelope
    }

    private func decoded<T: Decodable>(_ type: T.Type, _ request: FranklyClientError.Request) throws -> T {
        try decode(type, from: send(request, body: nil), request)
    }

    private func parse(_ response: HTTPClientResponse, _ request: FranklyClientError.Request) throws -> JSONValue {
        try parse(response, request) { try JSONValue(parsing: $0) }
    }

    /// Reads the body with `read`; whatever it throws is reported as an answer that is not JSON.
    private func parse<Result>(
        _ response: HTTPClientResponse, _ request: FranklyClientError.Request,
        with read: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) throws -> Result {
        do {
            return try response.body.withUnsafeBufferPointer(read)
        } catch {
            throw FranklyClientError.unexpectedBody(
                request, expected: "JSON", bodyStart: FranklyClientError.excerpt(response.body))
        }
    }

    /// Decodes the small typed answers (`/orientation`, `/device`, `/idle` …) with `JSONDecoder`; the envelope
    /// and the dump, which every action reads, are built from one parse instead.
    private func decode<T: Decodable>(
        _ type: T.Type, from response: HTTPClientResponse, _ request: FranklyClientError.Request
    ) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(response.body))
        } catch {
            // Parsing tells "not JSON at all" apart from "JSON of the wrong shape", two different bugs.
            let value = try parse(response, request)
            // A server that cannot answer (the web target's browser gone) says why in an ERROR envelope; its
            // reason is the news, not the missing field.
            if let envelope = try? Envelope(json: value), envelope.outcome == .error {
                throw FranklyClientError.failed(
                    request, reason: envelope.reason ?? "ERROR without a reason", details: envelope.details)
            }
            throw FranklyClientError.unexpectedJSON(request, details: Self.describe(error))
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        default: return "\(error)"
        }
    }
}
