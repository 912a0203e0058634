import Foundation
import JSON

/// The body of `POST /__admin/recordings/start` and `snapshot`, as WireMock reads it: which proxied exchanges become
/// mappings (`filters`), what of each request they match (`captureHeaders`, `requestBodyPattern`), and what
/// happens to them (`persist`, `repeatsAsScenarios`, `outputFormat`). Unknown keys are refused naming the nearest
/// known one, so a misspelt option never records something else than its author asked for.
struct RecordSpec: Sendable {
    /// How a recorded request's body is matched: WireMock's `requestBodyPattern`.
    enum BodyMatcher: Sendable {
        /// By the request's `Content-Type`: JSON as `equalToJson`, XML as `equalToXml`, other text as `equalTo`.
        case auto
        case equalTo(caseInsensitive: Bool)
        case equalToJson(ignoreArrayOrder: Bool, ignoreExtraElements: Bool)
        case equalToXml
    }

    /// `start` only: the backend to record.
    var targetBaseUrl: String?
    var urlPathPattern: NSRegularExpression?
    var method: String?
    /// Journal entry ids (`filters.ids`): only these are recorded.
    var ids: Set<String>?
    /// Request headers each mapping matches with `equalTo`, by name, and whether case-insensitively.
    var captureHeaders: [(name: String, caseInsensitive: Bool)] = []
    var bodyMatcher = BodyMatcher.auto
    /// Whether the mappings are marked `persistent` (WireMock also writes them to its mappings folder; the mock
    /// keeps them in memory either way).
    var persist = true
    /// `extractBodyCriteria`: a recorded text (`body`) or binary (`base64Body`) answer longer than this many bytes
    /// is written to the loaded root's `__files` and named by `bodyFileName`, as WireMock does whether or not it
    /// persists the mapping; nil: never.
    var extractTextOver: Int?
    var extractBinaryOver: Int?
    /// Whether the same request answered several times becomes a scenario replaying the answers in order.
    var repeatsAsScenarios = true
    /// `outputFormat: IDS`: the answer lists the mappings' ids only.
    var idsOnly = false

    typealias Fields = FieldReader<JSONValue>

    /// Reads a spec; an empty body is the defaults.
    static func read(_ value: JSONValue, start: Bool) throws(FieldError) -> RecordSpec {
        try Fields.read(value, at: "") { fields throws(FieldError) in
            var spec = RecordSpec()
            try refuseUnsupported(fields)
            if start {
                guard let target = try fields.string("targetBaseUrl") else {
                    throw fields.fail("targetBaseUrl", "targetBaseUrl is required: the backend's http:// or https:// URL")
                }
                guard target.hasPrefix("http://") || target.hasPrefix("https://") else {
                    throw fields.fail("targetBaseUrl", "expected the backend's http:// or https:// URL, got \"\(target)\"")
                }
                spec.targetBaseUrl = target
            }
            try fields.object("filters") { filters throws(FieldError) in try spec.readFilters(filters) }
            try fields.object("captureHeaders") { names throws(FieldError) in
                for (name, options) in names.entries() {
                    let caseInsensitive = try Fields.read(options, at: names.path(of: name)) { option throws(FieldError) in
                        try option.bool("caseInsensitive") ?? false
                    }
                    spec.captureHeaders.append((name: name, caseInsensitive: caseInsensitive))
                }
            }
            spec.bodyMatcher = try fields.object("requestBodyPattern", bodyMatcher) ?? .auto
            try fields.object("extractBodyCriteria") { criteria throws(FieldError) in
                spec.extractTextOver = try size(criteria, "textSizeThreshold", in: fields)
                spec.extractBinaryOver = try size(criteria, "binarySizeThreshold", in: fields)
            }
            spec.persist = try fields.bool("persist") ?? true
            spec.repeatsAsScenarios = try fields.bool("repeatsAsScenarios") ?? true
            switch try fields.string("outputFormat")?.uppercased() {
            case nil, "FULL": spec.idsOnly = false
            case "IDS": spec.idsOnly = true
            case let other?: throw fields.fail("outputFormat", "expected FULL or IDS, got \(other)")
            }
            return spec
        }
    }

    /// A size threshold as WireMock writes it (`"2048"`, `"2 kb"`, `"1.5 MB"`; units of 1,024), or nil when absent;
    /// anything else is refused at `extractBodyCriteria`, where WireMock points.
    private static func size(_ criteria: Fields, _ key: String, in fields: Fields) throws(FieldError) -> Int? {
        guard let text = try criteria.string(key) else { return nil }
        let units = ["": 1.0, "b": 1.0, "kb": 1024.0, "mb": 1024.0 * 1024, "gb": 1024.0 * 1024 * 1024]
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let number = trimmed.prefix { $0.isNumber || $0 == "." }
        let unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        guard let value = Double(number), let scale = units[unit], (value * scale) < Double(Int.max / 2) else {
            throw fields.fail("extractBodyCriteria", "Invalid size string: \"\(text)\" in \(key) "
                + "(expected bytes, or a number with kb, mb or gb: \"2 kb\")")
        }
        return Int(value * scale)
    }

    /// WireMock options the mock cannot honour, refused by name rather than as unknown keys.
    private static func refuseUnsupported(_ fields: Fields) throws(FieldError) {
        for key in ["transformers", "transformerParameters"] where fields.has(key) {
            throw fields.fail(key, "not supported: recording transformers are WireMock (Java) extensions")
        }
    }

    private mutating func readFilters(_ filters: Fields) throws(FieldError) {
        if let pattern = try filters.string("urlPathPattern") {
            do {
                urlPathPattern = try NSRegularExpression(pattern: "^(?:" + pattern + ")$")
            } catch {
                throw filters.fail("urlPathPattern", "not a regular expression: \(pattern)")
            }
        }
        method = try filters.string("method")?.uppercased()
        if let list = try filters.array("ids") {
            ids = Set(list.compactMap { $0.stringValue?.lowercased() })
        }
        // Only proxied answers are ever recorded here: `allowNonProxied: true` (stubs' answers too) is refused.
        if try filters.bool("allowNonProxied") == true {
            throw filters.fail("allowNonProxied", "the mock records proxied answers only; leave it out or false")
        }
    }

    private static func bodyMatcher(_ spec: Fields) throws(FieldError) -> BodyMatcher {
        switch try spec.string("matcher") {
        case "auto"?, nil: return .auto
        case "equalTo"?: return .equalTo(caseInsensitive: try spec.bool("caseInsensitive") ?? false)
        case "equalToJson"?:
            return .equalToJson(
                ignoreArrayOrder: try spec.bool("ignoreArrayOrder") ?? true,
                ignoreExtraElements: try spec.bool("ignoreExtraElements") ?? true)
        case "equalToXml"?: return .equalToXml
        case let other?: throw spec.fail("matcher", "expected auto, equalTo, equalToJson or equalToXml, got \(other)")
        }
    }

    /// Whether a journal entry passes the filters.
    func admits(_ entry: LoggedRequest) -> Bool {
        if let method, method != "ANY", entry.method.uppercased() != method { return false }
        if let ids, !ids.contains(entry.idString) { return false }
        if let urlPathPattern {
            let range = NSRange(entry.path.startIndex..., in: entry.path)
            if urlPathPattern.firstMatch(in: entry.path, range: range) == nil { return false }
        }
        return true
    }
}
