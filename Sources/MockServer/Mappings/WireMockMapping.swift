import Foundation
import HTTPCore
import JSON
import Platform

/// Turns WireMock's mapping JSON into stubs: the subset of WireMock that app tests use, read unchanged.
///
/// Unknown keys in `request` and `response` are errors rather than ignored, because a silently ignored matcher
/// makes a stub match more than its author meant, and that shows up much later as a baffling test.
enum WireMockMapping {
    /// A problem at one place in a mapping document.
    struct Problem: Error {
        let message: String

        init(_ path: String, _ text: String) {
            message = "\(path): \(text)"
        }
    }

    private static let requestKeys: Set = [
        "method", "url", "urlPath", "urlPattern", "urlPathPattern", "urlPathTemplate", "pathParameters",
        "queryParameters", "headers", "cookies", "basicAuthCredentials", "bodyPatterns",
    ]
    private static let responseKeys: Set = [
        "status", "statusMessage", "headers", "body", "jsonBody", "base64Body", "bodyFileName",
        "fixedDelayMilliseconds", "delayDistribution", "chunkedDribbleDelay", "fault", "transformers", "transformerParameters",
    ]
    private static let faults: [String: HTTPFault] = [
        "CONNECTION_RESET_BY_PEER": .connectionReset,
        "EMPTY_RESPONSE": .emptyResponse,
        "MALFORMED_RESPONSE_CHUNK": .malformedChunk,
        "RANDOM_DATA_THEN_CLOSE": .malformedResponse,
    ]

    /// The stubs of one file: a single mapping, `{"mappings": [...]}`, or an array of mappings.
    static func stubs(in document: JSONValue, filesDirectory: String) throws(Problem) -> [Stub] {
        if case .array(let list) = document {
            return try list.enumerated().map { index, item throws(Problem) in
                try stub(item, at: "[\(index)]", filesDirectory: filesDirectory)
            }
        }
        if let list = document["mappings"] {
            guard case .array(let items) = list else {
                throw Problem("mappings", "expected an array, got \(list.typeName)")
            }
            return try items.enumerated().map { index, item throws(Problem) in
                try stub(item, at: "mappings[\(index)]", filesDirectory: filesDirectory)
            }
        }
        return [try stub(document, at: "", filesDirectory: filesDirectory)]
    }

    private static func stub(_ mapping: JSONValue, at path: String, filesDirectory: String) throws(Problem) -> Stub {
        let prefix = path.isEmpty ? "" : path + "."
        guard case .object = mapping else { throw Problem(path.isEmpty ? "mapping" : path, "expected an object") }
        guard let request = mapping["request"] else { throw Problem(prefix + "request", "missing") }
        let pattern = try requestPattern(request, at: prefix + "request")
        let response = try responseDefinition(
            mapping["response"] ?? .object([:]), at: prefix + "response", files: filesDirectory
        )
        var priority: Int?
        if let value = mapping["priority"] {
            guard case .integer(let number) = value else {
                throw Problem(prefix + "priority", "expected an integer, got \(value.typeName)")
            }
            priority = Int(number)
        }
        var scenario: ScenarioStep?
        if let name = try string(mapping["scenarioName"], at: prefix + "scenarioName") {
            scenario = ScenarioStep(
                name,
                requiredState: try string(mapping["requiredScenarioState"], at: prefix + "requiredScenarioState"),
                newState: try string(mapping["newScenarioState"], at: prefix + "newScenarioState")
            )
        } else if mapping["requiredScenarioState"] != nil || mapping["newScenarioState"] != nil {
            throw Problem(prefix + "scenarioName", "missing, but a scenario state is given")
        }
        let id = (mapping["id"] ?? mapping["uuid"])?.stringValue.flatMap(UUID.init(uuidString:)) ?? UUID()
        var stub = Stub(
            id: id, name: mapping["name"]?.stringValue, request: pattern, response: response, priority: priority,
            scenario: scenario
        )
        stub.substitutesCaptures = false
        stub.source = mapping
        // Compile now so a bad regular expression is reported against its file, not at the first request.
        do {
            _ = try RequestMatcher(pattern)
        } catch {
            throw Problem(prefix + "request", error.description)
        }
        do {
            var checked = response
            try checked.validate()
            try checked.compileTemplates()
        } catch {
            throw Problem(prefix + "response", error.description)
        }
        return stub
    }

