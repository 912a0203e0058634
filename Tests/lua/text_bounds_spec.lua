-- Spec: text from a suite cannot make the runner or the parser take quadratic time. An undefined step with a
-- 10,000-space run fails as undefined (before: minutes in the catalog match's trim, past the scenario limit);
-- 20,000 tags on one line parse with the right columns (before: each tag measured the whole line before it);
-- every line ending is read, and a feature file with nothing to run says so.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local runner = require("fscript.runner")
local gherkin = require("fscript.gherkin.parser")
local util = require("fscript.util")

local path = os.tmpname() .. "_test.lua"
local f = assert(io.open(path, "w"))
f:write('scenario("a long step", function() Given("I do " .. string.rep(" ", 10000) .. "something") end)\n')
f:close()
local env = setmetatable({}, { __index = _G })
local out = {}
-- A 20 s limit: the bounded match takes milliseconds, the quadratic one took minutes.
local code, run = runner.run({ files = { path }, env = env, color = false, artifacts = false, timeout = 20,
  out = function(s) out[#out + 1] = s end })
os.remove(path)
check.equal(1, code, "the undefined step fails the run")
local message = run.files[1].cases[1].failure.message
check.truthy(message:find("^Undefined step: I do ") ~= nil,
  "it fails as undefined, not timed out: " .. message:sub(1, 80))

local tags = {}
for i = 1, 20000 do tags[i] = "@t" .. i end
local doc, errors = gherkin.parse("Feature: many tags\n  " .. table.concat(tags, " ")
  .. "\n  Scenario: s\n    Given x\n")
check.equal(0, #errors, "the tag line parses")
local scenario = doc.feature.children[1].scenario
check.equal(20000, #scenario.tags, "every tag is read")
local last = scenario.tags[20000]
check.equal("@t20000", last.name, "the last tag")
check.equal(3 + #table.concat(tags, " ", 1, 19999) + 1, last.column, "its column counts every character before it")

-- Every line ending: a CR-only file (the old Mac's) was one long line and ran no step, silently.
local features = require("fscript.gherkin.features")
local cr = os.tmpname() .. ".feature"
f = assert(io.open(cr, "wb"))
f:write("Feature: old Mac\r  Scenario: cr only\r    Given a step\r\n    Then another\n")
f:close()
local pickles, _, warnings = features.load(cr)
check.equal(1, pickles and #pickles, "a CR-only file has its scenario")
check.equal(2, pickles and pickles[1] and #pickles[1].steps, "and its steps, whatever ends each line")
check.equal(0, #warnings, "and no warning")
f = assert(io.open(cr, "wb"))
f:write("Feature: nothing to run\n  Background:\n    Given a step\n")
f:close()
pickles, _, warnings = features.load(cr)
os.remove(cr)
check.equal(0, pickles and #pickles, "a feature without scenarios")
check.truthy(warnings[1] and warnings[1]:find("warning: no scenario in this file", 1, true), "says so")

-- Outline placeholders: one pass (values that name each other grew to 10^8 characters inside one gsub), and a
-- row that expands a text past 1 MB is a load error at its line.
local outline = os.tmpname() .. ".feature"
local function write_outline(step, header, row)
  f = assert(io.open(outline, "w"))
  f:write(("Feature: f\n  Scenario Outline: o\n    Given %s\n\n    Examples:\n      | %s |\n      | %s |\n")
    :format(step, table.concat(header, " | "), table.concat(row, " | ")))
  f:close()
end
local header, row = {}, {}
for i = 1, 12 do header[i], row[i] = "c" .. i, string.rep("<c" .. (i + 1) .. ">", 10) end
write_outline(string.rep("<c1>", 10), header, row)
pickles = features.load(outline)
check.equal(("<c2>"):rep(100), pickles and pickles[1].steps[1].text, "values are not expanded again")
write_outline(string.rep("<big>", 2000), { "big" }, { string.rep("x", 1000) })
local none, why = features.load(outline)
os.remove(outline)
check.equal(nil, none, "a row that expands past the limit does not load")
check.truthy(why and why:find(":7:1: the Examples row at line 7 expands a text past 1048576 bytes", 1, true),
  tostring(why))

check.equal("a  b", util.trim(" \t a  b \n "), "trim keeps inner white space")
check.equal("", util.trim("   "), "trim of white space is empty")

check.finish("text_bounds_spec")
