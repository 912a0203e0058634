import JSON

/// `matchesJsonSchema` with its `schemaVersion`, as a body pattern or a header, query or cookie matcher.
extension WireMockMapping {
    /// The schema, written as JSON text (WireMock 2's form) or inline (WireMock 3's), read as the draft
    /// `schemaVersion` names (2020-12 when it is not given, as in WireMock); a mistake inside the schema is reported
    /// at its own path (`….matchesJsonSchema.properties.id.minLength`).
    static func jsonSchema(_ spec: Fields) throws(Problem) -> JSONSchema {
        let key = "matchesJsonSchema"
        var version = JSONSchema.Version.v202012
        if let name = try spec.string("schemaVersion") {
            guard let named = JSONSchema.Version(rawValue: name.uppercased()) else {
                let known = JSONSchema.Version.allCases.map(\.rawValue).joined(separator: ", ")
                throw spec.fail("schemaVersion", "expected one of \(known), got '\(name)'")
            }
            version = named
        }
        var schema = spec.value(key) ?? .null
        if let text = schema.stringValue {
            do {
                schema = try JSONValue(parsing: Array(text.utf8))
            } catch {
                throw spec.fail(key, "not valid JSON: \(error.description)")
            }
        }
        do {
            return try JSONSchema(schema, version: version)
        } catch {
            throw Problem(spec.path(of: key) + error.path, error.message)
        }
    }
}