    /// A request pattern in WireMock's JSON (a mapping's `request`, or the body of `/__admin/requests/count`).
    static func requestPattern(_ request: JSONValue, at path: String) throws(Problem) -> RequestPattern {
        guard case .object(let members) = request else {
            throw Problem(path, "expected an object, got \(request.typeName)")
        }
        try rejectUnknown(members, allowed: requestKeys, at: path)
        var pattern = RequestPattern(method: try string(members["method"], at: path + ".method"))
        let urls: [(String, (String) -> URLPattern)] = [
            ("url", URLPattern.url), ("urlPath", URLPattern.path), ("urlPattern", URLPattern.urlMatching),
            ("urlPathPattern", URLPattern.pathMatching), ("urlPathTemplate", URLPattern.pathTemplate),
        ]
        for (key, make) in urls {
            guard let value = try string(members[key], at: "\(path).\(key)") else { continue }
            if pattern.url != nil {
                throw Problem("\(path).\(key)", "only one of \(urls.map(\.0).joined(separator: ", ")) may be given")
            }
            pattern.url = make(value)
        }
        pattern.pathParameters = try valuePatterns(members["pathParameters"], at: path + ".pathParameters")
        if case .pathTemplate(let template)? = pattern.url {
            for name in pattern.pathParameters.keys.sorted() where !template.contains("{\(name)}") {
                throw Problem("\(path).pathParameters.\(name)", "the urlPathTemplate \(template) has no {\(name)}")
            }
        } else if !pattern.pathParameters.isEmpty {
            throw Problem(path + ".pathParameters", "needs a urlPathTemplate whose {names} they constrain")
        }
        pattern.queryParameters = try valuePatterns(members["queryParameters"], at: path + ".queryParameters")
        pattern.headers = try valuePatterns(members["headers"], at: path + ".headers")
        pattern.cookies = try valuePatterns(members["cookies"], at: path + ".cookies")
        if let credentials = members["basicAuthCredentials"] {
            // WireMock compares the Authorization header with Basic base64(username:password).
            let given = try object(credentials, at: path + ".basicAuthCredentials")
            try rejectUnknown(given, allowed: ["username", "password"], at: path + ".basicAuthCredentials")
            guard let user = try string(given["username"], at: path + ".basicAuthCredentials.username"),
                let password = try string(given["password"], at: path + ".basicAuthCredentials.password")
            else { throw Problem(path + ".basicAuthCredentials", "needs a username and a password") }
            guard pattern.headers.keys.allSatisfy({ $0.lowercased() != "authorization" }) else {
                throw Problem(path + ".basicAuthCredentials", "cannot be given beside an Authorization header matcher")
            }
            pattern.headers["Authorization"] = .equalTo("Basic " + Data("\(user):\(password)".utf8).base64EncodedString())
        }
        if let bodies = members["bodyPatterns"] {
            guard case .array(let items) = bodies else {
                throw Problem(path + ".bodyPatterns", "expected an array, got \(bodies.typeName)")
            }
            for (index, item) in items.enumerated() {
                pattern.bodyPatterns.append(try bodyPattern(item, at: "\(path).bodyPatterns[\(index)]"))
            }
        }
        return pattern
    }

    private static func valuePatterns(_ value: JSONValue?, at path: String) throws(Problem) -> [String: ValuePattern] {
        guard let value else { return [:] }
        let members = try object(value, at: path)
        var patterns: [String: ValuePattern] = [:]
        for (name, matcher) in members {
            patterns[name] = try valuePattern(matcher, at: "\(path).\(name)")
        }
        return patterns
    }

