-- Spec: compiling a Cucumber Expression costs in proportion to its length. Joining a run of text one character
-- (or one node) at a time copied the run so far each time: a 100 KB expression took 9 s and a 720 KB one minutes.
-- The cost is counted, not timed: with the collector stopped, the memory Lua allocates while compiling doubles
-- when the expression doubles (it quadrupled before), on a busy machine as on an idle one.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local pattern = require("fscript.steps.pattern")
local types = require("fscript.steps.expression.parameter_types").new()

-- Kilobytes allocated compiling an expression of about `n` characters: a long run of text, a parameter, and a
-- long run of words and spaces (many text and white-space tokens).
local function cost(n)
  local expression = ("a"):rep(n) .. " {int} " .. ("b c "):rep(n // 4)
  collectgarbage("collect")
  collectgarbage("stop")
  local before = collectgarbage("count")
  local matcher = pattern.compile(expression, types)
  local used = collectgarbage("count") - before
  collectgarbage("restart")
  -- Two runs of n + 1 characters (the a's and a space, a space and the words): the first is the longest.
  check.truthy(matcher.required == ("a"):rep(n) .. " ", "the expression's longest literal run is what it requires")
  return used
end

local small, large = cost(20000), cost(40000)
check.truthy(large <= small * 2.5, ("twice the expression, at most 2.5 times the memory: %.0f KB, then %.0f KB")
  :format(small, large))

check.finish("expression_cost_spec")
