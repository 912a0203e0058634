import LuaKit
import Testing

final class Counter: LuaObject {
    static let luaClassName = "test.Counter"
    var value: Int64 = 0
    let onDeinit: () -> Void
    init(onDeinit: @escaping () -> Void = {}) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

@Suite struct UserdataTests {
    func makeState(released: Flag = Flag()) -> LuaState {
        let state = LuaState()
        state.register(
            LuaClass<Counter>(
                methods: [
                    "add": { counter, args in
                        counter.value += try args.integer(1)
                        return args.result(counter.value)
                    }
                ],
                description: { "Counter(\($0.value))" },
                index: { counter, args in try args.string(1) == "value" ? args.result(counter.value) : .none },
                length: { Int($0.value) }
            ))
        state.register(module: "test", functions: ["counter": { args in args.result(Counter { released.value = true }) }])
        return state
    }

    @Test func methodsMetamethodsAndProperties() throws {
        let state = makeState()
        let results = try state.execute(
            "local c = test.counter() c:add(2) c:add(3) return c.value, #c, tostring(c), c == c, c.missing",
            name: "=t")
        #expect(results == [5, 5, "Counter(5)", true, nil])
    }

    @Test func methodErrorsDoNotCountSelf() throws {
        let state = makeState()
        #expect(try pcallMessage(in: state, "test.counter():add(nil)")
            == "test:1: bad argument #1 to 'add' (number expected, got nil)")
        #expect(try pcallMessage(in: state, "local c = test.counter() c.add({})")
            == "test:1: calling 'add' on bad self (test.Counter expected, got table)")
    }

    @Test func typeErrorsNameUserdataByTheirMetatable() throws {
        let state = makeState()
        state.register(global: "want_table") { args in _ = try args.table(1); return .none }
        #expect(try pcallMessage(in: state, "want_table(test.counter())")
            == "test:1: bad argument #1 to 'want_table' (table expected, got test.Counter)")
    }

    @Test func garbageCollectionReleasesTheSwiftObject() throws {
        let released = Flag()
        let state = makeState(released: released)
        try state.execute("local c = test.counter() c:add(1)", name: "=t")
        try state.execute("collectgarbage() collectgarbage()", name: "=t")
        #expect(released.value)
    }

    @Test func swiftReadsTypedObjectsBack() throws {
        let state = makeState()
        state.register(global: "peek") { args in args.result(try args.object(1, as: Counter.self).value) }
        #expect(try state.execute("local c = test.counter() c:add(9) return peek(c)", name: "=t") == [9])
    }
}