    /// One string matcher: equalTo (with caseInsensitive), contains, matches, doesNotMatch, absent, and `and` /
    /// `or` of them.
    private static func valuePattern(_ matcher: JSONValue, at: String) throws(Problem) -> ValuePattern {
        let spec = try object(matcher, at: at)
        if let text = try string(spec["equalTo"], at: at + ".equalTo") {
            return spec["caseInsensitive"] == .bool(true) ? .equalToIgnoringCase(text) : .equalTo(text)
        }
        if let text = try string(spec["contains"], at: at + ".contains") { return .contains(text) }
        if let text = try string(spec["doesNotContain"], at: at + ".doesNotContain") { return .doesNotContain(text) }
        if let text = try string(spec["matches"], at: at + ".matches") { return .matches(text) }
        if let text = try string(spec["doesNotMatch"], at: at + ".doesNotMatch") { return .doesNotMatch(text) }
        if spec["absent"] == .bool(true) { return .absent }
        for key in ["and", "or"] {
            guard let list = spec[key] else { continue }
            guard case .array(let items) = list, !items.isEmpty else {
                throw Problem("\(at).\(key)", "expected a non-empty array of matchers, got \(list.jsonString)")
            }
            var parts: [ValuePattern] = []
            for (index, item) in items.enumerated() { parts.append(try valuePattern(item, at: "\(at).\(key)[\(index)]")) }
            return key == "and" ? .all(parts) : .any(parts)
        }
        let given = spec.keys.sorted().joined(separator: ", ")
        throw Problem(at, "unsupported matcher \(given) (supported: equalTo, caseInsensitive, contains, doesNotContain, "
            + "matches, doesNotMatch, absent, and, or)")
    }

    /// One content pattern (`equalTo`, `contains`, `matches`, `equalToJson`, `matchesJsonPath`): a body pattern
    /// in a mapping, and the pattern `/__admin/mappings/find-by-metadata` applies to a stub's metadata.
    static func bodyPattern(_ value: JSONValue, at path: String) throws(Problem) -> BodyPattern {
        guard case .object(let spec) = value else { throw Problem(path, "expected an object, got \(value.typeName)") }
        if let text = try string(spec["equalTo"], at: path + ".equalTo") { return .equalTo(text) }
        if let text = try string(spec["contains"], at: path + ".contains") { return .contains(text) }
        if let text = try string(spec["doesNotContain"], at: path + ".doesNotContain") { return .doesNotContain(text) }
        if let text = try string(spec["matches"], at: path + ".matches") { return .matches(text) }
        if let text = try string(spec["doesNotMatch"], at: path + ".doesNotMatch") { return .doesNotMatch(text) }
        if spec["absent"] == .bool(true) { return .absent }
        if let json = spec["equalToJson"] {
            // WireMock accepts the expected JSON inline or as a string holding JSON.
            let text = json.stringValue ?? json.jsonString
            do {
                _ = try JSONValue(parsing: text.utf8)
            } catch {
                throw Problem(path + ".equalToJson", "not valid JSON (\(error)): \(Mismatch.excerpt(text))")
            }
            for key in spec.keys.sorted() where !["equalToJson", "ignoreExtraElements", "ignoreArrayOrder"].contains(key) {
                throw Problem("\(path).\(key)", "not supported beside equalToJson (supported: ignoreArrayOrder, ignoreExtraElements)")
            }
            var options: JSONMatchOptions = []
            for (key, option) in [("ignoreExtraElements", JSONMatchOptions.ignoreExtraElements), ("ignoreArrayOrder", .ignoreArrayOrder)] {
                switch spec[key] {
                case nil, .bool(false)?: break
                case .bool(true)?: options.insert(option)
                case let other?: throw Problem("\(path).\(key)", "expected true or false, got \(other.jsonString)")
                }
            }
            return .json(text, options)
        }
        if let jsonPath = spec["matchesJsonPath"] {
            // A bare expression, or {"expression": …} with a string matcher for what it selects.
            if let expression = jsonPath.stringValue { return .jsonPath(expression, nil) }
            guard case .object(var members) = jsonPath, let expression = members.removeValue(forKey: "expression")?.stringValue
            else {
                throw Problem(path + ".matchesJsonPath", "expected a JSONPath string or {\"expression\": …, matcher}")
            }
            return .jsonPath(expression, try valuePattern(.object(members), at: path + ".matchesJsonPath"))
        }
        let given = spec.keys.sorted().joined(separator: ", ")
        throw Problem(path, "unsupported body pattern \(given) (supported: equalTo, contains, doesNotContain, matches, "
            + "doesNotMatch, absent, equalToJson, matchesJsonPath)")
    }

