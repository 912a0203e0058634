-- Spec: snippets and "did you mean" for a long undefined step cost work linear in its length (issue 41 item 7).
-- The work is counted, not timed: the bytes handed to the host's regular-expression matcher while a snippet is
-- generated, and the cells of the edit distances "did you mean" computes. Before, a 20 KB word handed the
-- matcher every suffix of the step (hundreds of megabytes, 3.6 s; 100 KB took over 30 s, twice per run).
-- Now a step twice as long costs the same, and a long step's snippet says which part was searched, still defines
-- the step, and comes alone.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local snippets = require("fscript.steps.snippets")
local generator = require("fscript.steps.expression.generator")
local steps = require("fscript.steps.registry")
local util = require("fscript.util")

-- Past this many bytes handed to the matcher for one snippet, the count stops the spec at once (the quadratic
-- generator reached it within its first few hundred tries): every word start of the searched part, tried once
-- per regexp of the snippet types (4), on at most that part.
local BUDGET = 4 * generator.LIMIT * generator.LIMIT
local host = util.host()
local real_match = host.regex_match
local matched_bytes -- counting while a number
host.regex_match = function(regex, text)
  if not matched_bytes then return real_match(regex, text) end
  matched_bytes = matched_bytes + #text
  if matched_bytes > BUDGET then error(("over budget: %d bytes handed to the matcher"):format(matched_bytes), 0) end
  return real_match(regex, text)
end

local real_distance = util.edit_distance
local distance_cells = 0
util.edit_distance = function(a, b, limit)
  distance_cells = distance_cells + #a * #b
  return real_distance(a, b, limit)
end

-- The bytes one snippet of `text` costs, or the error that stopped it.
local function snippet_work(text)
  matched_bytes = 0
  local ok, result = pcall(snippets.snippet, text, nil, steps.new().types)
  local work = matched_bytes
  matched_bytes = nil
  if not ok then return nil, result end
  return work, result
end

local shapes = {
  word = function(n) return string.rep("a", n) end,
  words = function(n) return string.rep("ab ", n // 3) end,
  numbers = function(n) return string.rep("I have 12 ", n // 10) end,
  quoted = function(n) return string.rep('"x y" ', n // 6) end,
  punctuation = function(n) return string.rep(".", n) end,
  accents = function(n) return string.rep("é ", n // 3) end,
}
local names = {}
for name in pairs(shapes) do names[#names + 1] = name end
table.sort(names)

for _, name in ipairs(names) do
  local long, longer = shapes[name](100000), shapes[name](200000)
  local work, snippet = snippet_work(long)
  if check.truthy(work, name .. ": a 100 KB step's snippet within " .. BUDGET .. " bytes matched: "
    .. tostring(snippet)) then
    check.equal(work, (snippet_work(longer)), name .. ": a 200 KB step costs what a 100 KB one does")
    check.truthy(snippet:find("^%-%- Only the first 10%d%d bytes of this step were searched for parameters; "
      .. "the rest is literal%.\n") ~= nil, name .. ": the snippet says what was searched: " .. snippet:sub(1, 100))
    -- Pasted, the snippet of a step past the limit defines it: it compiles, and its expression matches the text.
    -- (3 KB: compiling a 100 KB Cucumber Expression is a matter of the expression compiler, not of snippets.)
    local past = shapes[name](3 * generator.LIMIT)
    local registry = steps.new()
    local chunk = assert(load(snippets.snippet(past, nil, registry.types), "=snippet", "t",
      { step = function(p, fn) registry:define(p, fn) end }))
    chunk()
    check.truthy(registry:match(past), name .. ": the snippet's step matches the text")
  end
end

-- A short step keeps its parameters and says nothing about a limit.
local short = snippets.snippet('I add "milk" 2 times', nil, steps.new().types)
check.contains(short, 'step("I add {string} {int} times", function(text, n)', "a short step's snippet")
check.equal(nil, short:find("-- Only", 1, true), "no note on a short step")
-- What is kept stays near the step's size: a long step full of numbers gets its best snippet only (cucumber's
-- 256 combinations of {int} and {float} were 256 copies of it); a short one gets every combination.
check.equal(1, #snippets.snippets(shapes.numbers(100000), nil, steps.new().types), "one snippet for a long step")
check.equal(4, #snippets.snippets("I have 12 and 3", nil, steps.new().types), "{int}/{float} twice: 4 snippets")
-- A number cut by the limit is not taken for a parameter: the limit falls in the middle of `12345`.
local cut = string.rep("x", generator.LIMIT - 3) .. " 12345 end"
check.contains(snippets.snippet(cut, nil, steps.new().types), 'x 12345 end", function()',
  "a number the limit cuts stays literal")

-- "Did you mean": the nearest definitions cost the same for 100 KB and 200 KB of text.
local registry = steps.new()
registry:define("I wait to see {string}", function() end)
registry:define("I touch the button marked {string}", function() end)
local function nearest_work(text)
  distance_cells = 0
  local nearest = registry:nearest(text)
  return distance_cells, nearest
end
for _, name in ipairs(names) do
  local work, nearest = nearest_work(shapes[name](100000))
  check.equal(2, #nearest, name .. ": both definitions are suggested")
  check.equal(work, (nearest_work(shapes[name](200000))), name .. ": did you mean costs the same for 200 KB")
end

host.regex_match, util.edit_distance = real_match, real_distance
check.finish("snippet_bounds_spec")
