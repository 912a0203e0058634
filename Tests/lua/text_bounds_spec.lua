-- Spec: text from a suite cannot make the runner or the parser take quadratic time. An undefined step with a
-- 10,000-space run fails as undefined (before: minutes in the catalog match's trim, past the scenario limit);
-- 20,000 tags on one line parse with the right columns (before: each tag measured the whole line before it).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local runner = require("fscript.runner")
local gherkin = require("fscript.gherkin")
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
check.truthy(message:find("^Undefined step: I do ") ~= nil, "it fails as undefined, not timed out: " .. message:sub(1, 80))

local tags = {}
for i = 1, 20000 do tags[i] = "@t" .. i end
local doc, errors = gherkin.parse("Feature: many tags\n  " .. table.concat(tags, " ") .. "\n  Scenario: s\n    Given x\n")
check.equal(0, #errors, "the tag line parses")
local scenario = doc.feature.children[1].scenario
check.equal(20000, #scenario.tags, "every tag is read")
local last = scenario.tags[20000]
check.equal("@t20000", last.name, "the last tag")
check.equal(3 + #table.concat(tags, " ", 1, 19999) + 1, last.column, "its column counts every character before it")

check.equal("a  b", util.trim(" \t a  b \n "), "trim keeps inner white space")
check.equal("", util.trim("   "), "trim of white space is empty")

check.finish("text_bounds_spec")
