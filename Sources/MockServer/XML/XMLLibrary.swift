internal import CXML2
import LibXML2

/// libxml2 for the mock's XML matchers: the process's one opening (`LibXML2`), with a missing library said in
/// the matchers' words, so a stub with `equalToXml` is refused with something to do about it.
enum XMLLibrary {
    /// Opens `library` (for tests of a missing library; the matchers use `functions()`).
    static func open(_ library: String) -> Result<cxml2_functions, XMLTree.Failure> {
        LibXML2.open(library).mapError(failure)
    }

    /// The libxml2 functions, or the error that says what to install.
    static func functions() -> Result<cxml2_functions, XMLTree.Failure> {
        LibXML2.functions().mapError(failure)
    }

    private static func failure(_ missing: LibXML2.Missing) -> XMLTree.Failure {
        XMLTree.Failure(
            description: "XML matching needs libxml2 (\(missing.reason)); install it with 'apt-get install libxml2' "
                + "(scripts/install does)")
    }
}
