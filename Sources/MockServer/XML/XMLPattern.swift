/// `equalToXml`: the body is XML equal to the expected document as `XMLComparison` compares. The expected text is
/// checked when the stub is read and kept as text (a parsed tree is neither shareable nor comparable); it is
/// parsed again per request, which is cheap beside the body's own parse.
struct XMLPattern: Sendable, Hashable {
    let expected: String
    let comparison: XMLComparison

    /// Nil when `expected` is XML, otherwise why not.
    static func problem(with expected: String) -> String? {
        if case .failure(let failure) = XMLTree.parse(Array(expected.utf8)) { return failure.description }
        return nil
    }

    /// Whether `actual` is XML equal to the expected document; text that is not XML fits nothing.
    func accepts(_ actual: [UInt8]) -> Bool {
        guard case .success(let tree) = XMLTree.parse(actual) else { return false }
        return accepts(tree)
    }

    func accepts(_ tree: XMLTree) -> Bool {
        guard case .success(let wanted) = XMLTree.parse(Array(expected.utf8)),
            let expectedRoot = wanted.root, let actualRoot = tree.root
        else { return false }
        return comparison.same(expectedRoot, actualRoot)
    }
}
