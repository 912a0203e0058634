-- Spec: a suite's own steps win. A step the suite defines (a Lua test file, a step_definitions file: anything
-- not from the built-in catalog) takes precedence over a catalog step matching the same text; two suite steps
-- that match stay ambiguous, and so do two catalog steps. `fscript --dry-run` lists what the suite overrides.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local runs = require("fixtures.runs")
local steps = require("fscript.steps.registry")
local util = require("fscript.util")

local function line() return debug.getinfo(2, "l").currentline end
local src = debug.getinfo(1, "S").short_src

-- Against the real catalog: "I am on the start screen" is the catalog's "I am on the {text} screen" too.
local session = require("fscript.session").new()
local ran
local own_line = line() + 1
session:step("I am on the start screen", function() ran = "suite" end)
local def, args, overridden = session.registry:match("I am on the start screen")
check.equal("I am on the start screen", def and def.pattern, "the suite's step wins over the catalog's")
check.equal(0, args and #args, "with its own (no) arguments")
check.equal("I am on the {text} screen", overridden and overridden[1] and overridden[1].pattern,
  "match names the catalog step it overrode")
check.equal(("%s:%d"):format(src, own_line), steps.location(def), "the suite's definition is where it was written")
session.registry:run("I am on the start screen")
check.equal("suite", ran, "running the text runs the suite's step")
local catalog_def = session.registry:match("I am on the Home screen")
check.equal("I am on the {text} screen", catalog_def and catalog_def.pattern, "other texts still reach the catalog")
check.equal(true, catalog_def and catalog_def.catalog, "catalog steps are marked as the catalog's")

-- The suite may even repeat a catalog pattern: its own definition wins.
session:step("I touch the button marked {string}", function(mark) ran = "own touch " .. mark end)
session.registry:run("I touch the button marked 'Go'")
check.equal("own touch Go", ran, "the same pattern as the catalog's: the suite's runs")

-- Two suite steps matching the same text stay ambiguous, whatever the catalog holds.
local a_line = line() + 1
session:step("I am on the {word} screen", function() end)
local none, ambiguous = session.registry:match("I am on the start screen")
check.equal(nil, none, "two suite steps are ambiguous")
check.equal(([[Ambiguous step: I am on the start screen matches 2 step definitions:
  I am on the start screen  (%s:%d)
  I am on the {word} screen  (%s:%d)]]):format(src, own_line, src, a_line), ambiguous,
  "the ambiguity lists the suite's steps only")

-- Two catalog steps matching the same text stay ambiguous, as before.
local registry = steps.new()
local c1 = line() + 1
registry:define("I open {word}", function() end, 1, { catalog = true })
local c2 = line() + 1
registry:define("I open {string}", function() end, 1, { catalog = true })
local _, catalog_ambiguous = registry:match("I open 'x'")
check.equal(([[Ambiguous step: I open 'x' matches 2 step definitions:
  I open {word}  (%s:%d)
  I open {string}  (%s:%d)]]):format(src, c1, src, c2), catalog_ambiguous, "two catalog steps are ambiguous")
registry:define("I open {word}", function() end)
check.equal(false, registry:match("I open 'x'").catalog or false, "a suite step settles a catalog ambiguity")

-- Through the runner: a feature whose step the catalog matches too passes, and the dry run says who wins.
local dir = os.tmpname()
os.remove(dir)
util.mkdir(dir .. "/step_definitions")
assert(util.write_file(dir .. "/nav.feature", table.concat({
  "Feature: navigation",
  "  Scenario: start",
  "    Given I am on the start screen",
  "    Then I have seen the start screen",
}, "\n") .. "\n"))
assert(util.write_file(dir .. "/step_definitions/nav.lua", table.concat({
  "local seen",
  'step("I am on the start screen", function() seen = true end)',
  'step("I have seen the start screen", function() assert(seen, "not on the start screen") end)',
}, "\n") .. "\n"))
local function run(extra) return runs.run({ dir }, extra) end
local code, out = run()
check.equal(0, code, "the suite's step runs, not 'Ambiguous step': " .. out)
code, out = run({ dry_run = true })
check.equal(0, code, "the dry run finds nothing undefined or ambiguous: " .. out)
local override = ('%s/step_definitions/nav.lua:2: "I am on the start screen" overrides the catalog\'s '
  .. '"I am on the {text} screen"\n'):format(dir)
local _, count = out:gsub(override:gsub("%p", "%%%0"), "")
check.equal(1, count, "the dry run names the override once: " .. out)
check.equal(nil, out:find("I have seen the start screen\" overrides", 1, true), "and only real overrides")
os.execute("rm -rf '" .. dir .. "'")

check.finish("step_precedence_spec")