    private static func responseDefinition(_ value: JSONValue, at path: String, files: String) throws(Problem)
        -> ResponseDefinition
    {
        let members = try object(value, at: path)
        try rejectUnknown(members, allowed: responseKeys, at: path)
        var response = ResponseDefinition()
        if let list = members["transformers"] {
            guard case .array(let transformers) = list else {
                throw Problem(path + ".transformers", "expected an array of names, got \(list.typeName)")
            }
            for (index, transformer) in transformers.enumerated() {
                guard transformer.stringValue == "response-template" else {
                    throw Problem("\(path).transformers[\(index)]", "\(transformer.jsonString) is not a transformer fscript has "
                        + "(it has response-template; WireMock extensions do not run here)")
                }
                response.templated = true
            }
        }
        if let parameters = members["transformerParameters"] {
            guard case .object(let given) = parameters else {
                throw Problem(path + ".transformerParameters", "expected an object, got \(parameters.typeName)")
            }
            if let flag = given["disableBodyFileTemplating"] {
                guard case .bool(let disabled) = flag else {
                    throw Problem(path + ".transformerParameters.disableBodyFileTemplating", "expected true or false")
                }
                response.templatesBodyFile = !disabled
            }
            response.templateParameters = parameters
        }
        if let status = members["status"] {
            guard case .integer(let code) = status else {
                throw Problem(path + ".status", "expected an integer, got \(status.typeName)")
            }
            guard ResponseDefinition.answerStatuses.contains(code) else {
                throw Problem(path + ".status", ResponseDefinition.statusProblem(code))
            }
            response.status = Int(code)
        }
        if let headers = members["headers"] {
            guard case .object(let list) = headers else {
                throw Problem(path + ".headers", "expected an object, got \(headers.typeName)")
            }
            for (name, value) in list.sorted(by: { $0.key < $1.key }) {
                switch value {
                case .string(let text): response.headers.append((name, text))
                case .array(let items) where items.allSatisfy({ $0.stringValue != nil }):
                    response.headers += items.compactMap(\.stringValue).map { (name, $0) }
                default: throw Problem("\(path).headers.\(name)", "expected a string or strings, got \(value.typeName)")
                }
            }
        }
        let bodies = ["body", "jsonBody", "base64Body", "bodyFileName"].filter { members[$0] != nil }
        if bodies.count > 1 { throw Problem(path, "only one of \(bodies.joined(separator: ", ")) may be given") }
        if let body = try string(members["body"], at: path + ".body") { response.body = .text(body) }
        if let json = members["jsonBody"] { response.body = .json(json.jsonString) }
        if let base64 = try string(members["base64Body"], at: path + ".base64Body") {
            guard let data = Data(base64Encoded: base64) else {
                throw Problem(path + ".base64Body", "not valid base64")
            }
            response.body = .bytes(Array(data))
        }
        if let file = try string(members["bodyFileName"], at: path + ".bodyFileName") {
            // A name with {{…}} is rendered per request and checked then (see ResponseTemplates).
            response.body = Template.isTemplate(file)
                ? .fileTemplate(name: file, directory: files)
                : .file(try Self.bodyFile(file, in: files, at: path + ".bodyFileName"))
        }
        if let delay = members["fixedDelayMilliseconds"] {
            guard let milliseconds = delay.doubleValue, milliseconds.isFinite, milliseconds >= 0,
                milliseconds <= CheckedNumber.maximumSeconds * 1000
            else {
                let problem = "expected a number of milliseconds from 0 to 86400000 (a day), got \(delay.jsonString)"
                throw Problem(path + ".fixedDelayMilliseconds", problem)
            }
            response.delay = milliseconds / 1000
        }
        if let spec = members["delayDistribution"] {
            response.delayDistribution = try delayDistribution(spec, at: path + ".delayDistribution")
        }
        if let spec = members["chunkedDribbleDelay"] {
            response.dribble = try dribble(spec, at: path + ".chunkedDribbleDelay")
        }
        if let name = try string(members["fault"], at: path + ".fault") {
            guard let fault = faults[name] else {
                let known = faults.keys.sorted().joined(separator: ", ")
                throw Problem(path + ".fault", "unknown fault \(name) (known: \(known))")
            }
            response.fault = fault
        }
        return response
    }

