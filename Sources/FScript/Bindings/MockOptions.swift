import HTTPCore
import LuaJSON
import LuaKit
import JSON
import MockServer
import Platform

/// Reads the option tables of the `mock` module (`stub{…}`, `verify{…}`, `respond = {…}`) into MockServer types.
///
/// Every mistake is a `bad argument` error in Lua's wording that names the field, and an unknown key names the
/// nearest valid one, so a typo (`json_bdy`) fails where it was written instead of stubbing something else. The
/// checking is the `FieldReader` that reads WireMock mappings, over `LuaTable`.
struct MockOptions {
    /// The keys that describe a request, shared by `stub`, `requests`, `verify` and `wait_for_request`.
    static let filterKeys = [
        "method", "path", "path_pattern", "path_template", "url", "url_pattern", "query", "headers", "cookies", "body",
        "body_contains", "body_matches", "json_body", "json_subset", "host",
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
    /// The reader of the table: it knows the path of nested fields (`respond.status`) and the keys asked about.
    let fields: FieldReader<LuaTable>
    /// The keys from the argument to `table` (`respond`, or `responses` and an index), to find it on the stack.
    let keyPath: [LuaValue]

    /// The table being read.
    var table: LuaTable { fields.source }
    /// How nested fields are named in errors: `respond.` for `respond.status`.
    var prefix: String { fields.path.isEmpty ? "" : fields.path + "." }

    /// Reads argument `position`, which must be a table (or absent when `optional`).
    init(_ args: LuaArgs, position: Int = 1, optional: Bool = false) throws {
        self.args = args
        self.position = position
        keyPath = []
        if optional && args.isNil(position) {
            fields = FieldReader(LuaTable(), at: "")
        } else {
            fields = FieldReader(try args.table(position), at: "")
        }
    }

    private init(nested table: LuaTable, in parent: MockOptions, path: String, key: LuaValue) {
        args = parent.args
        position = parent.position
        fields = FieldReader(table, at: path)
        keyPath = parent.keyPath + [key]
    }

    // MARK: Checks

    /// The error for a bad field: `bad argument #1 to 'stub' (field 'respond.status': integer expected, got
    /// string)`.
    func fieldError(_ key: String, _ problem: String) -> LuaError {
        luaError(fields.fail(key, problem))
    }

    /// A reader's error in Lua's wording: `field 'PATH': problem`, or for an unknown key `unknown option 'PATH'`
    /// with the nearest valid option, else all of them.
    func luaError(_ error: FieldError) -> LuaError {
        switch error.problem {
        case .unknownKey(_, let nearest?, _):
            return args.badArgument(position, "unknown option '\(error.path)'; did you mean '\(nearest)'?")
        case .unknownKey(_, nil, let known):
            return args.badArgument(
                position, "unknown option '\(error.path)'; valid options: \(known.sorted().joined(separator: ", "))")
        case .invalid(let problem):
            return args.badArgument(position, error.path.isEmpty ? problem : "field '\(error.path)': \(problem)")
        }
    }

    /// Runs a read, turning the reader's errors into Lua's.
    private func reading<T>(_ read: () throws(FieldError) -> T) throws -> T {
        do {
            return try read()
        } catch {
            throw luaError(error)
        }
    }

    /// Fails on the first key not in `allowed` (or asked about before), naming the nearest valid one.
    func allowOnly(_ allowed: [String]) throws {
        fields.allow(allowed)
        try reading { () throws(FieldError) in try fields.finish() }
    }

    func string(_ key: String) throws -> String? {
        try reading { () throws(FieldError) in try fields.string(key) }
    }

    func boolean(_ key: String) throws -> Bool? {
        try reading { () throws(FieldError) in try fields.bool(key) }
    }

    func number(_ key: String) throws -> Double? {
        try reading { () throws(FieldError) in try fields.number(key) }
    }

    func integer(_ key: String) throws -> Int? {
        try reading { () throws(FieldError) in try fields.integer(key) }.map { Int($0) }
    }

    func nested(_ key: String) throws -> MockOptions? {
        guard let value = fields.value(key) else { return nil }
        guard case .table(let inner) = value else {
            throw fieldError(key, LuaTable.mismatch(expected: .object, got: value))
        }
        return MockOptions(nested: inner, in: self, path: fields.path(of: key), key: .string(key))
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
        let urls: [(String, (String) throws -> URLPattern)] = [
            ("path", URLPattern.path), ("path_pattern", URLPattern.pathMatching),
            ("path_template", URLPattern.pathTemplate), ("url", URLPattern.url), ("url_pattern", URLPattern.urlMatching),
        ]
        for (key, make) in urls {
            guard let text = try string(key) else { continue }
            if pattern.url != nil {
                throw args.badArgument(
                    position, "give only one of path, path_pattern, path_template, url and url_pattern")
            }
            pattern.url = try make(text)
        }
        pattern.queryParameters = try valuePatterns("query")
        pattern.headers = try valuePatterns("headers")
        pattern.cookies = try valuePatterns("cookies")
        // The domain a browser proxy's request was for (`browser_proxy = true`), compared in lower case as hosts are.
        if let host = try string("host") { pattern.host = .equalTo(host.lowercased()) }
        if let text = try string("body") { pattern.bodyPatterns.append(.equalTo(text)) }
        if let text = try string("body_contains") { pattern.bodyPatterns.append(.contains(text)) }
        if let text = try string("body_matches") { pattern.bodyPatterns.append(try .matches(text)) }
        if let text = try json("json_body") { pattern.bodyPatterns.append(try .equalToJSON(text)) }
        if let text = try json("json_subset") { pattern.bodyPatterns.append(try .containsJSON(text)) }
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
                result[name] = try matcher.valuePattern()
            default:
                throw options.fieldError(name, "string or table expected, got \(value.typeName)")
            }
        }
        return result
    }

    /// One matcher table: exactly one of `equal`, `equal_ignoring_case`, `contains`, `matches`, `absent = true`.
    private func valuePattern() throws -> ValuePattern {
        let kinds = ["equal", "equal_ignoring_case", "contains", "matches", "absent"]
        try allowOnly(kinds)
        guard let kind = try reading({ () throws(FieldError) in try fields.oneOf(kinds) }) else {
            throw args.badArgument(position, "field '\(fields.path)': exactly one of \(kinds.joined(separator: ", "))")
        }
        if kind == "absent" {
            guard try boolean("absent") == true else { throw fieldError("absent", "true expected") }
            return .absent
        }
        let text = try string(kind) ?? ""
        switch kind {
        case "equal": return .equalTo(text)
        case "equal_ignoring_case": return .equalToIgnoringCase(text)
        case "contains": return .contains(text)
        default: return try .matches(text)
        }
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
                    nested: inner, in: list, path: "\(prefix)responses[\(offset + 1)]", key: .integer(Int64(offset + 1)))
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
        // A body file beside the test that names it wins; else the mock's `files` folder (or the current one).
        if let path = try string("file") { response.body = .file(args.pathBesideCaller(path)) }
        if let delay = try number("delay") {
            guard delay >= 0, delay <= CheckedNumber.maximumSeconds else {
                throw fieldError("delay", "seconds from 0 to \(CheckedNumber.format(CheckedNumber.maximumSeconds)) expected, got \(CheckedNumber.format(delay))")
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
                throw spec.fieldError("duration", "seconds from 0 to \(CheckedNumber.format(CheckedNumber.maximumSeconds)) expected")
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
