-- Spec: `--order`: defined (as written), reverse (the whole list reversed: files and the scenarios in each),
-- random:SEED (the same seed, the same order; another seed, another order; every scenario once), and a random
-- run without a seed prints the one it chose. A bad value is a usage error; with --jobs it is refused.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local order = require("fscript.order")
local runs = require("fixtures.runs")

local dir, write = runs.folder()
local lines = {}
for i = 1, 6 do lines[i] = ("scenario(%q, function() end)"):format("a" .. i) end
local first = write("a_test.lua", table.concat(lines, "\n"))
local second = write("b_test.lua", 'scenario("b1", function() end)\nscenario("b2", function() end)\n')

-- The scenario names in the order the run printed them, and the console.
local function ran(value)
  local code, out = runs.run({ first, second }, { order = value })
  local names = {}
  for name in out:gmatch("Scenario: ([^\n]+)") do names[#names + 1] = name end
  return code, table.concat(names, " "), out
end

local code, defined = ran(nil)
check.equal(0, code, "the default run passes")
check.equal("a1 a2 a3 a4 a5 a6 b1 b2", defined, "defined: as written")
check.equal(defined, select(2, ran("defined")), "--order defined is the default")
check.equal("b2 b1 a6 a5 a4 a3 a2 a1", select(2, ran("reverse")), "reverse: the whole list reversed")

local _, seeded, out = ran("random:42")
check.equal(seeded, select(2, ran("random:42")), "the same seed gives the same order")
check.contains(out, "order: random:42", "the seed is printed")
local sorted = {}
for name in seeded:gmatch("%S+") do sorted[#sorted + 1] = name end
table.sort(sorted)
check.equal("a1 a2 a3 a4 a5 a6 b1 b2", table.concat(sorted, " "), "random runs every scenario once")
local differs = false
for seed = 1, 5 do
  if select(2, ran("random:" .. seed)) ~= defined then differs = true end
end
check.truthy(differs, "random seeds give orders other than the defined one")

local _, unseeded_order, unseeded = ran("random")
local chosen = unseeded:match("order: random:(%d+)")
check.truthy(chosen, "a random run without a seed prints the one it chose")
check.equal(unseeded_order, select(2, ran("random:" .. tostring(chosen))), "the printed seed reruns that order")

local bad = runs.run({ first }, { order = "sideways" })
check.equal(2, bad, "an unknown order is a usage error")
check.equal(nil, (order.parse("sideways")), "order.parse refuses it")

local parallel = require("fscript.parallel")
local plan, err = parallel.begin({ files = { first }, order = "reverse", jobs = 2 })
check.equal(nil, plan, "a parallel run with --order does not start")
check.contains(err, "it does not combine with --jobs", "and says why")
os.execute("rm -rf '" .. dir .. "'")
check.finish("run_order_spec")
