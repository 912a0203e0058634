internal import CXML2

/// libxml2, opened by the first XML matcher rather than linked: linking maps libxml2, ICU and lzma at every start
/// of fscript (~2 ms measured), which `fscript -e ''` and every JSON-only mock would pay for nothing.
///
/// `functions` is opened once per process; when the library is missing, every use fails with the same error,
/// naming the Debian package, so a stub with `equalToXml` is refused with something to do about it.
enum XMLLibrary {
    static let soname = "libxml2.so.2"

    /// The process's libxml2 with its parser initialized (xmlInitParser is not safe to race, and a static `let`
    /// runs once), or why not.
    private static let shared = open(soname)

    /// Opens `library`, looks up every function the matchers use and initializes the parser (separate from
    /// `shared` for tests).
    static func open(_ library: String) -> Result<cxml2_functions, XMLTree.Failure> {
        var functions = cxml2_functions()
        var error = [CChar](repeating: 0, count: 512)
        guard cxml2_open(library, &functions, &error, error.count) == 0 else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(
                XMLTree.Failure(
                    description: "XML matching needs libxml2 (\(reason)); install it with "
                        + "'apt-get install libxml2' (scripts/install does)"))
        }
        functions.xmlInitParser()
        return .success(functions)
    }

    /// The libxml2 functions, or the error that says what to install.
    static func functions() -> Result<cxml2_functions, XMLTree.Failure> { shared }
}
