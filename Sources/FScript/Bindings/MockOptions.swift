import HTTPCore
import LuaJSON
import LuaKit
import MockServer
import Platform

/// Reads the option tables of the `mock` module (`stub{…}`, `verify{…}`, `respond = {…}`) into MockServer types.
///
/// Every mistake is a `bad argument` error in Lua's wording that names the field, and an unknown key lists the
/// valid ones, so a typo (`json_bdy`) fails where it was written instead of stubbing something else.
struct MockOptions {
    /// The keys that describe a request, shared by `stub`, `requests`, `verify` and `wait_for_request`.
    static let filterKeys = [
        "method", "path", "path_pattern", "path_template", "url", "url_pattern", "query", "headers", "cookies", "body",
        "body_contains", "body_matches", "json_body", "json_subset",
    ]
    /// The keys of a `respond` table.
    static let responseKeys = ["status", "headers", "body", "json", "file", "delay", "dribble", "fault", "template"]
    /// The `fault` names and what they do on the wire.
    static let faults: [String: HTTPFault] = [
        "reset": .connectionReset, "empty": .emptyResponse, "malformed": .malformedResponse,
        "malformed_chunk": .malformedChunk, "hang": .noResponse,
    ]

    let args: LuaArgs
    let position: Int
    /// The table being read.
    let table: LuaTable
    /// How nested fields are named in errors: `respond.` for `respond.status`.
    let prefix: String
    /// The keys from the argument to `table` (`respond`, or `responses` and an index), to find it on the stack.
    let keyPath: [LuaValue]

    /// Reads argument `position`, which must be a table (or absent when `optional`).
    init(_ args: LuaArgs, position: Int = 1, optional: Bool = false) throws {
        self.args = args
        self.position = position
        prefix = ""
        keyPath = []
        if optional && args.isNil(position) {
            table = LuaTable()
        } else {
            table = try args.table(position)
        }
    }

    private init(nested table: LuaTable, in parent: MockOptions, prefix: String, key: LuaValue) {
        args = parent.args
        position = parent.position
        self.table = table
        self.prefix = prefix
        keyPath = parent.keyPath + [key]
    }

    // MARK: Checks

    /// The error for a bad field: `bad argument #1 to 'stub' (field 'respond.status': integer expected, got
    /// string)`.
    func fieldError(_ key: String, _ problem: String) -> LuaError {
        args.badArgument(position, "field '\(prefix)\(key)': \(problem)")
    }

    /// Fails on the first key not in `allowed`, listing the valid ones.
    func allowOnly(_ allowed: [String]) throws {
        for key in table.fields.keys.sorted(by: { $0.description < $1.description }) {
            guard case .string(let name) = key, allowed.contains(name) else {
                let shown = key.stringValue.map { "'\(prefix)\($0)'" } ?? "\(key.typeName) key \(key)"
                throw args.badArgument(
                    position,
                    "unknown option \(shown); valid options: \(allowed.sorted().joined(separator: ", "))")
            }
        }
        if !table.array.isEmpty {
            throw args.badArgument(position, "unexpected list items in the options table; use named options")
        }
    }

    func string(_ key: String) throws -> String? {
        switch table[key] {
        case .nil: return nil
        case .string(let text): return text
        case .integer(let integer): return String(integer)
        case let value: throw fieldError(key, "string expected, got \(value.typeName)")
        }
    }

    func boolean(_ key: String) throws -> Bool? {
        switch table[key] {
        case .nil: return nil
        case .boolean(let flag): return flag
        case let value: throw fieldError(key, "true or false expected, got \(value.typeName)")
        }
    }

    func number(_ key: String) throws -> Double? {
        let value = table[key]
        if case .nil = value { return nil }
        guard let number = value.doubleValue else { throw fieldError(key, "number expected, got \(value.typeName)") }
        return number
    }

    func integer(_ key: String) throws -> Int? {
        let value = table[key]
        if case .nil = value { return nil }
        guard let integer = value.integerValue else {
            if case .number = value { throw fieldError(key, "number has no integer representation") }
            throw fieldError(key, "integer expected, got \(value.typeName)")
        }
        return Int(integer)
    }

