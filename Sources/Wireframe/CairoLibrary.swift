import CCairo

/// libcairo, opened on the first PNG rather than linked: linking maps cairo and its twenty-odd dependencies
/// (X11, fontconfig, freetype, …) at every start of fscript, which `fscript -e ''` would pay for nothing.
///
/// The renderer asks for `functions()` once per PNG. When the library is missing, the error names it and the
/// Debian package that provides it, so a screenshot fails with something to do about it.
enum CairoLibrary {
    /// The shared object to open: the soname of cairo 1.x, as Debian's libcairo2 installs it.
    static let soname = "libcairo.so.2"

    /// What to tell someone without cairo.
    static let installHint = "install it with 'apt-get install libcairo2' (scripts/install does)"

    /// The process's cairo, opened on first use; a failure is remembered, so each screenshot reports it.
    private static let shared: Result<ccairo_functions, WireframeError> = open(soname)

    /// The cairo functions, or an error that says what is missing and what to install.
    static func functions() throws -> ccairo_functions {
        try shared.get()
    }

    /// Opens `library` and looks up every function the renderer uses (separate from `shared` for tests).
    static func open(_ library: String) -> Result<ccairo_functions, WireframeError> {
        var functions = ccairo_functions()
        var error = [CChar](repeating: 0, count: 512)
        guard ccairo_open(library, &functions, &error, error.count) == 0 else {
            let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(WireframeError(description: "cannot draw PNGs without cairo (\(reason)); \(installHint)"))
        }
        return .success(functions)
    }
}
