import Testing

@testable import FScript

@Suite struct StdlibLocatorTests {
    @Test func sourceTreeStdlibIsFourComponentsUpFromThisFile() {
        #expect(
            StdlibLocator.sourceTreeStdlib(file: "/work/fscript/Sources/FScript/Runtime/StdlibLocator.swift")
                == "/work/fscript/stdlib")
        #expect(StdlibLocator.sourceTreeStdlib(file: "/Sources/FScript/Runtime/StdlibLocator.swift") == "/stdlib")
    }
}
