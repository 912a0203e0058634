import Foundation
import HTTPCore
import JSON
import Platform

/// WireMock's response definitions: status, headers, one body, delays, a fault, and the template transformer.
extension WireMockMapping {
    private static let faults: [String: HTTPFault] = [
        "CONNECTION_RESET_BY_PEER": .connectionReset,
        "EMPTY_RESPONSE": .emptyResponse,
        "MALFORMED_RESPONSE_CHUNK": .malformedChunk,
        "RANDOM_DATA_THEN_CLOSE": .malformedResponse,
    ]
    /// The longest delay, in milliseconds: a day, as `CheckedNumber` allows anywhere in fscript.
    private static let longestDelay = CheckedNumber.maximumSeconds * 1000

    static func responseDefinition(_ value: JSONValue, at path: String, files: String) throws(Problem)
        -> ResponseDefinition
    {
        try Fields.read(value, at: path) { fields throws(Problem) in
            var response = ResponseDefinition()
            allowPassiveKeys(fields)
            try readTemplating(fields, into: &response)
            if let code = try fields.integer("status") {
                guard ResponseDefinition.answerStatuses.contains(code) else {
                    throw fields.fail("status", ResponseDefinition.statusProblem(code))
                }
                response.status = Int(code)
            }
            response.statusMessage = try statusMessage(fields)
            response.headers = try headers(fields)
            try readBody(fields, files: files, into: &response)
            try readDelays(fields, into: &response)
            response.proxy = try proxyDefinition(fields)
            if let name = try fields.string("fault") {
                guard let fault = faults[name] else {
                    let known = faults.keys.sorted().joined(separator: ", ")
                    throw fields.fail("fault", "unknown fault \(name) (known: \(known))")
                }
                response.fault = fault
            }
            return response
        }
    }

    /// `fromConfiguredStub`, which WireMock writes into exported serve events, says nothing about the answer and is
    /// let through; every other key is read or refused (an unknown one names the nearest known key).
    private static func allowPassiveKeys(_ fields: Fields) {
        fields.allow(["fromConfiguredStub"])
    }

