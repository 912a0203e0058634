-- Spec: cucumber's ways to pick scenarios besides tags: `--name REGEX` (anywhere in the name) and `FILE:LINE`
-- (the scenario or Examples row at that line, or the scenario whose step is at that line; an outline's own line
-- selects all its rows; several lines at once).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local runs = require("fixtures.runs")

local outline = here .. "../features/outline.feature"

-- The scenario names a run printed, in order.
local function ran(files, extra)
  local code, out = runs.run(files, extra)
  local names = {}
  for name in out:gmatch("Scenario: ([^\n]+)") do names[#names + 1] = name end
  return code, table.concat(names, "; "), out
end

-- Only the names.
local function picked(files, extra)
  local _, names = ran(files, extra)
  return names
end

local code, names = ran({ outline .. ":19" })
check.equal(0, code, "a row by its line passes")
check.equal("writing 2 entries as bob", names, "FILE:LINE of an Examples row runs that row")
names = picked({ outline .. ":2" })
check.equal("writing 1 entries as alice; writing 2 entries as bob; writing 300 entries as carol", names,
  "the outline's line runs every row")
names = picked({ outline .. ":18:24" })
check.equal("writing 1 entries as alice; writing 300 entries as carol", names, "several lines")
names = picked({ outline .. ":3" })
check.equal("writing 1 entries as alice; writing 2 entries as bob; writing 300 entries as carol", names,
  "a step's line selects its scenario, here the outline's every row (cucumber-ruby's rule; an editor gives that line)")

names = picked({ outline }, { name = "bob|carol" })
check.equal("writing 2 entries as bob; writing 300 entries as carol", names, "--name is a regex anywhere in the name")
names = picked({ outline .. ":18:19" }, { name = "bob" })
check.equal("writing 2 entries as bob", names, "--name narrows FILE:LINE")
names = picked({ outline }, { name = "bob", tags = "@large" })
check.equal("", names, "--name narrows the tag filter")

-- Selecting nothing is a typo or a stale line, never a green run of nothing.
check.equal(2, (ran({ outline .. ":1" })), "a line no scenario, row or step is on selects nothing: exit 2")
check.equal(2, (ran({ outline }, { name = "nobody" })), "a --name that matches no scenario: exit 2")
check.equal(2, (ran({ outline }, { name = "bob", tags = "@large" })), "--name and tags that together select nothing")
check.equal(0, (ran({ outline .. ":19" }, { name = "bob" })), "a line and a name that agree run")

local bad_code, _, bad_out = ran({ outline }, { name = "(" })
check.equal(2, bad_code, "a --name that is no regular expression is a usage error")
check.equal("", bad_out, "nothing runs")

check.finish("run_selection_spec")
