import LuaKit
import Testing

/// Lua's pattern functions run inside one C call, where the count hook never fires. fscript's (LuaPatterns) poll
/// the same interrupt check as they match, so a pattern that would backtrack for minutes stops like a Lua loop:
/// with the check's typed stop, blamed on the Lua line that called it. Each pattern here takes minutes in lstrlib;
/// the checks are counted, not timed.
@Suite struct PatternInterruptTests {
    static let stuck = [
        "string.rep('a', 30000):find('.-.-.-.-.-b')",
        "return string.rep('a', 40):match(string.rep('a*', 30) .. 'b')",
        "for _ in string.rep('a', 30000):gmatch('.-.-.-.-.-b') do end",
        "string.rep('a', 30000):gsub('.-.-.-.-.-b', 'x')",
        "string.find(string.rep('a', 30000), '(.-)(.-)(.-)%1%2%3b')",
    ]

    @Test(arguments: stuck)
    func theCheckStopsAStuckPattern(code: String) throws {
        let state = LuaState()
        var checks = 0
        state.setInterrupt(every: 1000) {
            checks += 1
            return checks > 5 ? LuaStop(kind: "timeout", message: "test timed out") : nil
        }
        let error = luaError(in: state, "local s = 1\n" + code, name: "@stuck.lua")
        #expect(error?.message == "stuck.lua:2: test timed out")
        #expect(checks == 6)
    }

    @Test func aPcallThatLoopsOnIsStoppedAllTheSame() throws {
        let state = LuaState()
        let hook = LuaInterruptHook(reason: {
            LuaInterruptHook.Stop(kind: "timeout", message: "test timed out", persistent: true)
        })
        hook.install(on: state)
        let code = "while true do pcall(string.find, string.rep('a', 30000), '.-.-.-.-.-b') end"
        #expect(luaError(in: state, code, name: "@loop.lua")?.message == "loop.lua:1: test timed out")
    }

    @Test func withoutAnInterruptCheckPatternsRunAsLuasDo() throws {
        let state = LuaState()
        let results = try state.execute(
            "return ('key = value'):match('(%w+)%s*=%s*(%w+)'), ('a,b'):gsub(',', ';'), ('x'):find('()x()')")
        #expect(results == ["key", "a;b", 1, 1, 1, 2])
    }
}
