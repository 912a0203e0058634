import JSON

/// The XML body patterns, `equalToXml` and `matchesXPath`, read with their options; the expected document and
/// the expression are checked here, so a mistake is a 422 pointing at the field rather than a stub that never
/// matches.
extension WireMockMapping {
    /// `equalToXml` with `enablePlaceholders`, the placeholder delimiters and `exemptedComparisons`.
    static func xmlPattern(_ spec: Fields) throws(Problem) -> XMLPattern {
        let expected = try spec.requiredString("equalToXml")
        if let problem = XMLPattern.problem(with: expected) { throw spec.fail("equalToXml", problem) }
        var placeholders: XMLPlaceholders?
        let opening = try spec.string("placeholderOpeningDelimiterRegex")
        let closing = try spec.string("placeholderClosingDelimiterRegex")
        if try spec.bool("enablePlaceholders") == true {
            placeholders = XMLPlaceholders(opening: opening ?? "\\$\\{", closing: closing ?? "\\}")
            if placeholders == nil {
                let key = opening != nil ? "placeholderOpeningDelimiterRegex" : "placeholderClosingDelimiterRegex"
                throw spec.fail(key, "not a valid regular expression")
            }
        }
        var exempted = Set<String>()
        if let names = try spec.array("exemptedComparisons") {
            for (index, name) in names.enumerated() {
                guard let text = name.stringValue, XMLComparison.comparisonTypes.contains(text) else {
                    throw Problem(
                        "\(spec.path(of: "exemptedComparisons"))[\(index)]",
                        "expected one of XMLUnit's comparison types: "
                            + XMLComparison.comparisonTypes.sorted().joined(separator: ", "))
                }
                exempted.insert(text)
            }
        }
        return XMLPattern(expected: expected, comparison: XMLComparison(placeholders: placeholders, exempted: exempted))
    }

    /// `matchesXPath`: an expression, or `{"expression": …, matcher}` where the matcher is a string matcher or
    /// `equalToXml`; `xPathNamespaces` beside it binds prefixes.
    static func xpathPattern(_ spec: Fields) throws(Problem) -> XPathPattern {
        let namespaces = try xpathNamespaces(spec)
        let key = "matchesXPath"
        let value = spec.value(key) ?? .null
        if let expression = value.stringValue {
            try checkXPath(expression, at: spec.path(of: key))
            return XPathPattern(expression: expression, namespaces: namespaces, matcher: nil)
        }
        return try Fields.read(value, at: spec.path(of: key)) { inner throws(Problem) in
            let expression = try inner.requiredString("expression")
            try checkXPath(expression, at: inner.path(of: "expression"))
            let matcher: XPathPattern.SubMatcher
            if inner.has("equalToXml") {
                matcher = .xml(try xmlPattern(inner))
            } else if inner.source.fieldNames.count > 1 {
                matcher = .value(try valuePattern(inner))
            } else {
                // WireMock 2.35.1 refuses an object with an expression alone: a bare string asks the same.
                throw inner.fail(
                    nil,
                    "expected a matcher beside expression (equalTo, contains, matches, "
                        + "equalToXml, …), or the expression alone as a string")
            }
            return XPathPattern(expression: expression, namespaces: namespaces, matcher: matcher)
        }
    }

    private static func xpathNamespaces(_ spec: Fields) throws(Problem) -> [String: String] {
        guard let value = spec.value("xPathNamespaces") else { return [:] }
        return try Fields.read(value, at: spec.path(of: "xPathNamespaces")) { map throws(Problem) in
            var namespaces: [String: String] = [:]
            for (prefix, uri) in map.entries() {
                guard let text = uri.stringValue else { throw map.fail(prefix, "expected a namespace URI string") }
                namespaces[prefix] = text
            }
            return namespaces
        }
    }

    private static func checkXPath(_ expression: String, at path: String) throws(Problem) {
        if let problem = XPathPattern.problem(with: expression) { throw Problem(path, problem) }
    }
}
