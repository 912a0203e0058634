-- The differential oracle for fscript's Lua patterns (LuaPatterns): runs string.find/match/gmatch/gsub (fscript's)
-- and the global `original` (Lua's own lstrlib functions, from the same liblua) on the same arguments and reports
-- the first difference in results or error messages. The host sets `original` and `budget_reset` (which restarts
-- its step budget, so a pattern that backtracks too long is stopped in fscript's matcher and never reaches
-- lstrlib, which could not be stopped) and reads the global `pattern_oracle`.
-- luacheck: read globals original budget_reset, globals pattern_oracle
local M = {}

local mine = { find = string.find, match = string.match, gmatch = string.gmatch, gsub = string.gsub }
-- What is compared with `original`: fscript's functions, or a stand-in a test puts here to see a difference found.
M.mine = mine

local function describe(ok, ...)
    local parts = { ok and "ok" or "error", tostring(select("#", ...)) }
    for i = 1, select("#", ...) do
        local v = select(i, ...)
        -- A direct pcall names the function from package.loaded, where only fscript's is: compare without it.
        if not ok and type(v) == "string" then
            v = v:gsub("^bad argument #(%d+) to '[^']*'", "bad argument #%1 to '?'")
        end
        parts[#parts + 1] = math.type(v) or type(v)
        parts[#parts + 1] = string.format("%q", type(v) == "table" and "table" or tostring(v))
    end
    return table.concat(parts, " ")
end

local function iterate(gmatch, s, p, init)
    local results = {}
    local iterator = gmatch(s, p, init)
    for _ = 1, 40 do
        local captured = table.pack(iterator())
        if captured[1] == nil then break end
        results[#results + 1] = describe(true, table.unpack(captured, 1, captured.n))
    end
    return table.concat(results, " | ")
end

local function call(impl, name, ...)
    if name == "gmatch" then return pcall(iterate, impl.gmatch, ...) end
    return pcall(impl[name], ...)
end

--- Compares one call; returns nil and the outcome ("match", "nomatch", "error", or "stopped" when the budget
--- stopped fscript's matcher) when both agree, else a message naming the call and both answers.
---@param name string find, match, gmatch or gsub
---@return string|nil difference
---@return string|nil outcome
function M.compare(name, ...)
    if budget_reset then budget_reset() end
    local first = table.pack(call(M.mine, name, ...))
    if not first[1] and type(first[2]) == "table" then return nil, "stopped" end
    local second = table.pack(call(original, name, ...))
    local a = describe(table.unpack(first, 1, first.n))
    local b = describe(table.unpack(second, 1, second.n))
    if a ~= b then
        local args = table.pack(...)
        for i = 1, args.n do
            args[i] = string.format("%q", type(args[i]) == "string" and args[i] or tostring(args[i]))
        end
        return string.format("%s(%s): fscript %s, lstrlib %s", name, table.concat(args, ", ", 1, args.n), a, b)
    end
    return nil, first[1] and (first[2] ~= nil and "match" or "nomatch") or "error"
end

local subject_bytes = { "a", "a", "a", "b", "b", "c", "(", ")", "[", "]", "%", "-", ".", "^", "$", " ", "\t", "1", "9",
    "x", "A", "Z", "_", "\0", "\n", "\255" }
local items = { "a", "b", "c", ".", "%a", "%d", "%s", "%w", "%x", "%p", "%u", "%l", "%c", "%g", "%A", "%D", "%S", "%W",
    "%.", "%%", "%(", "[a-c]", "[^ab]", "[%a_]", "[]]", "[^]]", "[a-]", "[%]]", "[.%d]", "[b-a]", "(", ")", "()",
    "%1", "%2", "%b()", "%bab", "%f[%w]", "%f[^a]", "%f[%z]", "$", "^", "-", "%", "[", "[a", "%f", "%b", "%0", "%z",
    " " }
local quantifiers = { "", "", "", "*", "+", "-", "?" }
local replacements = { "x", "%0", "%1", "%2", "%%", "<%1%0>", "%", "%a", "", "%9" }

local function pick(list) return list[math.random(#list)] end

local function random_subject()
    local parts = {}
    for i = 1, math.random(0, 16) do parts[i] = pick(subject_bytes) end
    return table.concat(parts)
end

local function random_pattern()
    local parts = {}
    if math.random(4) == 1 then parts[1] = "^" end
    for _ = 1, math.random(0, 6) do
        local item = pick(items)
        parts[#parts + 1] = item
        if #item == 1 or item:sub(1, 1) == "[" or item:sub(1, 1) == "%" then parts[#parts + 1] = pick(quantifiers) end
    end
    if math.random(5) == 1 then parts[#parts + 1] = "$" end
    return table.concat(parts)
end

local function random_replacement()
    local kind = math.random(6)
    if kind == 1 then return { a = "A", b = false, ["("] = 1, x = {}, aa = "AA" } end
    if kind == 2 then
        return function(c, ...)
            if c == "b" then return nil end
            return tostring(c) .. select("#", ...)
        end
    end
    if kind == 3 then return 7 end
    return pick(replacements) .. pick(replacements)
end

local function random_init()
    local kind = math.random(4)
    if kind == 1 then return nil end
    return math.random(-20, 20)
end

--- Runs `count` random cases from `seed`; returns nil and the tally, or the first difference.
---@param seed integer
---@param count integer
---@return string|nil difference
---@return table|nil tally
function M.random(seed, count)
    math.randomseed(seed)
    local tally = { match = 0, nomatch = 0, error = 0, stopped = 0 }
    for _ = 1, count do
        local s, p, which = random_subject(), random_pattern(), math.random(5)
        local difference, outcome
        if which == 1 then
            difference, outcome = M.compare("find", s, p, random_init(), math.random(6) == 1)
        elseif which == 2 then
            difference, outcome = M.compare("match", s, p, random_init())
        elseif which == 3 then
            difference, outcome = M.compare("gmatch", s, p, random_init())
        else
            local replacement = random_replacement()
            local max = math.random(4) == 1 and math.random(-1, 3) or nil
            difference, outcome = M.compare("gsub", s, p, replacement, max)
        end
        if difference then return difference end
        tally[outcome] = tally[outcome] + 1
    end
    return nil, tally
end

local function upper(c, ...) return c:upper() .. select("#", ...) end
local lookup = { hello = "HI", world = false, [1] = "one" }

-- Cases chosen by hand: every class and its complement, sets, anchors, %b, %f, back-references, position
-- captures, init at and past the edges, plain find, each gsub replacement form, empty matches, every error.
M.cases = {
    { "find", "hello world", "o w" }, { "find", "hello world", "o", -3 }, { "find", "hello", "l", 10 },
    { "find", "hello", "", 6 }, { "find", "hello", "", 7 }, { "find", "hello", "", -99 },
    { "find", "a.b", ".", 1, true },
    { "find", "a+b", "+", 1, true }, { "find", "a\0b", "\0" }, { "find", "key = value", "(%w+)%s*=%s*(%w+)" },
    { "find", "THE (quick) fox", "%((%a+)%)" }, { "find", "f(a(b)c)", "%b()" }, { "find", "((x)", "%b()" },
    { "find", "THE quick", "%f[%a]%a+", 4 }, { "find", "the end", "%f[%z]" }, { "find", "aXb", "%u" },
    { "find", "\t x", "%S" }, { "find", "x9", "[%d]" }, { "find", "]", "[]]" }, { "find", "a-", "[a-]+" },
    { "find", "b", "[b-a]" }, { "find", "abcabc", "^(abc)%1$" }, { "find", "abab", "(a)(b)%2" },
    { "match", "  x  ", "()x()" }, { "match", "hello", "^(h)(e)(l)(l)(o)$" }, { "match", "x", "^$" },
    { "match", "a$b", "a$b" }, { "match", "^a", "^^a" }, { "match", "abc", ".-b" }, { "match", "abc", "a*?" },
    { "match", "2024-01-02", "(%d+)-(%d+)-(%d+)" }, { "match", "[[x]]", "%[(%b[])%]" }, { "match", "", "()" },
    { "gmatch", "one two  three", "%a+" }, { "gmatch", "abc", "" }, { "gmatch", "abc", "", 2 },
    { "gmatch", "abc", "", 10 }, { "gmatch", "abc", "x*" }, { "gmatch", "k=v, a=b", "(%w+)=(%w+)" },
    { "gmatch", "^a^a", "^a" }, { "gmatch", "abc", ".", -2 }, { "gmatch", "aaa", "()a()" },
    { "gsub", "hello world", "(o)", "[%1]" }, { "gsub", "hello world", "o", "%0%0" }, { "gsub", "abc", "", "-" },
    { "gsub", "abc", "%w", "%1" }, { "gsub", "abc", "b", "%%" }, { "gsub", "hello world", "%w+", upper },
    { "gsub", "hello world", "%w+", lookup }, { "gsub", "abc", "%w", "x", 2 }, { "gsub", "abc", "%w", "x", -1 },
    { "gsub", "abc", "^%w", "x" }, { "gsub", "abc", "x*", "-" }, { "gsub", "aaa", "()a", "%1" },
    { "gsub", "abc", "b", 7 }, { "gsub", "abc", "b", { b = true } }, { "gsub", "abc", "(b)", function() return {} end },
    { "find", "a", "%" }, { "find", "a", "[a" }, { "find", "a", "[^" }, { "find", "a", "%f" }, { "find", "a", "%fa" },
    { "find", "a", "%1" }, { "find", "a", "(a" }, { "find", "a", "a)" }, { "find", "a", "%b" }, { "find", "a", "%ba" },
    { "find", "aa", "(()%1)" }, { "find", "aa", "(a)%2" }, { "find", "aa", "%0" }, { "gsub", "abc", "b", "%2" },
    { "gsub", "abc", "b", "%x" }, { "gsub", "abc", "b", "%" }, { "gsub", "abc", "b" },
    { "find", "a", string.rep("(a)", 33) },
    { "find", string.rep("a", 300), string.rep("a?", 300) }, { "find", string.rep("a", 300), string.rep("(a)?", 150) },
    { "find", nil, "a", n = 3 }, { "find", "a", {} }, { "find", "a", "a", "x" }, { "gsub", "abc", "b", "x", 1.5 },
    { "find", 123, 2 }, { "match", "a", "a", 1.0 }, { "gmatch", "abc", "(" },
}

--- Runs the hand-picked cases; returns nil and how many ran, or the first difference.
---@return string|nil difference
---@return integer|nil count
function M.tricky()
    for _, case in ipairs(M.cases) do
        local difference = M.compare(table.unpack(case, 1, case.n or #case))
        if difference then return difference end
    end
    return nil, #M.cases
end

pattern_oracle = M
