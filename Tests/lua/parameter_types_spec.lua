-- Spec: Cucumber Expressions in step definitions: optional text and alternation, a suite's own parameter types
-- (`parameter_type{…}`) with their transformers and cucumber's errors, regular-expression groups transformed by the
-- type whose regexp they are, and snippets that use the parameter types that exist.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local snippets = require("fscript.steps.snippets")
local steps = require("fscript.steps.registry")

local registry = steps.new()
local got = {}
registry:define("I have {int} cuke(s) in my belly/stomach", function(n) got.cukes = n end)
registry:run("I have 1 cuke in my belly")
check.equal(1, got.cukes, "optional left out, first alternative")
registry:run("I have 42 cukes in my stomach")
check.equal(42, got.cukes, "optional taken, second alternative")
check.equal(nil, (registry:match("I have 42 cukez in my stomach")), "the optional is only what it says")

-- A custom type: a list of regexps, a transformer receiving the type's own groups.
registry:parameter_type({ name = "color", regexp = { "red|blue", "green" }, transformer = function(s)
  return { name = s }
end })
registry:parameter_type({ name = "point", regexp = "\\((\\d+),(\\d+)\\)", transformer = function(x, y)
  return { x = tonumber(x), y = tonumber(y) }
end })
registry:define("I paint the {color} dot at {point}", function(c, p) got.color, got.point = c, p end)
registry:run("I paint the blue dot at (3,4)")
check.equal("blue", got.color and got.color.name, "custom type transformed")
check.equal(4, got.point and got.point.y, "the transformer receives the regexp's own groups")
registry:run("I paint the green dot at (1,2)")
check.equal("green", got.color and got.color.name, "the second regexp of the list")

-- A type declared after the step using it works: expressions compile on their first match.
registry:define("I count {animal}", function(a) got.animal = a end)
local before, why = registry:match("I count dog")
check.equal(nil, before, "before its type exists the step matches nothing")
check.contains(why, "Undefined parameter type 'animal'", "and the undefined step says why")
registry:parameter_type({ name = "animal", regexp = "cat|dog" })
registry:run("I count dog")
check.equal("dog", got.animal, "without a transformer the text passes")

-- Cucumber's errors.
local function raises(spec) return check.raises(function() registry:parameter_type(spec) end, "raises") end
check.contains(raises({ name = "color", regexp = "x" }), "There is already a parameter type with name color",
  "duplicate name")
check.contains(raises({ name = "", regexp = "x" }), "The anonymous parameter type has already been defined",
  "anonymous again")
check.contains(raises({ name = "a{b", regexp = "x" }),
  "Illegal character in parameter name {a{b}. Parameter names may not contain", "reserved characters")
check.contains(raises({ name = "n", regexp = "-?\\d+", prefer_for_regexp_match = true }),
  "There can only be one preferential parameter type per regexp. The regexp /-?\\d+/ is used for two "
  .. "preferential parameter types, {int} and {n}", "two preferential types")
check.contains(raises({ name = "q", regexp = "(" }), "parameter_type \"q\"", "a regexp that does not compile")
check.contains(raises({ name = "q", regexp = "x", colour = 1 }), "unknown field \"colour\"", "unknown field")
check.contains(raises({ name = "q", regexp = {} }), "regexp must be a string or a list", "empty regexp list")

-- Regular expressions: a group whose regexp is a type's is transformed by it; others pass text, false if absent.
registry:define("^I wait (\\d+) times?( quietly)?$", function(n, quiet) got.n, got.quiet = n, quiet end)
registry:run("I wait 3 times")
check.equal("integer", math.type(got.n), "(\\d+) is {int}'s regexp, so an integer")
check.equal(false, got.quiet, "a group that took no part is false")
registry:define("^I pick (red|blue)$", function() end)
registry:parameter_type({ name = "shade", regexp = "red|blue", transformer = function(s) return s end })
local ambiguous = check.raises(function() registry:match("I pick red") end, "two types for one regexp")
check.contains(ambiguous, "Your Regular Expression /^I pick (red|blue)$/\nmatches multiple parameter types with "
  .. "regexp red|blue:\n   {color}\n   {shade}", "cucumber's ambiguity message")
check.contains(ambiguous, "Try one of these:\n   I pick {color}\n   I pick {shade}", "it suggests expressions")

-- Snippets: cucumber's built-in choices, and a suite's own type when it is used for snippets.
check.contains(snippets.snippet([[I add "milk" 2 times at 1.5 kg/m (roughly)]], nil, registry.types),
  [[step("I add {string} {int} times at {float} kg\\/m \\(roughly)", function(text, n, x)]], "built-in snippet")
local plain = steps.new()
check.contains(snippets.snippet("I paint it red", nil, plain.types), 'step("I paint it red", function()',
  "no custom types: literal text")
plain:parameter_type({ name = "colour", regexp = "red|blue" })
check.contains(snippets.snippet("I paint it red", nil, plain.types), 'step("I paint it {colour}", function(colour)',
  "a custom type used for snippets")

-- The DSL has parameter_type, and its errors blame the caller's line.
local session = require("fscript.session").new({ catalog = false })
local g = session:globals()
local line = debug.getinfo(1, "l").currentline + 1
local ok, err = pcall(function() g.parameter_type({ name = 1 }) end)
check.equal(false, ok, "bad DSL call raises")
check.contains(tostring(err), "parameter_types_spec.lua:" .. line .. ":", "the DSL blames the caller's line")

check.finish("parameter_types_spec")
