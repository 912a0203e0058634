import LuaKit
import Testing

@Suite struct ErrorTests {
    @Test func unfinishedInputIsIncomplete() {
        let state = LuaState()
        #expect(luaError(in: state, "function f()") == .syntax(message: "test:1: 'end' expected near <eof>", incomplete: true))
        #expect(luaError(in: state, "x = = 1") == .syntax(message: "test:1: unexpected symbol near '='", incomplete: false))
    }

    @Test func runtimeErrorsCarryATraceback() throws {
        let state = LuaState()
        let error = try #require(luaError(in: state, "local x = 1\nerror('boom')", name: "@script.lua"))
        guard case .runtime(let message, let traceback) = error else {
            Issue.record("expected a runtime error, got \(error)")
            return
        }
        #expect(message == "script.lua:2: boom")
        #expect(traceback.hasPrefix("stack traceback:\n"))
        #expect(traceback.contains("script.lua:2: in main chunk"))
        #expect(error.description == message + "\n" + traceback)
    }

    @Test func nonStringErrorValuesAreNamed() throws {
        let state = LuaState()
        let error = try #require(luaError(in: state, "error({})"))
        #expect(error.message == "(error object is a table value)")
    }

    @Test func missingFileIsAFileError() {
        let state = LuaState()
        #expect(throws: LuaError.file(message: "cannot open /nonexistent/x.lua: No such file or directory")) {
            try state.load(file: "/nonexistent/x.lua")
        }
    }
}
