-- Spec: fscript's Cucumber Expressions against the official conformance data (../shared/cucumber-expressions/
-- testdata, read in place): every tokenizer, parser, transformation and matching file of cucumber-expression/ and
-- every regular-expression/matching file gives the reference tokens, tree, regex, arguments or error text.
-- YAML's null stands for "no match" (expected_args) and for a group that took no part, which fscript passes
-- as `false` (a Lua list cannot hold nil); numbers must be integers or floats as the data writes them.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local yaml = require("fixtures.tiny_yaml")
local compiler = require("fscript.steps.expression.compiler")
local parameter_types = require("fscript.steps.expression.parameter_types")
local parser = require("fscript.steps.expression.parser")
local pattern = require("fscript.steps.pattern")
local tokenizer = require("fscript.steps.expression.tokenizer")

local shared = require("fixtures.shared_data").folder(here, "cucumber-expressions", "cucumber_expressions_spec")
if not shared then return end
local root = shared .. "testdata/"

local function read(path)
  local f = assert(io.open(path, "rb"), "cannot open " .. path .. " (../shared must sit beside the clone)")
  local text = f:read("a")
  f:close()
  return text
end

local function list(dir)
  local names = {}
  local p = assert(io.popen("ls '" .. dir .. "'"))
  for name in p:lines() do
    if name:match("%.yaml$") then names[#names + 1] = name end
  end
  p:close()
  table.sort(names)
  return names
end

-- A canonical rendering: keys sorted, integers and floats told apart, null and false alike.
local function render(v)
  if v == nil or v == yaml.null or v == false then return "null" end
  local kind = math.type(v)
  if kind == "integer" then return ("%d"):format(v) end
  if kind == "float" then return ("%.17g.f"):format(v) end
  if type(v) == "string" then return ("%q"):format(v) end
  if type(v) ~= "table" then return tostring(v) end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. "=" .. render(v[k]) end
  return "{" .. table.concat(parts, ",") .. "}"
end

-- Runs fn; answers its result rendered, or "error: <message>".
local function outcome(fn)
  local ok, result = pcall(fn)
  if not ok then return "error: " .. tostring(result) end
  return render(result)
end

local function expected(case, key)
  if case.exception ~= nil and case.exception ~= yaml.null then return "error: " .. case.exception end
  return render(case[key])
end

local function tokens_of(expression)
  local out = {}
  for i, t in ipairs(tokenizer.tokenize(expression)) do
    out[i] = { type = t.type, start = t.start, ["end"] = t.stop, text = t.text }
  end
  return out
end

local function tree_of(node)
  local out = { type = node.type, start = node.start, ["end"] = node.stop }
  if node.type == "TEXT_NODE" then
    out.token = node.token
  else
    out.nodes = {}
    for i, child in ipairs(node.nodes) do out.nodes[i] = tree_of(child) end
  end
  return out
end

local function args_of(expression, text)
  local matcher = pattern.compile(expression, parameter_types.new())
  local args = pattern.match(matcher, text)
  -- An undefined parameter type does not raise in fscript (the definition matches nothing, and the undefined
  -- step's message carries cucumber's error); the conformance data expects that error, so it is raised here.
  if not args and matcher.problem then error(matcher.problem, 0) end
  if not args then return nil end
  local out = {}
  for i = 1, args.n do out[i] = args[i] == nil and false or args[i] end
  return out
end

local SUITES = {
  { dir = "cucumber-expression/tokenizer", key = "expected_tokens",
    run = function(case) return tokens_of(case.expression) end },
  { dir = "cucumber-expression/parser", key = "expected_ast",
    run = function(case) return tree_of(parser.parse(case.expression)) end },
  { dir = "cucumber-expression/transformation", key = "expected_regex",
    run = function(case) return (compiler.compile(case.expression, parameter_types.new())) end },
  { dir = "cucumber-expression/matching", key = "expected_args",
    run = function(case) return args_of(case.expression, case.text) end },
  { dir = "regular-expression/matching", key = "expected_args",
    run = function(case) return args_of(case.expression, case.text) end },
}

local total, passed = 0, 0
for _, suite in ipairs(SUITES) do
  local names = list(root .. suite.dir)
  check.truthy(#names > 0, suite.dir .. " has files")
  for _, name in ipairs(names) do
    local case = yaml.decode(read(root .. suite.dir .. "/" .. name))
    total = total + 1
    if check.equal(expected(case, suite.key), outcome(function() return suite.run(case) end),
      suite.dir .. "/" .. name) then
      passed = passed + 1
    end
  end
end
print(("cucumber-expressions conformance: %d/%d files pass"):format(passed, total))
check.finish()
