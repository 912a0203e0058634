import CLua
import JSON
import LuaJSON
import LuaKit
import Testing

@testable import FScript

@Suite struct LuaJSONBuilderTests {
    /// Parsing straight onto the Lua stack gives what pushing the parsed `JSONValue` gives: nulls, integers
    /// against floats, escapes, empty containers, duplicate keys (the last wins), nesting.
    @Test func buildsWhatPushingTheParsedValueBuilds() throws {
        let text = #"""
            {"class":"UIWindow","n":3,"f":3.5,"big":1e300,"neg":-0,"t":true,"no":false,"nil":null,
             "esc":"tab\there \"q\" \u00e9 \ud83d\ude00","empty":"","list":[1,[],{},null,"x"],"o":{},
             "dup":1,"dup":2,"deep":{"a":{"b":[{"c":[0.25]}]}}}
            """#
        let state = LuaState()
        let L = state.L
        LuaJSON.install(on: L)
        let top = lua_gettop(L)
        var builder = LuaJSONBuilder(L: L)
        try Array(text.utf8).withUnsafeBufferPointer { try builder.parse($0) }
        #expect(lua_gettop(L) == top + 1)
        lua_setglobal(L, "built")
        LuaJSON.push(try JSONValue(parsing: Array(text.utf8)), on: L)
        lua_setglobal(L, "pushed")
        LuaJSON.pushNull(on: L)
        lua_setglobal(L, "null")
        let verdict = try state.execute("""
            local function same(a, b, path)
              if type(a) ~= type(b) then return path .. ": " .. type(a) .. " vs " .. type(b) end
              if type(a) == "number" and math.type(a) ~= math.type(b) then return path .. ": " .. math.type(a) end
              if type(a) ~= "table" then
                if a ~= b then return path .. ": " .. tostring(a) .. " vs " .. tostring(b) end
                return nil
              end
              for k, v in pairs(a) do
                local why = same(v, b[k], path .. "." .. tostring(k))
                if why then return why end
              end
              for k in pairs(b) do if a[k] == nil then return path .. "." .. tostring(k) .. " missing" end end
              return nil
            end
            assert(built.list[4] == null and built["nil"] == null, "null is frank.null")
            assert(built.esc == "tab\\there \\"q\\" é 😀" and built.dup == 2 and math.type(built.f) == "float")
            return same(built, pushed, "$") or "same"
            """)
        #expect(verdict == [.string("same")])
    }

    /// A text that is not JSON throws with the parser's position, and the caller can reset the stack.
    @Test func badTextThrowsWhereItWentWrong() {
        let state = LuaState()
        LuaJSON.install(on: state.L)
        var builder = LuaJSONBuilder(L: state.L)
        #expect(throws: JSONParseError.self) {
            try Array(#"{"a":[1,2"#.utf8).withUnsafeBufferPointer { try builder.parse($0) }
        }
    }
}
