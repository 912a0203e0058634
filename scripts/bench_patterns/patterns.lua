-- scripts/bench lua-patterns: typical step-text work (anchored step patterns with captures, plain find, escaping
-- with gsub, splitting with gmatch) timed with fscript's pattern functions and with lstrlib's, best of three.
-- luacheck: read globals original
local clock, n = os.clock, tonumber(os.getenv("BENCH_PATTERN_CALLS")) or 100000
local mine = { find = string.find, match = string.match, gmatch = string.gmatch, gsub = string.gsub }

local step = 'I tap the "Log in" button on the "Welcome" screen'
local cases = {
    { "find, anchored step with captures",
        function(f) return f.find(step, '^I tap the "([^"]*)" button on the "([^"]*)" screen$') end },
    { "match, number step", function(f) return f.match("I wait for 12 seconds", "^I wait for (%d+) seconds?$") end },
    { "find, plain", function(f) return f.find(step, "Welcome", 1, true) end },
    { "find, no specials", function(f) return f.find(step, "screen") end },
    { "find, literal first, late", function(f) return f.find(step, "sc(r)een") end },
    { "gsub, escape magic characters", function(f) return f.gsub(step, "[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0") end },
    { "gsub, collapse spaces", function(f) return f.gsub("  a   b    c  d ", "%s+", " ") end },
    { "gsub, placeholders",
        function(f) return f.gsub("I log in as <user> with <password>", "<(%w+)>", { user = "ann", password = "x" })
        end },
    { "gmatch, words", function(f) local k = 0 for _ in f.gmatch(step, "%S+") do k = k + 1 end return k end },
}

local function time(f, impl)
    local best = math.huge
    for _ = 1, 3 do
        local t0 = clock()
        for _ = 1, n do f(impl) end
        best = math.min(best, clock() - t0)
    end
    return best
end

print(string.format("%-40s %12s %12s %7s", "lua-patterns (" .. n .. " calls)", "fscript ns", "lstrlib ns", "ratio"))
local total_mine, total_c = 0, 0
for _, case in ipairs(cases) do
    assert(select("#", case[2](mine)) == select("#", case[2](original)), case[1])
    local a, b = time(case[2], mine), time(case[2], original)
    total_mine, total_c = total_mine + a, total_c + b
    print(string.format("%-40s %12.0f %12.0f %7.2f", case[1], a / n * 1e9, b / n * 1e9, a / b))
end
print(string.format("%-40s %12.0f %12.0f %7.2f", "all", total_mine / n * 1e9, total_c / n * 1e9, total_mine / total_c))
