-- Spec: valid Gherkin is never refused. Description lines that start one letter from a keyword (`The`, `An`,
-- `Give`, `Scenaro:`) parse as cucumber parses them, with a warning naming the line, the column and the keyword
-- they resemble; `strict` makes each warning an error. Through the feature loader and the runner: the file runs
-- and its warnings are printed once; with `strict` it fails to load (exit 2).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local runs = require("fixtures.runs")
local gherkin = require("fscript.gherkin.parser")
local features = require("fscript.gherkin.features")
local util = require("fscript.util")

local TEXT = table.concat({
  "Feature: Descriptions that look like steps",          -- 1
  "  The notebook keeps what is written in it.",         -- 2: a feature's description may start with anything
  "",                                                    -- 3
  "  Background: a notebook",                            -- 4
  "    Give it a fresh start before each scenario.",     -- 5
  "    Given a fresh notebook",                          -- 6
  "",                                                    -- 7
  "  Scenario: writing twice",                           -- 8
  "    The second entry is the last one.",               -- 9
  "    An entry is never lost.",                         -- 10
  "    Scenaro: not a keyword, but text",                -- 11
  "    When I write \"one\"",                            -- 12
  "    And I write \"two\"",                             -- 13
  "    Then the notebook holds 2 entries",               -- 14
}, "\n") .. "\n"

local WARNINGS = {
  "5:5: 'Give' is read as description text; did you mean 'Given'?",
  "9:5: 'The' is read as description text; did you mean 'Then'?",
  "10:5: 'An' is read as description text; did you mean 'And'?",
  "11:5: 'Scenaro:' is read as description text; did you mean 'Scenario:'?",
}

local function listed(list)
  local out = {}
  for i, e in ipairs(list) do out[i] = ("%d:%d: %s"):format(e.line, e.column, e.message) end
  return table.concat(out, "\n")
end

-- The parser: no error, one warning per line, and the same document cucumber makes.
local doc, errors, warnings = gherkin.parse(TEXT)
check.equal("", listed(errors), "descriptions like steps are no error")
check.equal(table.concat(WARNINGS, "\n"), listed(warnings), "each is a warning with its line, column and keyword")
local pickles = gherkin.pickles(doc)
check.equal(1, #pickles, "one scenario")
check.equal(4, #pickles[1].steps, "the Background's step and the scenario's three")
check.equal("    The second entry is the last one.", doc.feature.children[2].scenario.description[1],
  "the line is the scenario's description, as cucumber keeps it")

-- strict: the same lines are errors, and there are no warnings left.
local _, strict_errors, strict_warnings = gherkin.parse(TEXT, { strict = true })
check.equal(table.concat(WARNINGS, "\n"), listed(strict_errors), "strict: every warning is an error")
check.equal(0, #strict_warnings, "strict: no warnings")

-- The feature loader names the file.
local dir = os.tmpname()
os.remove(dir)
util.mkdir(dir .. "/step_definitions")
local path = dir .. "/descriptions.feature"
assert(util.write_file(path, TEXT))
assert(util.write_file(dir .. "/step_definitions/notebook.lua", table.concat({
  "local log",
  'step("a fresh notebook", function() log = {} end)',
  'step("I write {string}", function(text) log[#log + 1] = text end)',
  'step("the notebook holds {int} entries", function(n) assert(#log == n, #log .. " entries") end)',
}, "\n")))
local loaded, load_error, file_warnings = features.load(path)
check.truthy(loaded and #loaded == 1, "the loader returns the scenario: " .. tostring(load_error))
local want = {}
for i, w in ipairs(WARNINGS) do want[i] = ("%s:%s"):format(path, w:gsub("^(%d+:%d+: )", "%1warning: ")) end
check.equal(table.concat(want, "\n"), table.concat(file_warnings or {}, "\n"), "FILE:LINE:COLUMN: warning: …")
local refused, strict_error = features.load(path, { strict = true })
check.equal(nil, refused, "strict: the file does not load")
check.contains(strict_error, path .. ":9:5: 'The' is read as description text; did you mean 'Then'?",
  "strict: the error names the file, line and column")
check.contains(check.raises(function() features.load(path, true) end, "options must be a table"),
  "bad argument #2 to 'load' (table expected, got boolean)", "the options are checked")

-- The runner: the file runs and passes, its warnings printed once; strict: a load error, exit 2.
local function run(extra) return runs.run({ dir }, extra) end
local code, out = run()
check.equal(0, code, "the run passes: " .. out)
for _, line in ipairs(want) do
  local _, count = out:gsub(line:gsub("%p", "%%%0"), "")
  check.equal(1, count, "printed once: " .. line)
end
code, out = run({ strict = true })
check.equal(2, code, "strict: the file fails to load")
check.contains(out, path .. ":10:5: 'An' is read as description text; did you mean 'And'?", "strict: the error")
check.equal(2, (run({ strict = "yes" })), "strict must be a boolean")
code, out = run({ dry_run = true })
check.equal(0, code, "a dry run checks the file: " .. out)
check.contains(out, want[2], "a dry run prints the warnings too")
os.execute("rm -rf '" .. dir .. "'")

check.finish("gherkin_lenient_spec")
