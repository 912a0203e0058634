import Foundation
import HTTPCore
import JSON
import NIOCore
import Synchronization

/// Forwards what no stub answers to a real backend, and with a folder saves each exchange as a WireMock mapping
/// (its body in `__files`), as WireMock's recorder does: `fscript mock --proxy URL --record DIR`.
///
/// The recording replays with `fscript mock --mappings DIR` or `mock.start{mappings = DIR}`, so a test recorded
/// against the real backend runs without it. A request is matched again by its method and URL, and by its body
/// when it had one (JSON compared as JSON); the same request twice is saved once.
///
/// The backend is reached through `UpstreamClient`, the same client proxying stubs use.
public final class ProxyRecorder: Sendable {
    /// Response headers that would be wrong when the recording is replayed later.
    static let unsaved: Set<String> = ["date", "server"]

    let upstream: String
    let directory: String?
    /// The most bytes a backend's answer may have (`--max-proxy-body`): past it the app gets a 502 saying so.
    var maxBody: Int { client.maxBody }
    /// `--max-proxy-body` when none is given.
    public static let defaultMaxBody = UpstreamClient.defaultMaxBody
    /// The HTTP client, shared with the mock's proxying stubs so both have the same limits.
    public let client: UpstreamClient
    private let saved = Mutex<Set<String>>([])

    /// `upstream` is the backend's base URL (`http://host:port`, maybe with a path prefix); `directory` the
    /// folder to record into (its `mappings` and `__files` are created), nil to proxy without recording.
    public init(upstream: String, recordingInto directory: String?, maxBody: Int = defaultMaxBody) throws(ProxyError) {
        self.client = UpstreamClient(maxBody: maxBody)
        guard let scheme = ["http://", "https://"].first(where: upstream.hasPrefix), upstream.count > scheme.count else {
            throw ProxyError("--proxy \(upstream): give the backend's http:// or https:// URL, e.g. https://api.example.com")
        }
        self.upstream = upstream.hasSuffix("/") ? String(upstream.dropLast()) : upstream
        self.directory = directory
        if let directory {
            for folder in ["mappings", "__files"] {
                do {
                    try FileManager.default.createDirectory(
                        atPath: directory + "/" + folder, withIntermediateDirectories: true)
                } catch {
                    throw ProxyError("--record \(directory): cannot create \(folder) (\(error.localizedDescription))")
                }
            }
        }
    }

    /// Sends `request` on to the backend and answers with what it answered (502 when it could not be reached).
    func forward(_ request: HTTPRequest, on eventLoop: any EventLoop) -> EventLoopFuture<HTTPResponse> {
        let answer = client.send(
            method: request.method, url: upstream + request.uri, headers: request.headers, body: request.body,
            on: eventLoop)
        return answer.map { [self] answer in
            if directory != nil { record(request, status: answer.status, headers: answer.headers, body: answer.body) }
            return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body)
        }.flatMapErrorThrowing { [upstream, maxBody] error in
            .text("mock: the proxy to \(upstream) failed: \(error) (answers may have at most \(maxBody) bytes: "
                + "--max-proxy-body)\n", status: 502)
        }
    }

    /// Saves one exchange as a mapping file, unless the same request was saved already.
    private func record(_ request: HTTPRequest, status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        guard let directory else { return }
        let key = "\(request.method) \(request.uri) \(request.body.hashValue)"
        guard saved.withLock({ $0.insert(key).inserted }) else { return }
        let id = UUID()
        let name = Self.slug(request) + "-" + id.uuidString.prefix(8).lowercased()

        var requestPattern: [String: JSONValue] = ["method": .string(request.method), "url": .string(request.uri)]
        if !request.body.isEmpty {
            if let json = try? JSONValue(parsing: request.body) {
                requestPattern["bodyPatterns"] = .array([.object(["equalToJson": json])])
            } else {
                requestPattern["bodyPatterns"] = .array([.object(["equalTo": .string(String(decoding: request.body, as: UTF8.self))])])
            }
        }
        var response: [String: JSONValue] = ["status": .integer(Int64(status))]
        var headerObject: [String: JSONValue] = [:]
        for header in headers where !Self.unsaved.contains(header.name.lowercased()) {
            switch headerObject[header.name] {
            case nil: headerObject[header.name] = .string(header.value)
            case .string(let first)?: headerObject[header.name] = .array([.string(first), .string(header.value)])
            case .array(let list)?: headerObject[header.name] = .array(list + [.string(header.value)])
            default: break
            }
        }
        if !headerObject.isEmpty { response["headers"] = .object(headerObject) }
        if !body.isEmpty {
            let isJSON = (try? JSONValue(parsing: body)) != nil
            let file = name + (isJSON ? ".json" : ".txt")
            Self.write(body, to: "\(directory)/__files/\(file)")
            response["bodyFileName"] = .string(file)
        }
        let mapping: JSONValue = .object([
            "id": .string(id.uuidString.lowercased()), "name": .string("\(request.method) \(request.uri)"),
            "request": .object(requestPattern), "response": .object(response),
            "metadata": .object(["recordedFrom": .string(upstream)]),
        ])
        Self.write(Array((mapping.jsonString(indent: "  ") + "\n").utf8), to: "\(directory)/mappings/\(name).json")
    }

    /// `get-api-items` from `GET /api/items?page=2`, at most 60 characters.
    static func slug(_ request: HTTPRequest) -> String {
        let text = (request.method + " " + request.path).lowercased()
        var slug = ""
        for character in text {
            if character.isASCII && (character.isLetter || character.isNumber) {
                slug.append(character)
            } else if !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        slug = String(slug.trimmingCharacters(in: CharacterSet(charactersIn: "-")).prefix(60))
        return slug.isEmpty ? "request" : slug
    }

    /// Writes through a temporary file and a rename, so a reader never sees half a file.
    private static func write(_ bytes: [UInt8], to path: String) {
        let temporary = path + ".partial"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else { return }
        _ = rename(temporary, path)
    }
}

/// A proxy that cannot be set up: a URL fscript cannot reach, a folder it cannot write.
public struct ProxyError: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
