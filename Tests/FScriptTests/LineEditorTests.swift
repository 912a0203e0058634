import Testing

@testable import FScript

/// libedit is opened when the REPL starts, not linked: without it the REPL says what is missing and what to
/// install (the REPL itself is driven end to end by Tests/repl/repl_test.sh).
@Suite struct LineEditorTests {
    @Test func missingLibraryNamesItAndThePackageToInstall() throws {
        let error = try #require(throws: LineEditor.Unavailable.self) {
            try LineEditor(library: "libedit-missing.so.2")
        }
        #expect(
            error.description
                == "the REPL needs libedit (libedit-missing.so.2: cannot open shared object file: No such file or "
                + "directory); install it with 'apt-get install libedit2'")
    }

    @Test func libraryWithoutLibeditNamesTheFirstMissingFunction() throws {
        let error = try #require(throws: LineEditor.Unavailable.self) { try LineEditor(library: "libm.so.6") }
        #expect(
            error.description
                == "the REPL needs libedit (libm.so.6 has no readline); install it with 'apt-get install libedit2'")
    }

    @Test func theInstalledLibraryOpens() throws {
        _ = try LineEditor()
    }
}
