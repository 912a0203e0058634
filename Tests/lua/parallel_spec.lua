-- Spec: how a suite splits (fscript.run.parallel.units, fscript.report.merge): units found without running anything on
-- the target, shards that are disjoint, complete and the same every time, balance by durations, and merge-reports'
-- refusals.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local merge = require("fscript.report.merge")
local units_mod = require("fscript.run.parallel.units")
local json_report = require("fscript.report.json")
local tags = require("fscript.run.tags")
local util = require("fscript.util")

local dir = os.tmpname()
os.remove(dir)
os.execute("mkdir -p '" .. dir .. "'")
local function write(name, text)
  local ok, err = util.write_file(dir .. "/" .. name, text)
  assert(ok, err)
  return dir .. "/" .. name
end

-- Listing runs each file's top level, but the app refuses: a file that acts on it is a script, one unit.
local touched = false
app = setmetatable({}, { __index = function() touched = true; return function() end end }) -- luacheck: ignore 121
write("a_test.lua", [[
for i = 1, 4 do scenario("a" .. i, { tags = { i % 2 == 0 and "even" or "odd" } }, function() end) end
]])
write("b_test.lua", [[
this_file{ reset = false }
scenario("b1", function() end)
scenario("b2", function() end)
]])
write("c_test.lua", [[app:touch("button")]])
write("d.feature", "Feature: d\n  Scenario: d1\n    Given x\n  @even\n  Scenario: d2\n    Given y\n")
write("e_test.lua", [[syntax error here]])

local all = tags.parse(nil)
local units, files = units_mod.units({ files = { dir } }, all)
check.equal(5, #files, "five test files")
local ids = {}
for i, unit in ipairs(units) do ids[i] = unit.id:sub(#dir + 2) end
check.equal("a_test.lua#1 a_test.lua#2 a_test.lua#3 a_test.lua#4 b_test.lua#* c_test.lua#* d.feature#1 d.feature#2 "
  .. "e_test.lua#*", table.concat(ids, " "), "scenarios, a shared file, a script, Gherkin, a broken file")
check.equal(false, touched, "listing never reached the app")
check.equal(2, #units[5].scenarios, "the shared file's unit runs both of its scenarios")

local even = units_mod.units({ files = { dir } }, tags.parse("even"))
local even_ids = {}
for i, unit in ipairs(even) do even_ids[i] = unit.id:sub(#dir + 2) end
check.equal("a_test.lua#2 a_test.lua#4 c_test.lua#* d.feature#2 e_test.lua#*", table.concat(even_ids, " "),
  "a tag filter keeps the units it selects, and the scripts and broken files it cannot see into")

local whole = units_mod.units({ files = { dir }, reset = false }, all)
check.equal(5, #whole, "--no-reset: every file is one unit")

-- Shards: disjoint, complete, deterministic; balanced by weight.
local function weighted(list)
  local out = {}
  for i, w in ipairs(list) do
    out[i] = { id = "f#" .. i, file = "f", position = 1, weight = w, scenarios = { { index = i } } }
  end
  return out
end
local sample = weighted({ 5, 1, 1, 1, 4, 2, 2, 3, 1, 1, 6, 2 })
local shards, loads = units_mod.partition(sample, 3)
local seen, count = {}, 0
for _, shard in ipairs(shards) do
  local last = 0
  for _, unit in ipairs(shard) do
    check.equal(nil, seen[unit.id], "a unit is in one shard only")
    seen[unit.id] = true
    count = count + 1
    local n = tonumber(unit.id:match("#(%d+)"))
    check.truthy(n > last, "a shard keeps the run's order")
    last = n
  end
end
check.equal(#sample, count, "every unit is in a shard")
local most, total = 0, 0
for _, load in ipairs(loads) do most, total = math.max(most, load), total + load end
check.truthy(most <= total / 3 * 1.15,
  ("the longest shard (%g) is within 15%% of the mean (%g)"):format(most, total / 3))
local again = units_mod.partition(weighted({ 5, 1, 1, 1, 4, 2, 2, 3, 1, 1, 6, 2 }), 3)
for i = 1, 3 do
  local a, b = {}, {}
  for j, u in ipairs(shards[i]) do a[j] = u.id end
  for j, u in ipairs(again[i]) do b[j] = u.id end
  check.equal(table.concat(a, ","), table.concat(b, ","), "the same split every time")
end
local many, _ = units_mod.partition(weighted({ 1, 1 }), 5)
check.equal(5, #many, "more shards than units: the extra shards are empty")

-- Durations: known ones weigh what they took; an unknown scenario weighs the mean.
local report = write("old.json", ([[{"files": [{"path": "%s/a_test.lua", "cases": [
  {"name": "a1", "status": "passed", "duration": 3},
  {"name": "a2", "status": "passed", "duration": 1}]}]}]]):format(dir))
local durations = assert(json_report.durations(report))
units_mod.weigh(units, durations)
check.equal(3, units[1].weight, "a1 took 3 s")
check.equal(1, units[2].weight, "a2 took 1 s")
check.equal(2, units[3].weight, "a3 is new: the mean")
local _, bad = json_report.durations(write("bad.json", "[1, 2"))
check.contains(bad, "--durations " .. dir .. "/bad.json: not a JSON report", "a broken durations file says so")

-- merge-reports refuses what it cannot merge, saying why.
local saved = io.stderr
local messages = {}
io.stderr = { write = function(_, text) messages[#messages + 1] = text end } -- luacheck: ignore 122
local code_missing = merge.run({ "junit:" .. dir .. "/m.xml" }, { dir .. "/nope.json" })
local code_wrong = merge.run({ "junit:" .. dir .. "/m.xml" }, { write("list.json", "[]") })
local code_kind = merge.run({ "xml:" .. dir .. "/m.xml" }, { report })
io.stderr = saved -- luacheck: ignore 122
check.equal(2, code_missing, "a missing report: exit 2")
check.contains(messages[1], "cannot read the file " .. dir .. "/nope.json: No such file or directory",
  "names the missing file and why")
check.equal(2, code_wrong, "not a report: exit 2")
check.contains(messages[2], "not an fscript JSON report", "says what the file is not")
check.equal(2, code_kind, "an unknown report kind: exit 2")

-- merge-reports keeps what its inputs say: a case the input recorded as an attempt to be retried (a run cut off
-- before the retry) is still a failed case, and a report's "run_hook_failed": false is written again.
local cut = write("cut.json", ([[{"run_hook_failed": false, "files": [{"path": "%s/a_test.lua", "cases": [
  {"name": "a1", "status": "failed", "will_be_retried": true, "failure": {"message": "first try"}}]}]}]]):format(dir))
io.stderr = { write = function() end } -- luacheck: ignore 122
local code_cut = merge.run({ "json:" .. dir .. "/cut_merged.json" }, { cut })
io.stderr = saved -- luacheck: ignore 122
check.equal(1, code_cut, "the cut-off attempt fails the merged run")
local merged_cut = assert(json_report.load(assert(util.read_input(dir .. "/cut_merged.json")), "cut_merged.json"))
check.equal(1, #merged_cut.files[1].cases, "and is in the merged report")
local merged_text = assert(util.read_input(dir .. "/cut_merged.json"))
check.contains(merged_text, '"run_hook_failed": false', "run_hook_failed as the input had it")
check.finish("parallel_spec")
