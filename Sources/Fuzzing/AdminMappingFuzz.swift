import Foundation
import HTTPCore
import JSON
import MockServer
import NIOCore

/// The `admin-mappings` target: whole mappings POSTed to a running mock's admin API, then requests sent to it.
///
/// The first byte chooses how the mapping is made: generated from the bytes (valid), generated and then one
/// field's value replaced by a hostile one (a number at an edge, a wrong type, a huge string), or the bytes
/// themselves. Whatever the mapping, the mock must answer the POST with a 201, or a 400/422 whose
/// `errors[0].title` says why; answer every request with a well-formed response (a status from 100 to 599, no
/// body on a bodiless status, the length it announced), unless the mapping asked for a fault or a delay; and
/// still answer `/__admin/health` afterwards. A broken promise is a trap, so libFuzzer records the input.
enum AdminMappingFuzz {
    /// One mock for the process (libFuzzer runs millions of inputs; a server each would measure the start-up).
    private static let mock: MockServer = {
        do { return try MockServer.start() } catch { fatalError("admin-mappings: the mock did not start: \(error)") }
    }()
    private static let client = HTTPClient(reuseConnections: false)

    static func run(_ bytes: UnsafeRawBufferPointer) {
        var reader = ByteReader(bytes: bytes)
        let mode = reader.next() ?? 0
        let mapping: MappingGenerator.Mapping
        switch mode % 3 {
        case 0: mapping = MappingGenerator.valid(&reader)
        case 1: mapping = MappingGenerator.mutated(&reader)
        default:
            let rest = Array(UnsafeRawBufferPointer(rebasing: bytes[min(1, bytes.count)...]))
            mapping = .init(text: String(decoding: rest, as: UTF8.self), path: "/fuzz/raw")
        }
        defer { reset() }
        guard add(mapping) else { return }
        let mayMisbehave = mapping.text.contains("fault") || mapping.text.contains("elay")
        for (method, target) in [("GET", mapping.path), ("POST", mapping.path + "?q=1"), ("GET", "/fuzz/none")] {
            check(method, target, mayMisbehave: mayMisbehave)
        }
        let health = send("GET", "/__admin/health", timeout: .seconds(10))
        guard case .success(let answer)? = health, answer.status == 200 else {
            let answer = String(describing: health)
            fatalError("admin-mappings: /__admin/health did not answer after \(mapping.text): \(answer)")
        }
    }

    /// POSTs the mapping; true when the mock took it (201). A refusal must say why in WireMock's shape.
    private static func add(_ mapping: MappingGenerator.Mapping) -> Bool {
        guard case .success(let answer)? = send("POST", "/__admin/mappings", body: mapping.text, timeout: .seconds(10))
        else { fatalError("admin-mappings: POST /__admin/mappings got no answer for \(mapping.text)") }
        if answer.status == 201 { return true }
        guard [400, 422].contains(answer.status), let errors = try? JSONValue(parsing: answer.body),
            case .array(let list)? = errors["errors"], let title = list.first?["title"]?.stringValue, !title.isEmpty
        else {
            fatalError("admin-mappings: POST answered \(answer.status) \(answer.bodyText) for \(mapping.text)")
        }
        return false
    }

    /// One request to the mock: a well-formed answer, or (for a fault or a delay) any outcome but a hang.
    private static func check(_ method: String, _ target: String, mayMisbehave: Bool) {
        switch send(method, target, timeout: .seconds(mayMisbehave ? 1 : 10)) {
        case .success(let answer):
            guard (100...599).contains(answer.status) else { fatalError("admin-mappings: status \(answer.status)") }
            if [204, 304].contains(answer.status) || (100...199).contains(answer.status) {
                guard answer.body.isEmpty else { fatalError("admin-mappings: a \(answer.status) carried a body") }
            }
            if let length = answer.header("Content-Length"), method != "HEAD" {
                guard Int(length) == answer.body.count else {
                    fatalError("admin-mappings: Content-Length \(length) but \(answer.body.count) bytes")
                }
            }
        case .failure(let error):
            guard mayMisbehave else { fatalError("admin-mappings: \(method) \(target) failed: \(error)") }
        case nil:
            fatalError("admin-mappings: \(target) is not a URL the client takes")
        }
    }

    private static func reset() {
        _ = send("POST", "/__admin/reset", timeout: .seconds(10))
    }

    private static func send(_ method: String, _ target: String, body: String = "", timeout: TimeAmount)
        -> Result<HTTPClientResponse, HTTPClientError>?
    {
        let request = HTTPClientRequest(method: method, url: mock.url + target, body: Array(body.utf8))
        do { return .success(try client.send(request, timeout: timeout)) } catch let error as HTTPClientError {
            if case .invalidURL = error { return nil }
            return .failure(error)
        } catch {
            return .failure(.connectFailed("\(error)"))
        }
    }
}
