import LuaKit
import Testing

@Suite struct PackagePathTests {
    @Test func prependedDirectoryComesFirst() throws {
        let state = LuaState()
        state.prependPackagePath(directory: "/opt/stdlib/")
        let path = try #require(try state.execute("return package.path", name: "=t").first?.stringValue)
        #expect(path.hasPrefix("/opt/stdlib/?.lua;/opt/stdlib/?/init.lua;"))
    }
}