    /// `statusMessage`, the status line's reason phrase: RFC 9110 allows tabs, spaces and visible characters, so
    /// a CR or LF (which would end the status line and forge a header) or another control character is refused.
    private static func statusMessage(_ fields: Fields) throws(Problem) -> String? {
        guard let text = try fields.string("statusMessage") else { return nil }
        if let bad = text.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) {
            throw fields.fail("statusMessage", "a reason phrase cannot hold control character U+\(String(format: "%04X", bad.value)) "
                + "(CR and LF would end the status line); write it on one line")
        }
        return text
    }

    /// `transformers: ["response-template"]` and its `transformerParameters`, which templates read as they are.
    private static func readTemplating(_ fields: Fields, into response: inout ResponseDefinition)
        throws(Problem)
    {
        for (index, transformer) in (try fields.array("transformers") ?? []).enumerated() {
            guard transformer.stringValue == "response-template" else {
                let problem = "\(transformer.jsonString) is not a transformer fscript has (it has response-template; "
                    + "WireMock extensions do not run here)"
                throw fields.fail("transformers[\(index)]", problem)
            }
            response.templated = true
        }
        guard let parameters = fields.value("transformerParameters") else { return }
        // The parameters are the author's own names, so only the one fscript acts on is checked.
        guard case .object = parameters else {
            throw fields.fail("transformerParameters", JSONValue.mismatch(expected: .object, got: parameters))
        }
        let flags = Fields(parameters, at: fields.path(of: "transformerParameters"))
        if let disabled = try flags.bool("disableBodyFileTemplating") { response.templatesBodyFile = !disabled }
        response.templateParameters = parameters
    }

    /// Headers by name, each a string or a list of strings (one header line each), in name order.
    private static func headers(_ fields: Fields) throws(Problem) -> [(name: String, value: String)] {
        try fields.object("headers") { names throws(Problem) in
            var headers: [(name: String, value: String)] = []
            for (name, value) in names.entries() {
                switch value {
                case .string(let text): headers.append((name, text))
                case .array(let items) where items.allSatisfy({ $0.stringValue != nil }):
                    headers += items.compactMap(\.stringValue).map { (name, $0) }
                default: throw names.fail(name, "expected a string or strings, got \(value.typeName)")
                }
            }
            return headers
        } ?? []
    }

    /// The one body: text, JSON, base64 bytes, or a file under `__files` (a name with `{{…}}` is rendered per
    /// request and checked then, see ResponseTemplates).
    private static func readBody(_ fields: Fields, files: String, into response: inout ResponseDefinition)
        throws(Problem)
    {
        switch try fields.oneOf(["body", "jsonBody", "base64Body", "bodyFileName"]) {
        case "body"?: response.body = .text(try fields.requiredString("body"))
        case "jsonBody"?: response.body = .json((fields.value("jsonBody") ?? .null).jsonString)
        case "base64Body"?:
            guard let data = Data(base64Encoded: try fields.requiredString("base64Body")) else {
                throw fields.fail("base64Body", "not valid base64")
            }
            response.body = .bytes(Array(data))
        case "bodyFileName"?:
            let file = try fields.requiredString("bodyFileName")
            response.body = Template.isTemplate(file)
                ? .fileTemplate(name: file, directory: files)
                : .file(try bodyFile(file, in: files, at: fields.path(of: "bodyFileName")))
        default: break
        }
    }

    /// `fixedDelayMilliseconds`, `delayDistribution` and `chunkedDribbleDelay`, all at most a day.
    private static func readDelays(_ fields: Fields, into response: inout ResponseDefinition)
        throws(Problem)
    {
        if let delay = fields.value("fixedDelayMilliseconds") {
            guard let milliseconds = delay.doubleValue, milliseconds.isFinite, (0...longestDelay).contains(milliseconds)
            else {
                throw fields.fail("fixedDelayMilliseconds",
                    "expected a number of milliseconds from 0 to 86400000 (a day), got \(delay.jsonString)")
            }
            response.delay = milliseconds / 1000
        }
        response.delayDistribution = try fields.object("delayDistribution", delayDistribution)
        response.dribble = try fields.object("chunkedDribbleDelay") { spec throws(Problem) in
            // `{"numberOfChunks": n, "totalDuration": ms}`: the body in n pieces over that time.
            guard let chunks = try spec.integer("numberOfChunks"), (1...10_000).contains(chunks) else {
                throw spec.fail("numberOfChunks", "expected a whole number from 1 to 10000, got "
                    + (spec.value("numberOfChunks")?.jsonString ?? "nothing"))
            }
            return HTTPResponse.Dribble(chunks: Int(chunks), duration: try milliseconds(spec, "totalDuration"))
        }
    }

    /// `{"type": "lognormal", "median": ms, "sigma": s}` or `{"type": "uniform", "lower": ms, "upper": ms}`.
    static func delayDistribution(_ spec: Fields) throws(Problem) -> DelayDistribution {
        switch try spec.string("type") {
        case "lognormal":
            guard let sigma = spec.value("sigma")?.doubleValue, sigma.isFinite, (0...10).contains(sigma) else {
                let given = spec.value("sigma")?.jsonString ?? "nothing"
                throw spec.fail("sigma", "expected a number from 0 to 10, got \(given)")
            }
            return .lognormal(median: try milliseconds(spec, "median"), sigma: sigma)
        case "uniform":
            let lower = try milliseconds(spec, "lower"), upper = try milliseconds(spec, "upper")
            guard lower <= upper else {
                throw spec.fail(nil, "lower (\(lower * 1000) ms) is above upper (\(upper * 1000) ms)")
            }
            return .uniform(lower: lower, upper: upper)
        case let other:
            throw spec.fail("type", "\(other.map { "'\($0)'" } ?? "no type"): expected lognormal or uniform")
        }
    }

    /// A required field of milliseconds up to a day, in seconds.
    private static func milliseconds(_ spec: Fields, _ key: String) throws(Problem) -> Double {
        guard let value = spec.value(key)?.doubleValue, value.isFinite, (0...longestDelay).contains(value) else {
            throw spec.fail(key, "expected a number of milliseconds from 0 to 86400000, got "
                + (spec.value(key)?.jsonString ?? "nothing"))
        }
        return value / 1000
    }
}