    func nested(_ key: String) throws -> MockOptions? {
        switch table[key] {
        case .nil: return nil
        case .table(let inner): return MockOptions(nested: inner, in: self, prefix: prefix + key + ".", key: .string(key))
        case let value: throw fieldError(key, "table expected, got \(value.typeName)")
        }
    }

    /// The field as compact JSON text. It is converted from the Lua table itself, not from `table`, because
    /// `json.object()`/`json.array()` markers live in metatables, which a `LuaTable` does not keep.
    private func json(_ key: String) throws -> String? {
        if case .nil = table[key] { return nil }
        let L = args.L
        guard args.pushField(of: position, path: keyPath + [.string(key)]) else {
            throw fieldError(key, "the table changed while it was read")
        }
        defer { LuaState.pop(on: L) }
        do {
            return try LuaJSON.json(at: -1, on: L).jsonString
        } catch {
            throw fieldError(key, error.problem)
        }
    }

    // MARK: Requests

    /// The request filter in this table; every other key must be in `extraKeys`.
    func requestPattern(extraKeys: [String] = []) throws -> RequestPattern {
        try allowOnly(Self.filterKeys + extraKeys)
        var pattern = RequestPattern(method: try string("method")?.uppercased())
        let urls: [(String, (String) -> URLPattern)] = [
            ("path", URLPattern.path), ("path_pattern", URLPattern.pathMatching),
            ("path_template", URLPattern.pathTemplate), ("url", URLPattern.url), ("url_pattern", URLPattern.urlMatching),
        ]
        for (key, make) in urls {
            guard let text = try string(key) else { continue }
            if pattern.url != nil {
                throw args.badArgument(
                    position, "give only one of path, path_pattern, path_template, url and url_pattern")
            }
            pattern.url = make(text)
        }
        pattern.queryParameters = try valuePatterns("query")
        pattern.headers = try valuePatterns("headers")
        pattern.cookies = try valuePatterns("cookies")
        if let text = try string("body") { pattern.bodyPatterns.append(.equalTo(text)) }
        if let text = try string("body_contains") { pattern.bodyPatterns.append(.contains(text)) }
        if let text = try string("body_matches") { pattern.bodyPatterns.append(.matches(text)) }
        if let text = try json("json_body") { pattern.bodyPatterns.append(.equalToJSON(text)) }
        if let text = try json("json_subset") { pattern.bodyPatterns.append(.containsJSON(text)) }
        return pattern
    }

    /// `query = {page = "2", q = {contains = "ali"}}`: a string is an exact value; a table holds one of
    /// `equal`, `equal_ignoring_case`, `contains`, `matches` or `absent = true`.
    private func valuePatterns(_ key: String) throws -> [String: ValuePattern] {
        guard let options = try nested(key) else { return [:] }
        if !options.table.array.isEmpty { throw fieldError(key, "table of name = value expected, got a list") }
        var result: [String: ValuePattern] = [:]
        for (rawName, value) in options.table.fields {
            guard case .string(let name) = rawName else {
                throw fieldError(key, "names must be strings, got \(rawName.typeName)")
            }
            switch value {
            case .string(let text): result[name] = .equalTo(text)
            case .integer, .number: result[name] = .equalTo(value.description)
            case .table:
                guard let matcher = try options.nested(name) else { continue }
                try matcher.allowOnly(["equal", "equal_ignoring_case", "contains", "matches", "absent"])
                let kinds = matcher.table.fields.count
                guard kinds == 1 else {
                    throw matcher.fieldError("", "exactly one of equal, equal_ignoring_case, contains, matches, absent")
                }
                if let text = try matcher.string("equal") { result[name] = .equalTo(text) }
                if let text = try matcher.string("equal_ignoring_case") { result[name] = .equalToIgnoringCase(text) }
                if let text = try matcher.string("contains") { result[name] = .contains(text) }
                if let text = try matcher.string("matches") { result[name] = .matches(text) }
                if matcher.table["absent"] == .boolean(true) { result[name] = .absent }
            default:
                throw options.fieldError(name, "string or table expected, got \(value.typeName)")
            }
        }
        return result
    }

    // MARK: Stubs

