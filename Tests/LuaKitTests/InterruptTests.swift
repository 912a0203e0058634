import LuaKit
import Testing

@Suite struct InterruptTests {
    @Test func interruptStopsAnEndlessLoop() throws {
        let state = LuaState()
        var checks = 0
        state.setInterrupt(every: 1000) {
            checks += 1
            return checks > 5 ? LuaStop(kind: "timeout", message: "test timed out") : nil
        }
        let error = luaError(in: state, "while true do end", name: "@hang.lua")
        #expect(error?.message == "hang.lua:1: test timed out")
        state.setInterrupt(check: nil)
        #expect(try state.execute("local n = 0 for i = 1, 100000 do n = n + i end return n", name: "=t") == [5_000_050_000])
    }

    @Test func interruptReachesCoroutinesAndSurvivesPcall() throws {
        let state = LuaState()
        state.setInterrupt(every: 100) { LuaStop(kind: "interrupt", message: "stop") }
        // The inner pcall catches the first interrupt; the check keeps answering, so the next loop stops too.
        let error = luaError(
            in: state, "coroutine.wrap(function() pcall(function() while true do end end) while true do end end)()")
        #expect(error?.message.hasSuffix("stop") == true)
    }
}
