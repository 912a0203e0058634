-- Spec: step patterns and the registry (placeholders, both quote kinds, undefined and ambiguous steps).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local steps = require("fscript.steps.registry")

local registry = steps.new()
local got = {}
local function line() return debug.getinfo(2, "l").currentline end
local src = debug.getinfo(1, "S").short_src

local touch_line = line() + 1
registry:define("I touch the button marked {string}", function(mark) got.mark = mark end)
registry:define("I type {string} into the {string} text field", function(t, f) got.text, got.field = t, f end)
registry:define("I wait {int} times {float} seconds", function(n, s) got.n, got.s = n, s end)
registry:define("I open {word}", function(w) got.word = w end)
local cell_line = line() + 1
registry:define("I touch the {ordinal} table cell", function(n) got.cell = n end)
registry:define("I should see the following:", function(data) got.data = data end)

registry:run([[I touch the button marked 'Log In']])
check.equal("Log In", got.mark, "single quotes")
registry:run([[I touch the button marked "Don't"]])
check.equal("Don't", got.mark, "double quotes holding a single quote")
registry:run([[I type "alice" into the 'Username' text field]])
check.equal("alice", got.text, "first {string}")
check.equal("Username", got.field, "second {string}, other quote kind")
registry:run("I wait 3 times 1.5 seconds")
check.equal(3, got.n, "{int}")
check.equal("integer", math.type(got.n), "{int} is an integer")
check.equal(1.5, got.s, "{float}")
registry:run("I open /api/items?x=1")
check.equal("/api/items?x=1", got.word, "{word} is any non-space run")
registry:run("I touch the 22nd table cell")
check.equal(22, got.cell, "{ordinal} 22nd")
registry:run("I touch the first table cell")
check.equal(1, got.cell, "{ordinal} first")
check.equal(nil, (registry:match("I touch the 2th table cell")), "2th is not an ordinal")
registry:run("I should see the following:", { "Apples", "Pears" })
check.equal("Pears", got.data and got.data[2], "data table passed last")
check.equal(nil, (registry:match("I wait 3.5 times 1 seconds")), "{int} refuses 3.5")
check.equal(touch_line, registry.definitions[1].line, "definition line recorded")
check.equal(src, registry.definitions[1].source, "definition file recorded")

-- Undefined: the whole message, three nearest definitions with their locations.
local _, message = registry:match([[I tuch the button marked "OK"]])
check.equal(([[Undefined step: I tuch the button marked "OK"
Did you mean:
  I touch the button marked {string}  (%s:%d)
  I touch the {ordinal} table cell  (%s:%d)
  I should see the following:  (%s:%d)]]):format(src, touch_line, src, cell_line, src, cell_line + 1), message,
  "undefined step names the three closest steps")

-- Ambiguous: both definitions with their locations.
local other = steps.new()
local a_line = line() + 1
other:define("I open {word}", function() end)
local b_line = line() + 1
other:define("I open {string}", function() end)
local _, ambiguous = other:match("I open 'x'")
check.equal(([[Ambiguous step: I open 'x' matches 2 step definitions:
  I open {word}  (%s:%d)
  I open {string}  (%s:%d)]]):format(src, a_line, src, b_line), ambiguous, "ambiguous step names both")
local err = check.raises(function() other:run("I open 'x'") end, "running an ambiguous step raises")
check.contains(err, "Ambiguous step", "run raises the ambiguity")

-- A malformed expression raises at the caller's line. An unknown parameter type is looked up at the first match
-- (a suite may declare its parameter types after the steps using them); while unknown, the definition matches
-- nothing and an undefined step's message says why, naming the definition.
local bad_line = line() + 1
local misuse = check.raises(function() other:define("x (y", function() end) end, "unfinished optional")
check.contains(misuse, ("%s:%d:"):format(src, bad_line), "misuse blames the caller's line")
check.contains(misuse, "The '(' does not have a matching ')'", "misuse says cucumber's problem")
local unknown = steps.new()
local nope_line = line() + 1
unknown:define("x {nope}", function() end)
local none, nope = unknown:match("x y")
check.equal(nil, none, "a definition with an unknown parameter type matches nothing")
check.contains(nope, ("%s:%d cannot match any step:\nThis Cucumber Expression has a problem at column 3:"):format(src,
  nope_line), "the undefined step's message names the definition and the column")
check.contains(nope, "Undefined parameter type 'nope'", "the unknown type is named")
-- The same pattern from another place: both stay, and the text they match is ambiguous, naming both (cucumber-js).
local dup_line = line() + 1
other:define("I open {word}", function() end)
local neither, both = other:match("I open Settings")
check.equal(nil, neither, "a pattern defined twice makes its steps ambiguous")
check.contains(both, "Ambiguous step: I open Settings matches 2 step definitions", "and says so")
check.contains(both, src .. ":" .. a_line, "naming the first definition")
check.contains(both, src .. ":" .. dup_line, "and the second")

-- Deferred definitions (the catalog): loaded once, at the first use, and defined before what triggered them.
local deferred, loads = steps.new(), 0
local catalog_line = line() + 1
deferred:defer(function() loads = loads + 1; deferred:define("I open {word}", function() end) end)
check.equal(0, loads, "defer loads nothing yet")
deferred:define("I open {word}", function() end)
check.equal(src .. ":" .. catalog_line, deferred:list()[1].location, "the deferred step came first")
check.equal("I open {word}", deferred:list()[1].pattern, "listing shows the deferred step")
check.equal(1, loads, "the deferred definitions load once")

-- Every built-in step is documented for `fscript steps`, and its example is a text that step matches.
local session = require("fscript.session").new()
local docs = require("fscript.catalog.docs").steps
for _, def in ipairs(session.registry:list()) do
  local doc = docs[def.pattern]
  check.truthy(doc and doc.description and doc.example, "no description or example for: " .. def.pattern)
  local text = doc and doc.example:match("^%u%l+ (.*)$")
  if text and not doc.example:find("^%u%l+%(") then
    local found = session.registry:match(text)
    check.equal(def.pattern, found and found.pattern, "the example of " .. def.pattern .. " matches it")
  end
end

check.finish("steps_spec")
