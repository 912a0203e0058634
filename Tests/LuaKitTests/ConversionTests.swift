import LuaKit
import Testing

@Suite struct ConversionTests {
    @Test func valuesRoundTripThroughLua() throws {
        let state = LuaState()
        let values: [LuaValue] = [
            .nil, true, false, 7, -9_007_199_254_740_993, 1.5, 2.0, "a\0b", .bytes([0xff, 0x00, 0xfe]),
            ["one", 2, ["nested": [1, 2.5]]],
        ]
        for value in values {
            state.setGlobal("v", value)
            #expect(try state.global("v") == value)
        }
    }

    @Test func integersStayIntegersAndFloatsStayFloats() throws {
        let state = LuaState()
        state.setGlobal("i", 7)
        state.setGlobal("f", 7.0)
        #expect(try state.execute("return math.type(i), math.type(f)", name: "=t") == ["integer", "float"])
        #expect(try state.execute("return 3, 3.0, 2^53", name: "=t") == [.integer(3), .number(3), .number(9_007_199_254_740_992)])
    }

    @Test func tablesSplitIntoArrayAndFields() throws {
        let state = LuaState()
        let result = try state.execute("return {10, 20, name = 'x', [5] = 'five', [true] = 1}", name: "=t")
        let table = try #require(result.first?.tableValue)
        #expect(table.array == [10, 20])
        #expect(table["name"] == "x")
        #expect(table.fields[.integer(5)] == "five")
        #expect(table.fields[.boolean(true)] == 1)
        #expect(table.stringFields == ["name": "x"])
    }

    @Test func embeddedZerosSurvive() throws {
        let state = LuaState()
        #expect(try state.execute("return #('a\\0b\\0c'), 'a\\0b\\0c'", name: "=t") == [.integer(5), .string("a\0b\0c")])
    }

    @Test func selfContainingTableFailsToConvert() throws {
        let state = LuaState()
        #expect(throws: LuaError.self) { try state.execute("local t = {} t.t = t return t", name: "=t") }
    }

    @Test func functionsKeepTheirIdentity() throws {
        let state = LuaState()
        let function = try #require(try state.execute("f = function(x) return x * 2 end return f", name: "=t").first)
        state.setGlobal("g", function)
        #expect(try state.execute("return f == g, g(21)", name: "=t") == [true, 42])
    }
}
