public import CXML2

/// The process's one libxml2, opened at run time rather than linked (linking maps libxml2, ICU and lzma at every
/// start of fscript, ~2 ms measured, for the few runs that read XML), and its parser initialized once.
///
/// The mock's XML matchers and the web target's Appium page sources both read XML; they share this opening, so
/// `xmlInitParser` runs once per process (it is not safe to race) whichever uses libxml2 first.
public enum LibXML2 {
    /// Why libxml2 could not be opened: dlopen's words, or the function the library lacks.
    public struct Missing: Error, Sendable {
        public var reason: String
    }

    public static let soname = "libxml2.so.2"

    /// Opened by the first use (a static `let` runs once).
    private static let shared = open(soname)

    /// The libxml2 functions, or why they are missing; each caller says what it needed them for.
    public static func functions() -> Result<cxml2_functions, Missing> { shared }

    /// Opens `library`, looks up every function fscript calls and initializes the parser (separate from the
    /// shared opening for tests of a missing library).
    public static func open(_ library: String) -> Result<cxml2_functions, Missing> {
        var functions = cxml2_functions()
        var error = [CChar](repeating: 0, count: 512)
        guard cxml2_open(library, &functions, &error, error.count) == 0 else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(Missing(reason: reason))
        }
        functions.xmlInitParser()
        return .success(functions)
    }
}
