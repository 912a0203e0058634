internal import CXML2

/// `matchesXPath`: the body is XML in which an XPath 1.0 expression selects at least one node, with prefixes
/// bound by `xPathNamespaces`; with a sub-matcher, at least one selected node's value (see `XMLNodes.value`)
/// must fit it. As in WireMock 2.35.1, an expression whose result is not a node set (`count(//a) = 2`) fits nothing.
struct XPathPattern: Sendable, Hashable {
    /// What each selected node's value must fit.
    indirect enum SubMatcher: Sendable, Hashable {
        case value(ValuePattern)
        case xml(XMLPattern)
    }

    let expression: String
    let namespaces: [String: String]
    let matcher: SubMatcher?

    /// Nil when `expression` compiles as XPath 1.0, otherwise why not.
    static func problem(with expression: String) -> String? {
        let xml: cxml2_functions
        switch XMLLibrary.functions() {
        case .success(let functions): xml = functions
        case .failure(let failure): return failure.description
        }
        XMLTree.silenceErrors(xml)
        guard let compiled = XMLNodes.withXMLChars(expression, { xml.xmlXPathCompile($0) }) else {
            return "not a valid XPath 1.0 expression: '\(expression)'"
        }
        xml.xmlXPathFreeCompExpr(compiled)
        return nil
    }

    /// Whether `body` is XML that the expression (and the sub-matcher) fits.
    func accepts(_ body: [UInt8]) -> Bool {
        guard case .success(let tree) = XMLTree.parse(body), let values = values(in: tree) else { return false }
        switch matcher {
        case nil: return !values.isEmpty
        case .value(let pattern): return values.contains { pattern.accepts([$0], missingFitsNegatives: false) }
        case .xml(let pattern): return values.contains { pattern.accepts(Array($0.utf8)) }
        }
    }

    /// The values of the selected nodes, or nil when the expression fails or does not give a node set.
    func values(in tree: XMLTree) -> [String]? {
        let xml = tree.xml
        guard let context = xml.xmlXPathNewContext(tree.document) else { return nil }
        defer { xml.xmlXPathFreeContext(context) }
        XMLTree.silenceErrors(xml)
        context.pointee.error = { _, _ in }
        for (prefix, uri) in namespaces.sorted(by: { $0.key < $1.key }) {
            _ = XMLNodes.withXMLChars(prefix) { name in
                XMLNodes.withXMLChars(uri) { xml.xmlXPathRegisterNs(context, name, $0) }
            }
        }
        let evaluated = XMLNodes.withXMLChars(expression) { xml.xmlXPathEvalExpression($0, context) }
        guard let result = evaluated else { return nil }
        defer { xml.xmlXPathFreeObject(result) }
        guard result.pointee.type == XPATH_NODESET else { return nil }
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0 else { return [] }
        return (0..<Int(set.pointee.nodeNr)).compactMap { index in
            set.pointee.nodeTab[index].map { XMLNodes.value($0, in: tree) }
        }
    }
}
