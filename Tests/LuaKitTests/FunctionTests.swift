import LuaKit
import Testing

@Suite struct FunctionTests {
    @Test func thrownErrorRunsDeferAndReleasesLocals() throws {
        let state = LuaState()
        let deferRan = Flag()
        let released = Flag()
        state.register(global: "fail") { _ in
            let probe = DeinitProbe { released.value = true }
            defer { deferRan.value = true }
            _ = probe
            throw LuaError.conversion(message: "boom")
        }
        let message = try pcallMessage(in: state, "fail()")
        #expect(message == "test:1: boom")
        #expect(deferRan.value)
        #expect(released.value)
    }

    @Test func errorRaisedFromLuaInsideSwiftKeepsItsPosition() throws {
        let state = LuaState()
        let released = Flag()
        state.register(global: "call") { args in
            let probe = DeinitProbe { released.value = true }
            _ = probe
            try args.function(1).call()
            return .none
        }
        let message = try pcallMessage(in: state, "call(function() error('inner') end)")
        #expect(message == "test:1: inner")
        #expect(released.value)
    }

    @Test func argumentErrorsUseLuaWording() throws {
        let state = LuaState()
        state.register(global: "touch") { args in args.result(try args.string(1, expected: "selector string")) }
        state.register(global: "count") { args in args.result(try args.integer(1)) }
        #expect(
            try pcallMessage(in: state, "touch(nil)")
                == "test:1: bad argument #1 to 'touch' (selector string expected, got nil)")
        #expect(
            try pcallMessage(in: state, "touch()")
                == "test:1: bad argument #1 to 'touch' (selector string expected, got no value)")
        #expect(
            try pcallMessage(in: state, "count(1.5)")
                == "test:1: bad argument #1 to 'count' (number has no integer representation)")
        #expect(
            try pcallMessage(in: state, "count({})") == "test:1: bad argument #1 to 'count' (number expected, got table)")
        #expect(try state.execute("return count(3.0), count('4')", name: "=test") == [.integer(3), .integer(4)])
    }

    @Test func hostIsReachableFromACoroutine() throws {
        let state = LuaState()
        let host = Flag()
        state.host = host
        state.register(global: "host_is_set") { args in args.result(args.host(as: Flag.self) === host) }
        let results = try state.execute(
            "local co = coroutine.wrap(function() return host_is_set() end) return co()", name: "=test")
        #expect(results == [.boolean(true)])
    }

    @Test func swiftFunctionCanYield() throws {
        let state = LuaState()
        state.register(global: "pause") { args in args.yield(try args.integer(1) * 2) }
        let results = try state.execute(
            """
            local co = coroutine.create(function(x) local back = pause(x) return back + 1 end)
            local _, yielded = coroutine.resume(co, 20)
            local _, finished = coroutine.resume(co, 100)
            return yielded, finished
            """, name: "=test")
        #expect(results == [.integer(40), .integer(101)])
    }

    @Test func moduleIsGlobalAndRequirable() throws {
        let state = LuaState()
        state.register(module: "frank", functions: ["add": { args in args.result(try args.integer(1) + args.integer(2)) }],
            values: ["null": .string("null")])
        #expect(try state.execute("return frank.add(1, 2), require('frank') == frank, frank.null", name: "=t")
            == [.integer(3), .boolean(true), .string("null")])
    }
}
