import CLua
import LuaKit
import LuaShim

/// fscript's Lua pattern functions (LuaPatterns) checked against Lua's own, lstrlib's, in the same process: the
/// outside reference for every `string.find`, `match`, `gmatch` and `gsub` answer and error message.
///
/// A `LuaState` has fscript's functions installed; lstrlib's are taken from a plain `luaL_newstate` (C functions
/// belong to no state) and set as the global `original`. The comparison itself is Lua
/// (`Resources/pattern_oracle.lua`). fscript's matcher runs first under a step budget: a pattern that
/// backtracks past it is stopped there (the very mechanism under test) and never handed to lstrlib, which no
/// one could stop.
public final class LuaPatternOracle {
    private let state = LuaState()
    private let budget: Budget

    /// Interrupt checks (one per 10,000 Lua instructions or 16,384 matcher steps) before a case is stopped.
    final class Budget {
        var checks = 0
        let limit: Int
        init(limit: Int) { self.limit = limit }
    }

    /// - Parameter checks: how many interrupt checks one case may take (about 16,000 matcher steps each).
    public init(checks: Int = 200) throws {
        let budget = Budget(limit: checks)
        self.budget = budget
        state.setInterrupt(every: 10_000) {
            budget.checks += 1
            return budget.checks > budget.limit ? LuaStop(kind: "timeout", message: "step budget spent") : nil
        }
        state.register(global: "budget_reset") { _ in
            budget.checks = 0
            return .none
        }
        Self.setOriginals(on: state.L)
        let source = String(decoding: PackageResources.pattern_oracle_lua, as: UTF8.self)
        try state.execute(source, name: "@pattern_oracle.lua")
    }

    /// Sets the global `original` to lstrlib's find, match, gmatch and gsub.
    private static func setOriginals(on L: OpaquePointer) {
        guard let plain = luaL_newstate() else { fatalError("luaL_newstate failed: out of memory") }
        defer { lua_close(plain) }
        luaL_openlibs(plain)
        lua_createtable(L, 0, 4)
        for name in ["find", "match", "gmatch", "gsub"] {
            _ = lua_getglobal(plain, "string")
            _ = lua_getfield(plain, -1, name)
            ls_pushcfunction(L, lua_tocfunction(plain, -1))
            lua_setfield(L, -2, name)
            ls_pop(plain, 2)
        }
        lua_setglobal(L, "original")
    }

    /// Runs `count` random cases from `seed`: nil when every one agreed, else the first difference; `tally`
    /// counts the outcomes (match, nomatch, error, stopped) so a caller can see the cases were not all trivial.
    public func random(seed: Int64, count: Int64) throws -> (difference: String?, tally: [String: Int64]) {
        let results = try state.execute(
            "return pattern_oracle.random(...)", arguments: [.integer(seed), .integer(count)])
        if let difference = results.first?.stringValue { return (difference, [:]) }
        var tally: [String: Int64] = [:]
        if results.count > 1, case .table(let table) = results[1] {
            for (key, value) in table.fields {
                if let key = key.stringValue, let n = value.integerValue { tally[key] = n }
            }
        }
        return (nil, tally)
    }

    /// Runs the hand-picked cases of `pattern_oracle.lua` (%b, %f, back-references, anchors, each gsub
    /// replacement form, empty matches, every error message): nil and how many ran, or the first difference.
    public func tricky() throws -> (difference: String?, count: Int64) {
        let results = try state.execute("return pattern_oracle.tricky()")
        return (results.first?.stringValue, results.count > 1 ? results[1].integerValue ?? 0 : 0)
    }

    /// Runs Lua code in the oracle's state (a test replaces `pattern_oracle.mine.find` to see a difference found).
    public func execute(_ code: String) throws {
        try state.execute(code)
    }

    /// Compares the call a fuzz input spells: byte 0 picks the function (bits 0–1), init (bits 2–4), `plain` for
    /// find or the replacement's kind for gsub (bits 5–6); the rest is subject, pattern and replacement string,
    /// split at 0x01 bytes and cut to 64, 32 and 16 bytes. Nil when both implementations agree.
    public func compare(fuzzInput bytes: UnsafeRawBufferPointer) throws -> (difference: String?, outcome: String?) {
        guard let selector = bytes.first else { return (nil, nil) }
        let parts = bytes.dropFirst().split(separator: 1, maxSplits: 2, omittingEmptySubsequences: false)
        func part(_ i: Int, _ limit: Int) -> LuaValue { .bytes(i < parts.count ? Array(parts[i].prefix(limit)) : []) }
        let inits: [LuaValue] = [
            .nil, .integer(1), .integer(2), .integer(-1), .integer(-4), .integer(0), .integer(9), .integer(-99),
        ]
        let initial = inits[Int(selector >> 2) & 7]
        let flag = Int(selector >> 5) & 3
        switch selector & 3 {
        case 0: return try compare("find", [part(0, 64), part(1, 32), initial, .boolean(flag == 1)])
        case 1: return try compare("match", [part(0, 64), part(1, 32), initial])
        case 2: return try compare("gmatch", [part(0, 64), part(1, 32), initial])
        default:
            let replacement = flag == 0 ? part(2, 16) : .integer(Int64(flag))
            return try compare("gsub", [part(0, 64), part(1, 32), replacement])
        }
    }

    /// Compares one call, `name(arguments…)`: the difference (nil when both agree) and the outcome (match,
    /// nomatch, error, or stopped when the budget stopped fscript's matcher and lstrlib was not asked).
    public func compare(_ name: String, _ arguments: [LuaValue]) throws -> (difference: String?, outcome: String?) {
        let results = try state.execute(
            "return pattern_oracle.compare(...)", arguments: [.string(name)] + arguments)
        return (results.first?.stringValue, results.count > 1 ? results[1].stringValue : nil)
    }
}
