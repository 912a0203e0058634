import JSON

/// Checking a request body against a pattern, with the mismatch the near-miss report shows.
extension BodyPattern {
    /// Nil when the body fits, otherwise the mismatch that says how.
    func mismatch(_ body: [UInt8]) -> Mismatch? {
        let text = String(decoding: body, as: UTF8.self)
        let fits: Bool
        var shown = Self.show(text)
        var comparison: JSONComparison?
        switch check {
        case .equal(let expected): fits = text == expected
        case .contains(let expected): fits = text.contains(expected)
        case .notContaining(let unwanted): fits = !text.contains(unwanted)
        case .absent:
            fits = body.isEmpty
            shown = body.isEmpty ? "an empty body" : shown
        case .regex(let regex): fits = regex.matches(text)
        case .notRegex(let regex): fits = !regex.matches(text)
        case .equalIgnoringCase(let expected): fits = text.lowercased() == expected.lowercased()
        case .binary(let expected): fits = body == expected
        case .all(let parts): fits = parts.allSatisfy { $0.mismatch(body) == nil }
        case .any(let parts): fits = parts.contains { $0.mismatch(body) == nil }
        case .xml(let pattern): fits = pattern.accepts(body)
        case .xpath(let pattern): fits = pattern.accepts(body)
        case .jsonSchema(let schema): fits = schema.accepts(text: text)
        case .graphQL(let pattern):
            let verdict = pattern.verdict(body)
            fits = verdict == nil
            if let verdict { shown = verdict }
        case .json, .jsonPath, .jsonPathBody:
            do {
                let actual = try JSONValue(parsing: body)
                fits = jsonFits(actual)
                shown = actual.jsonString
                if case .json(let expected, let options) = check {
                    comparison = JSONComparison(expected: expected, actual: actual, options: options)
                }
            } catch {
                // Where and why the app's body is not JSON: the parser's line, column and cause.
                fits = false
                shown = body.isEmpty ? "an empty body" : "non-JSON \(Self.show(text)) (\(error.description))"
            }
        }
        return fits ? nil : Mismatch(part: "body", expected: expectation, actual: shown, weight: 1, json: comparison)
    }

    /// Whether a body that parsed as JSON fits a JSON check: equal under the options, or selected by the path
    /// (and fitting its matcher, strings as they are and anything else as compact JSON).
    private func jsonFits(_ actual: JSONValue) -> Bool {
        switch check {
        case .json(let expected, let options): return expected.matches(actual, options: options)
        case .jsonPath(let path, let value):
            let selected = path.select(in: actual)
            guard let value else { return !selected.isEmpty }
            return value.accepts(selected.map { $0.stringValue ?? $0.jsonString }, missingFitsNegatives: false)
        case .jsonPathBody(let path, let inner):
            return path.select(in: actual).contains { inner.mismatch(Array(($0.stringValue ?? $0.jsonString).utf8)) == nil }
        default: return false
        }
    }

    /// The body for a message: quoted, and cut short when long so a 404 page stays readable.
    private static func show(_ text: String) -> String {
        if text.isEmpty { return "an empty body" }
        let limit = 200
        return text.count > limit ? "\"\(text.prefix(limit))…\" (\(text.utf8.count) bytes)" : "\"\(text)\""
    }
}