    /// A whole `stub{…}` table.
    func stub() throws -> Stub {
        let stubKeys = ["respond", "responses", "scenario", "required_state", "new_state", "priority", "name"]
        let request = try requestPattern(extraKeys: stubKeys)
        var responses: [ResponseDefinition] = []
        if let respond = try nested("respond") { responses.append(try respond.response()) }
        if let list = try nested("responses") {
            guard responses.isEmpty else { throw args.badArgument(position, "give respond or responses, not both") }
            guard list.table.fields.isEmpty, !list.table.array.isEmpty else {
                throw fieldError("responses", "a non-empty list of response tables expected")
            }
            for (offset, item) in list.table.array.enumerated() {
                guard case .table(let inner) = item else {
                    throw fieldError("responses[\(offset + 1)]", "table expected, got \(item.typeName)")
                }
                let reader = MockOptions(
                    nested: inner, in: list, prefix: "\(prefix)responses[\(offset + 1)].",
                    key: .integer(Int64(offset + 1)))
                responses.append(try reader.response())
            }
        }
        if responses.isEmpty { responses.append(ResponseDefinition()) }
        var scenario: ScenarioStep?
        if let name = try string("scenario") {
            scenario = ScenarioStep(name, requiredState: try string("required_state"), newState: try string("new_state"))
        } else if table["required_state"] != .nil || table["new_state"] != .nil {
            throw args.badArgument(position, "required_state and new_state need a scenario name (scenario = …)")
        }
        return Stub(
            name: try string("name"), request: request, responses: responses, priority: try integer("priority"),
            scenario: scenario)
    }

    /// A `respond = {status, headers, body | json | file, delay, fault}` table.
    func response() throws -> ResponseDefinition {
        try allowOnly(Self.responseKeys)
        var response = ResponseDefinition(status: try integer("status") ?? 200)
        guard ResponseDefinition.answerStatuses.contains(Int64(response.status)) else {
            throw fieldError("status", ResponseDefinition.statusProblem(Int64(response.status)))
        }
        if let headers = try nested("headers") {
            for (name, value) in headers.table.stringFields.sorted(by: { $0.key < $1.key }) {
                guard let text = value.stringValue ?? (value.doubleValue.map { _ in value.description }) else {
                    throw headers.fieldError(name, "string expected, got \(value.typeName)")
                }
                response.headers.append((name: name, value: text))
            }
        }
        let bodies = ["body", "json", "file"].filter { table[$0] != .nil }
        guard bodies.count <= 1 else {
            throw args.badArgument(position, "give only one of \(prefix)body, \(prefix)json and \(prefix)file")
        }
        switch table["body"] {
        case .bytes(let bytes): response.body = .bytes(bytes)
        case .nil: break
        default: response.body = .text(try string("body") ?? "")
        }
        if let text = try json("json") { response.body = .json(text) }
        if let path = try string("file") { response.body = .file(path) }
        if let delay = try number("delay") {
            guard delay >= 0, delay <= CheckedNumber.maximumSeconds else {
                throw fieldError("delay", "seconds from 0 to 86400 expected, got \(CheckedNumber.format(delay))")
            }
            response.delay = delay
        }
        // The body in pieces over time, as WireMock's chunkedDribbleDelay: dribble = {chunks = 5, duration = 1}.
        if let spec = try nested("dribble") {
            try spec.allowOnly(["chunks", "duration"])
            guard let chunks = try spec.integer("chunks"), (1...10_000).contains(chunks) else {
                throw spec.fieldError("chunks", "a whole number from 1 to 10000 expected")
            }
            guard let duration = try spec.number("duration"), duration >= 0, duration <= CheckedNumber.maximumSeconds else {
                throw spec.fieldError("duration", "seconds from 0 to 86400 expected")
            }
            response.dribble = HTTPResponse.Dribble(chunks: chunks, duration: duration)
        }
        // Handlebars, as WireMock's response-template: {{request.path.id}}, {{jsonPath request.body '$.x'}}.
        response.templated = try boolean("template") ?? false
        if let name = try string("fault") {
            guard let fault = Self.faults[name] else {
                throw fieldError("fault", "'\(name)' is not a fault; use one of \(Self.faults.keys.sorted().joined(separator: ", "))")
            }
            response.fault = fault
        }
        return response
    }
}
