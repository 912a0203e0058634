import LuaKit
import Testing

@Suite struct SpawningTests {
    @Test func theHostPreparesBeforeEveryProgramLuaStarts() throws {
        let state = LuaState()
        final class Counter { var value = 0 }
        let counter = Counter()
        state.beforeSpawning { counter.value += 1 }
        let results = try state.execute(
            "local ok = os.execute('true'); local f = io.popen('echo hi'); local line = f:read('l'); f:close(); return ok, line")
        #expect(results == [.boolean(true), .string("hi")])
        #expect(counter.value == 2)
        #expect(try state.execute("return __luakit_before_spawning") == [.nil], "the helper global is gone")
    }
}