    /// `{"numberOfChunks": n, "totalDuration": ms}`: the body in n pieces over that time.
    private static func dribble(_ spec: JSONValue, at path: String) throws(Problem) -> HTTPResponse.Dribble {
        let members = try object(spec, at: path)
        try rejectUnknown(members, allowed: ["numberOfChunks", "totalDuration"], at: path)
        guard case .integer(let chunks)? = members["numberOfChunks"], (1...10_000).contains(chunks) else {
            throw Problem(path + ".numberOfChunks", "expected a whole number from 1 to 10000, got \(members["numberOfChunks"]?.jsonString ?? "nothing")")
        }
        guard let duration = members["totalDuration"]?.doubleValue, duration.isFinite, duration >= 0,
            duration <= CheckedNumber.maximumSeconds * 1000
        else {
            throw Problem(path + ".totalDuration", "expected milliseconds from 0 to 86400000, got \(members["totalDuration"]?.jsonString ?? "nothing")")
        }
        return HTTPResponse.Dribble(chunks: Int(chunks), duration: duration / 1000)
    }

    /// `{"type": "lognormal", "median": ms, "sigma": s}` or `{"type": "uniform", "lower": ms, "upper": ms}`.
    private static func delayDistribution(_ spec: JSONValue, at path: String) throws(Problem) -> DelayDistribution {
        let members = try object(spec, at: path)
        func milliseconds(_ key: String) throws(Problem) -> Double {
            guard let value = members[key]?.doubleValue, value.isFinite, value >= 0,
                value <= CheckedNumber.maximumSeconds * 1000
            else {
                throw Problem("\(path).\(key)", "expected a number of milliseconds from 0 to 86400000, got \(members[key]?.jsonString ?? "nothing")")
            }
            return value / 1000
        }
        switch try string(members["type"], at: path + ".type") {
        case "lognormal":
            try rejectUnknown(members, allowed: ["type", "median", "sigma"], at: path)
            guard let sigma = members["sigma"]?.doubleValue, sigma.isFinite, sigma >= 0, sigma <= 10 else {
                throw Problem(path + ".sigma", "expected a number from 0 to 10, got \(members["sigma"]?.jsonString ?? "nothing")")
            }
            return .lognormal(median: try milliseconds("median"), sigma: sigma)
        case "uniform":
            try rejectUnknown(members, allowed: ["type", "lower", "upper"], at: path)
            let lower = try milliseconds("lower"), upper = try milliseconds("upper")
            guard lower <= upper else { throw Problem(path, "lower (\(lower * 1000) ms) is above upper (\(upper * 1000) ms)") }
            return .uniform(lower: lower, upper: upper)
        case let other:
            throw Problem(path + ".type", "\(other.map { "'\($0)'" } ?? "no type"): expected lognormal or uniform")
        }
    }

    private static func string(_ value: JSONValue?, at path: String) throws(Problem) -> String? {
        guard let value else { return nil }
        guard let text = value.stringValue else { throw Problem(path, "expected a string, got \(value.typeName)") }
        return text
    }

    private static func object(_ value: JSONValue, at path: String) throws(Problem) -> [String: JSONValue] {
        guard case .object(let members) = value else {
            throw Problem(path, "expected an object, got \(value.typeName)")
        }
        return members
    }

    private static func rejectUnknown(
        _ members: [String: JSONValue], allowed: Set<String>, at path: String
    ) throws(Problem) {
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            let supported = allowed.sorted().joined(separator: ", ")
            throw Problem("\(path).\(unknown)", "not supported (supported: \(supported))")
        }
    }

    /// The body file a mapping names, resolved inside the mappings' `__files` after following symlinks: a mapping
    /// file comes from outside (a colleague, a recording, a public repository), and `../../etc/passwd` or a link
    /// out of the folder must not turn the mock into a file server for the machine.
    static func bodyFile(_ name: String, in files: String, at path: String) throws(Problem) -> String {
        let candidate = URL(fileURLWithPath: files).appendingPathComponent(name).path
        guard let real = realPath(candidate) else { throw Problem(path, "no file \(name) in \(files)") }
        let root = realPath(files) ?? files
        guard real.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            throw Problem(path, "\(name) is outside \(files) (it resolves to \(real)); body files must be inside __files")
        }
        return real
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
