/// WireMock mappings built from a fuzzer's bytes, for `AdminMappingFuzz`: valid ones that reach the response
/// code (templates, bodies, delays, matchers), and the same with one field's value made hostile, so the admin
/// API's checks meet numbers at the edges, wrong types and huge values where each field enters.
enum MappingGenerator {
    /// A mapping's JSON text and a path its request pattern matches when it is valid.
    struct Mapping {
        let text: String
        let path: String
    }

    /// An object's members as raw JSON, in order.
    typealias Members = [(key: String, json: String)]

    /// Values a field should never trip over: numbers at the edges, other types, size.
    static let hostile = [
        "-1", "0", "-9223372036854775808", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "1e308", "-1e308", "1e400", "-0", "-0.0", "0.5", "199.999", "2e2", "NaN", "Infinity", #""200""#, #""""#,
        "null", "true", "[]", "{}", "[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]",
        "\"" + String(repeating: "a", count: 10_000) + "\"",
        #""\u0000""#, #""(a+)+b""#, #""{{math 9223372036854775807 '*' 2}}""#, #""{{range -9223372036854775808 0}}""#,
        "100", "204", "304", "600", "86400001", "10001", "99999999999999999999999999",
    ]

    /// Where a hostile value goes: the object (request, response or the mapping itself), the key, and the
    /// member's JSON with `$` for the value.
    static let slots: [(object: Int, key: String, json: String)] = [
        (1, "status", "$"), (1, "fixedDelayMilliseconds", "$"),
        (1, "chunkedDribbleDelay", #"{"numberOfChunks": $, "totalDuration": 10}"#),
        (1, "chunkedDribbleDelay", #"{"numberOfChunks": 2, "totalDuration": $}"#),
        (1, "delayDistribution", #"{"type": "lognormal", "median": $, "sigma": 0.1}"#),
        (1, "delayDistribution", #"{"type": "lognormal", "median": 1, "sigma": $}"#),
        (1, "delayDistribution", #"{"type": "uniform", "lower": $, "upper": 5}"#),
        (1, "body", "$"), (1, "jsonBody", "$"), (1, "base64Body", "$"), (1, "headers", #"{"X-Fuzz": $}"#),
        (1, "transformers", "[$]"), (1, "transformerParameters", "$"), (1, "fault", "$"), (1, "bodyFileName", "$"),
        (2, "priority", "$"), (2, "id", "$"), (2, "scenarioName", "$"), (2, "requiredScenarioState", "$"),
        (2, "newScenarioState", "$"), (2, "metadata", "$"),
        (0, "method", "$"), (0, "urlPath", "$"), (0, "queryParameters", #"{"q": {"equalTo": $}}"#),
        (0, "queryParameters", #"{"q": {"matches": $}}"#), (0, "headers", #"{"X-Fuzz": {"contains": $}}"#),
        (0, "bodyPatterns", #"[{"matchesJsonPath": $}]"#), (0, "bodyPatterns", #"[{"equalToJson": $}]"#),
        (0, "bodyPatterns", "[$]"), (0, "queryParameters", #"{"q": {"equalTo": "1", "caseInsensitive": $}}"#),
    ]

    static let statuses = ["200", "201", "204", "304", "404", "418", "500", "599"]
    static let bodies = [
        #""body": "plain""#, #""jsonBody": {"n": 9223372036854775807, "m": -0.0, "x": 1e308}"#,
        #""base64Body": "aGVsbG8=""#, #""body": """#,
    ]
    static let matchers = [
        #""queryParameters": {"q": {"equalTo": "1"}}"#, #""queryParameters": {"q": {"matches": "[0-9]+"}}"#,
        #""headers": {"Host": {"contains": "127.0.0.1"}}"#, #""bodyPatterns": [{"contains": ""}]"#,
    ]

    /// A mapping that should be taken: every part chosen by the next bytes.
    static func valid(_ reader: inout ByteReader) -> Mapping {
        let parts = members(&reader)
        return Mapping(text: text(parts), path: parts.path)
    }

    /// A valid mapping with one member replaced (or added) with a hostile value.
    static func mutated(_ reader: inout ByteReader) -> Mapping {
        var parts = members(&reader)
        let slot = slots[Int(reader.next() ?? 0) % slots.count]
        let value = hostile[Int(reader.next() ?? 0) % hostile.count]
        let member = (key: slot.key, json: slot.json.replacingDollar(with: value))
        switch slot.object {
        case 0: replace(member, in: &parts.request)
        case 1: replace(member, in: &parts.response)
        default: replace(member, in: &parts.top)
        }
        return Mapping(text: text(parts), path: parts.path)
    }

    private struct Parts {
        var request: Members
        var response: Members
        var top: Members
        let path: String
    }

    private static func members(_ reader: inout ByteReader) -> Parts {
        let path = "/fuzz/p\(reader.next() ?? 0)"
        var request: Members = [("method", ["\"ANY\"", "\"GET\"", "\"POST\""][Int(reader.next() ?? 0) % 3])]
        switch (reader.next() ?? 0) % 3 {
        case 0: request.append(("urlPath", "\"\(path)\""))
        case 1: request.append(("urlPathPattern", "\"/fuzz/p[0-9]+\""))
        default: request.append(("urlPattern", "\"/fuzz/p.*\""))
        }
        let flags = reader.next() ?? 0
        if flags & 1 != 0 { request.append(member(matchers[Int(reader.next() ?? 0) % matchers.count])) }
        var response: Members = [("status", statuses[Int(reader.next() ?? 0) % statuses.count])]
        if flags & 2 != 0 {
            let template = EdgeNumberTemplate.template(from: UnsafeRawBufferPointer(rebasing: reader.rest(8)))
            response.append(("body", jsonString(template)))
            response.append(("transformers", #"["response-template"]"#))
        } else {
            response.append(member(bodies[Int(reader.next() ?? 0) % bodies.count]))
        }
        if flags & 4 != 0 { response.append(("chunkedDribbleDelay", #"{"numberOfChunks": 3, "totalDuration": 5}"#)) }
        if flags & 8 != 0 { response.append(("headers", #"{"Content-Type": "text/plain", "X-A": ["1", "2"]}"#)) }
        var top: Members = []
        if flags & 16 != 0 { top.append(("priority", String(Int(reader.next() ?? 0) - 128))) }
        if flags & 32 != 0 {
            top += [("scenarioName", #""s""#), ("requiredScenarioState", #""Started""#), ("newScenarioState", #""n""#)]
        }
        return Parts(request: request, response: response, top: top, path: path)
    }

    private static func text(_ parts: Parts) -> String {
        var whole = parts.top
        whole.insert(("request", object(parts.request)), at: 0)
        whole.insert(("response", object(parts.response)), at: 1)
        return object(whole)
    }

    private static func object(_ members: Members) -> String {
        "{" + members.map { jsonString($0.key) + ": " + $0.json }.joined(separator: ", ") + "}"
    }

    /// `"key": value` written as one member.
    private static func member(_ written: String) -> (key: String, json: String) {
        let colon = written.firstIndex(of: ":")!
        return (String(written[written.index(after: written.startIndex)..<written.index(before: colon)]),
            String(written[written.index(after: colon)...]))
    }

    /// Puts `member` in place of the one with its key, or at the end.
    private static func replace(_ member: (key: String, json: String), in members: inout Members) {
        if let index = members.firstIndex(where: { $0.key == member.key }) {
            members[index] = member
        } else {
            members.append(member)
        }
    }

    private static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    fileprivate func replacingDollar(with value: String) -> String {
        guard let dollar = firstIndex(of: "$") else { return self }
        return String(self[..<dollar]) + value + String(self[index(after: dollar)...])
    }
}

extension ByteReader {
    /// Up to `count` of the next bytes, consumed.
    mutating func rest(_ count: Int) -> Slice<UnsafeRawBufferPointer> {
        let end = Swift.min(bytes.count, offset + count)
        defer { offset = end }
        return bytes[offset..<end]
    }
}
