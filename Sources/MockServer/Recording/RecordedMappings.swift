import Foundation
import HTTPCore
import JSON

/// Turns proxied exchanges into WireMock mappings, as WireMock's recorder writes them: the request by its method
/// and URL (and the captured headers and body), the backend's answer inline, a name from the URL path, and — with
/// `repeatsAsScenarios` — a request answered several times as a scenario that replays the answers in order
/// (`scenario-1-name`, states `Started`, `scenario-1-name-2`, …). Without it, the first answer of each is kept.
enum RecordedMappings {
    /// The request of one exchange, as the journal kept it, its whole body, and the backend's answer.
    typealias Exchange = (request: LoggedRequest, body: [UInt8], response: HTTPResponse)

    static func make(_ exchanges: [Exchange], spec: RecordSpec) -> [JSONValue] {
        var groups: [(pattern: JSONValue, exchanges: [Exchange])] = []
        for exchange in exchanges {
            let pattern = requestPattern(exchange.request, body: exchange.body, spec: spec)
            if let index = groups.firstIndex(where: { $0.pattern == pattern }) {
                groups[index].exchanges.append(exchange)
            } else {
                groups.append((pattern, [exchange]))
            }
        }
        var mappings: [JSONValue] = []
        var scenarios = 0
        for group in groups {
            let name = name(for: group.exchanges[0].request.path)
            guard spec.repeatsAsScenarios, group.exchanges.count > 1 else {
                mappings.append(mapping(group.pattern, group.exchanges[0].response, name: name, spec: spec))
                continue
            }
            scenarios += 1
            let scenario = "scenario-\(scenarios)-" + name.replacingOccurrences(of: "_", with: "-")
            for (index, exchange) in group.exchanges.enumerated() {
                var scenarioKeys: [String: JSONValue] = [
                    "scenarioName": .string(scenario),
                    "requiredScenarioState": .string(index == 0 ? "Started" : "\(scenario)-\(index + 1)"),
                ]
                if index + 1 < group.exchanges.count { scenarioKeys["newScenarioState"] = .string("\(scenario)-\(index + 2)") }
                mappings.append(mapping(group.pattern, exchange.response, name: name, spec: spec, extra: scenarioKeys))
            }
        }
        return mappings
    }

    private static func mapping(
        _ pattern: JSONValue, _ response: HTTPResponse, name: String, spec: RecordSpec, extra: [String: JSONValue] = [:]
    ) -> JSONValue {
        let id = UUID().uuidString.lowercased()
        var members: [String: JSONValue] = [
            "id": .string(id), "uuid": .string(id), "name": .string(name), "request": pattern,
            "response": responseDefinition(response),
        ]
        if spec.persist { members["persistent"] = .bool(true) }
        members.merge(extra) { $1 }
        return .object(members)
    }

    /// `{"url": …, "method": …}` plus the captured headers and the body pattern.
    static func requestPattern(_ request: LoggedRequest, body: [UInt8], spec: RecordSpec) -> JSONValue {
        let uri = request.query.isEmpty ? request.path : request.path + "?" + request.query
        var pattern: [String: JSONValue] = ["url": .string(uri), "method": .string(request.method)]
        var headers: [String: JSONValue] = [:]
        for capture in spec.captureHeaders {
            guard let value = request.header(capture.name) else { continue }
            var matcher: [String: JSONValue] = ["equalTo": .string(value)]
            if capture.caseInsensitive { matcher["caseInsensitive"] = .bool(true) }
            headers[capture.name] = .object(matcher)
        }
        if !headers.isEmpty { pattern["headers"] = .object(headers) }
        if !body.isEmpty {
            let type = (request.header("Content-Type") ?? "").lowercased()
            pattern["bodyPatterns"] = .array([bodyPattern(body, type: type, spec.bodyMatcher)])
        }
        return .object(pattern)
    }

    private static func bodyPattern(_ body: [UInt8], type: String, _ matcher: RecordSpec.BodyMatcher) -> JSONValue {
        let text = String(decoding: body, as: UTF8.self)
        switch matcher {
        case .auto where type.contains("json"), .equalToJson:
            var ignoreOrder = true, ignoreExtra = true
            if case .equalToJson(let order, let extra) = matcher { (ignoreOrder, ignoreExtra) = (order, extra) }
            return .object([
                "equalToJson": .string(text), "ignoreArrayOrder": .bool(ignoreOrder), "ignoreExtraElements": .bool(ignoreExtra),
            ])
        case .auto where type.contains("xml"), .equalToXml:
            return .object(["equalToXml": .string(text)])
        case .auto where Array(text.utf8) != body:
            return .object(["binaryEqualTo": .string(Data(body).base64EncodedString())])
        case .auto:
            return .object(["equalTo": .string(text)])
        case .equalTo(let caseInsensitive):
            var pattern: [String: JSONValue] = ["equalTo": .string(text)]
            if caseInsensitive { pattern["caseInsensitive"] = .bool(true) }
            return .object(pattern)
        }
    }

    /// The backend's status, headers (several values as a list) and body (text inline, bytes as base64).
    private static func responseDefinition(_ response: HTTPResponse) -> JSONValue {
        var members: [String: JSONValue] = ["status": .integer(Int64(response.status))]
        var headers: [String: JSONValue] = [:]
        for header in response.headers {
            switch headers[header.name] {
            case nil: headers[header.name] = .string(header.value)
            case .string(let first)?: headers[header.name] = .array([.string(first), .string(header.value)])
            case .array(let list)?: headers[header.name] = .array(list + [.string(header.value)])
            default: break
            }
        }
        if !headers.isEmpty { members["headers"] = .object(headers) }
        if !response.body.isEmpty {
            let text = String(decoding: response.body, as: UTF8.self)
            members[Array(text.utf8) == response.body ? "body" : "base64Body"] =
                .string(Array(text.utf8) == response.body ? text : Data(response.body).base64EncodedString())
        }
        return .object(members)
    }

    /// `rec_a` from `/rec/a`: the path's letters, digits and dashes, the rest as `_`.
    static func name(for path: String) -> String {
        var name = ""
        for character in path.trimmingCharacters(in: CharacterSet(charactersIn: "/")) {
            let keep = character.isASCII && (character.isLetter || ("0"..."9").contains(character) || character == "-")
            name.append(keep ? character : "_")
        }
        return name.isEmpty ? "root" : String(name.prefix(100))
    }
}
