import Fuzzing
import LuaKit
import Testing

/// fscript's Lua pattern functions against lstrlib's, in the same process: thousands of random calls from a fixed
/// seed and a hand-picked list must give identical results and identical error messages. `scripts/fuzz 60
/// luapattern` runs the same comparison on libFuzzer's inputs.
@Suite struct LuaPatternOracleTests {
    @Test func randomCallsAgreeWithLstrlib() throws {
        let oracle = try LuaPatternOracle()
        let (difference, tally) = try oracle.random(seed: 20_261_125, count: 20_000)
        #expect(difference == nil, "\(difference ?? "")")
        // Not a vacuous pass: most calls match something, and many are errors compared by message.
        #expect((tally["match"] ?? 0) > 8_000, "\(tally)")
        #expect((tally["nomatch"] ?? 0) > 2_000, "\(tally)")
        #expect((tally["error"] ?? 0) > 2_000, "\(tally)")
    }

    @Test func handPickedCallsAgreeWithLstrlib() throws {
        let (difference, count) = try LuaPatternOracle().tricky()
        #expect(difference == nil, "\(difference ?? "")")
        #expect(count > 80)
    }

    @Test func aDifferenceIsReported() throws {
        let oracle = try LuaPatternOracle()
        try oracle.execute("pattern_oracle.mine.find = function(s, p) return 1, 1 end")
        let difference = try oracle.tricky().difference
        let expected = #"find("hello world", "o w"): fscript ok 2 integer "1" integer "1", "#
            + #"lstrlib ok 2 integer "5" integer "7""#
        #expect(difference == expected)
    }

    @Test func aBacktrackingPatternIsStoppedBeforeLstrlibSeesIt() throws {
        // Minutes in lstrlib; the oracle's budget stops fscript's matcher and skips the comparison.
        let oracle = try LuaPatternOracle(checks: 5)
        let subject = String(repeating: "a", count: 30_000)
        let (difference, outcome) = try oracle.compare("find", [.string(subject), .string(".-.-.-.-.-b")])
        #expect(difference == nil)
        #expect(outcome == "stopped")
    }
}
