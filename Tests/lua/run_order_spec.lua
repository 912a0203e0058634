-- Spec: `--order`: defined (as written), reverse (the whole list reversed: files and the scenarios in each),
-- random:SEED (the same seed, the same order; another seed, another order; every scenario once), and a random
-- run without a seed prints the one it chose. A bad value is a usage error. A parallel run hands its units out in
-- the run's order, and shards given one seed agree on it (merged, they are in the serial order).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local order = require("fscript.run.order")
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

-- A parallel run plans its units in the run's order, which the parent prints and reports in.
local runner = require("fscript.runner")
local merge = require("fscript.report.merge")
local json = require("fscript.json")
local plan, err = runner.parallel_begin({ files = { first, second }, order = "reverse", jobs = 2,
  out = function() end })
check.truthy(plan, "a parallel run takes --order: " .. tostring(err))
local planned = {}
for _, unit in ipairs(json.decode(plan).units) do planned[#planned + 1] = unit.id:match("([^/]*)$") end
check.equal("b_test.lua#2 b_test.lua#1 a_test.lua#6 a_test.lua#5 a_test.lua#4 a_test.lua#3 a_test.lua#2 a_test.lua#1",
  table.concat(planned, " "), "the units are handed out in the run's order")

-- Shards with the same seed agree on the order: each runs its part in it, and merge-reports puts the parts back
-- in the serial run's order. A file whose scenarios share the app stays whole in one shard and keeps its order.
local whole = write("c_test.lua", 'this_file{reset = false}\n'
  .. 'for i = 1, 5 do scenario("c" .. i, function() end) end\n')
local suite = { first, second, whole }
local function report_names(path)
  local names = {}
  for _, file in ipairs(json.decode(runs.read(path)).files) do
    for _, case in ipairs(file.cases) do names[#names + 1] = case.name end
  end
  return table.concat(names, " ")
end
for _, value in ipairs({ "reverse", "random:42", "random:7" }) do
  runs.run(suite, { order = value, reports = { "json:" .. dir .. "/serial.json" } })
  local serial = report_names(dir .. "/serial.json")
  local parts = {}
  for i = 1, 3 do
    parts[i] = dir .. "/shard" .. i .. ".json"
    local shard_code = runs.run(suite, { order = value, shard_index = i, shard_count = 3,
      reports = { "json:" .. parts[i] } })
    check.equal(0, shard_code, ("--order %s --shard %d/3 passes"):format(value, i))
  end
  local merged_code = merge.run({ "json:" .. dir .. "/merged.json" }, parts)
  check.equal(0, merged_code, "the shards merge")
  check.equal(serial, report_names(dir .. "/merged.json"), ("--order %s: the merged shards are in the serial order")
    :format(value))
end
check.truthy(report_names(dir .. "/merged.json") ~= "a1 a2 a3 a4 a5 a6 b1 b2 c1 c2 c3 c4 c5",
  "random:7 is not the defined order")

-- Without a seed, shards (separate processes) could not agree: refused, saying what to give.
local unseeded_code = runs.run(suite, { order = "random", shard_index = 1, shard_count = 2 })
check.equal(2, unseeded_code, "--order random with --shard and no seed is a usage error")
local _, why = require("fscript.run.options").check({ files = suite, order = "random", shard_index = 1,
  shard_count = 2 })
check.contains(why, "--order random:SEED", "and says to give a seed")
os.execute("rm -rf '" .. dir .. "'")
check.finish("run_order_spec")
