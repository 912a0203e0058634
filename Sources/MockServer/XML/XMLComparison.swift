internal import CXML2

/// WireMock's `equalToXml`: two documents are equal when XMLUnit, configured as WireMock 2.35.1 configures it,
/// finds no counted difference. Measured against that jar: whitespace between elements and around text is
/// ignored, comments too, CDATA is text, attribute order does not matter, elements of different names may come in
/// any order (those of one name pair up in order), and names compare by local name — prefixes and namespace URIs
/// are not compared. `exemptedComparisons` names XMLUnit comparison types to skip.
struct XMLComparison: Sendable, Hashable {
    /// XMLUnit's comparison type names, all accepted in `exemptedComparisons`; the ones this comparison makes
    /// are skipped when exempted, the rest are never counted by WireMock anyway.
    static let comparisonTypes: Set = [
        "ATTR_VALUE_EXPLICITLY_SPECIFIED", "HAS_DOCTYPE_DECLARATION", "DOCTYPE_NAME", "DOCTYPE_PUBLIC_ID",
        "DOCTYPE_SYSTEM_ID", "SCHEMA_LOCATION", "NO_NAMESPACE_SCHEMA_LOCATION", "NODE_TYPE", "NAMESPACE_PREFIX",
        "NAMESPACE_URI", "TEXT_VALUE", "PROCESSING_INSTRUCTION_TARGET", "PROCESSING_INSTRUCTION_DATA",
        "ELEMENT_TAG_NAME", "ELEMENT_NUM_ATTRIBUTES", "ATTR_VALUE", "CHILD_NODELIST_LENGTH",
        "CHILD_NODELIST_SEQUENCE", "CHILD_LOOKUP", "ATTR_NAME_LOOKUP", "XML_VERSION", "XML_STANDALONE",
        "XML_ENCODING",
    ]

    /// Placeholders when `enablePlaceholders` is on.
    let placeholders: XMLPlaceholders?
    let exempted: Set<String>

    /// Whether two root elements are equal.
    func same(_ expected: xmlNodePtr, _ actual: xmlNodePtr) -> Bool {
        if counts("ELEMENT_TAG_NAME"), XMLNodes.localName(expected) != XMLNodes.localName(actual) { return false }
        return sameAttributes(expected, actual) && sameChildren(expected, actual)
    }

    private func counts(_ comparison: String) -> Bool { !exempted.contains(comparison) }

    private func sameText(_ actual: String, expected: String) -> Bool {
        if !counts("TEXT_VALUE") { return true }
        return placeholders?.accepts(actual, expected: expected) ?? (actual == expected)
    }

    private func sameAttributes(_ expected: xmlNodePtr, _ actual: xmlNodePtr) -> Bool {
        let wanted = XMLNodes.attributes(expected)
        let given = XMLNodes.attributes(actual)
        if counts("ELEMENT_NUM_ATTRIBUTES"), wanted.count != given.count { return false }
        for (name, value) in wanted {
            guard let other = given[name] else {
                if counts("ATTR_NAME_LOOKUP") { return false }
                continue
            }
            if counts("ATTR_VALUE"), !(placeholders?.accepts(other, expected: value) ?? (other == value)) {
                return false
            }
        }
        return true
    }

    /// Children pair up as XMLUnit's default node matcher pairs them: an element with the first unpaired element
    /// of its name, text with the first unpaired text; then each pair must be the same.
    private func sameChildren(_ expected: xmlNodePtr, _ actual: xmlNodePtr) -> Bool {
        var wanted = XMLNodes.children(expected)
        let given = XMLNodes.children(actual)
        // `${xmlunit.ignore}` as an element's whole text also stands for no text at all.
        if let placeholders, !given.contains(where: { if case .text = $0 { true } else { false } }) {
            wanted.removeAll { if case .text(let text) = $0 { placeholders.isIgnore(text) } else { false } }
        }
        if counts("CHILD_NODELIST_LENGTH"), wanted.count != given.count { return false }
        var paired = Set<Int>()
        for child in wanted {
            guard let index = partner(of: child, in: given, excluding: paired) else {
                if counts("CHILD_LOOKUP") { return false }
                continue
            }
            paired.insert(index)
            switch (child, given[index]) {
            case (.element(let one), .element(let other)): if !same(one, other) { return false }
            case (.text(let one), .text(let other)): if !sameText(other, expected: one) { return false }
            default: return false
            }
        }
        return true
    }

    private func partner(of child: XMLNodes.Child, in given: [XMLNodes.Child], excluding paired: Set<Int>) -> Int? {
        given.indices.first { index in
            guard !paired.contains(index) else { return false }
            switch (child, given[index]) {
            case (.element(let one), .element(let other)):
                return !counts("ELEMENT_TAG_NAME") || XMLNodes.localName(one) == XMLNodes.localName(other)
            case (.text, .text): return true
            default: return false
            }
        }
    }
}
