-- Spec: the stdlib's folders keep their layers. Reads every `require` of an `fscript.` module in
-- stdlib/fscript (and the module names a folder's entry lists for `require(name)`: the catalog's parts, the
-- report kinds) and fails on an edge the rules below forbid; then fails when a folder or a module is missing
-- from docs/ARCHITECTURE.md's table of the stdlib (one row per folder, every module named in its row).
-- The rules are written down in docs/ARCHITECTURE.md, as Playwright's DEPS.list files write down theirs.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")

local root = here .. "../../"
local stdlib = root .. "stdlib/fscript/"

---Modules the Swift host provides (`package.preload`), not files of the stdlib.
local HOST = { json = true, image = true, worker = true, step_events = true, ["port.host"] = true,
  ["trace.writer"] = true, ["trace.drawings"] = true, ["inspector.actions"] = true }

---Every module file under stdlib/fscript, by module name (`run/parallel/worker.lua` is `run.parallel.worker`,
---a folder's `init.lua` the folder's name).
---@return table<string, string> path by module name
local function modules()
  local found = {}
  local p = assert(io.popen("cd '" .. stdlib .. "' && find . -name '*.lua' | sort"))
  for path in p:lines() do
    local name = path:gsub("^%./", ""):gsub("%.lua$", ""):gsub("/init$", ""):gsub("/", ".")
    found[name] = path:gsub("^%./", "")
  end
  p:close()
  return found
end

---A module's folder, the layer the rules speak of: `run.parallel.worker` is in `run`, `runner` at the top.
local function layer(name)
  return name:match("^([%w_]+)%.") or (name == "report" or name == "catalog" or name == "frank_compat") and name
    or "top"
end

---The `fscript.` modules a file's code names: `require("fscript.x")`, `pcall(require, "fscript.x")` and a
---quoted name a module passes to `require` later. Comments and the Lua a converter writes as text (inside a
---single-quoted string) are not code that runs here.
---@return {name: string, line: integer}[]
local function names_in(text)
  local out, n = {}, 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    local code = line:gsub("^%s*%-%-.*$", ""):gsub("%s%-%-%s.*$", "")
    for from, name in code:gmatch("()\"fscript%.(%l[%l%d_.]*)\"") do
      local before = code:sub(1, from - 1)
      local _, quotes = before:gsub("'", "")
      if quotes % 2 == 0 then out[#out + 1] = { name = name, line = n } end
    end
  end
  return out
end

-- The rules. A rule names the layer it constrains and what that layer may require (besides itself).
local TOP_API = { config = true, backend = true, wait = true, failure = true, ui = true, screens = true,
  screenshots = true, pretty = true, util = true }
local RULES = {
  -- Gherkin, matching and the events know nothing of the engine, the reports, the catalog or the traces.
  gherkin = function(to) return to == "util" or layer(to) == "steps" and to == "steps.data_table" end,
  steps = function(to) return to == "util" or to == "failure" end,
  events = function(to) return to == "util" or to == "failure" or layer(to) == "gherkin" end,
  -- The catalog only the test author's API: the top-level modules a test calls, and data tables.
  catalog = function(to) return TOP_API[to] or to == "steps.data_table" end,
  -- The converter nothing that runs a test.
  port = function(to) return to == "util" end,
}

-- The engine never requires a renderer, the console included: it publishes its events (`fscript.events.bus`) and
-- whoever shows or keeps the run subscribes. `fscript.report` (the report specs a run is given) is its only way into
-- report/, and it never calls up into the entry points that put a run together (the runner, the REPL, the DSL).
local ENTRY_POINTS = { runner = true, repl = true, dsl = true }
local function run_rule(_, to)
  if ENTRY_POINTS[to] then return false end
  return layer(to) ~= "report" or to == "report"
end

-- Forwarders kept at a public name that moved (one `return require("fscript.NEW")`), exempt from their
-- folder's rules: suites ported before the runtime moved to frank_compat/ require these names.
local FORWARDERS = { ["port.ruby"] = "frank_compat.ruby", ["port.expect"] = "frank_compat.expect" }

local all = modules()
local edges = 0
for name, path in pairs(all) do
  local f = assert(io.open(stdlib .. path))
  local text = f:read("a")
  f:close()
  if FORWARDERS[name] then
    check.equal(('return require("fscript.%s")\n'):format(FORWARDERS[name]), text:match("\n(return .*)$"),
      name .. " is a one-line forwarder")
  else
    for _, use in ipairs(names_in(text)) do
      local to = use.name
      -- A prefix a module completes at run time (`"fscript.frank_compat." .. part`) names no module by itself.
      if not HOST[to] and to ~= "project.lua" and not to:match("%.$") then
        edges = edges + 1
        check.truthy(all[to], ("%s:%d requires fscript.%s, which is no module"):format(path, use.line, to))
        local from_layer = layer(name)
        local rule = RULES[from_layer]
        if from_layer == "run" and all[to] then
          check.truthy(run_rule(name, to), ("%s:%d: run/ may not require fscript.%s"):format(path, use.line, to))
        elseif rule and layer(to) ~= from_layer and all[to] then
          check.truthy(rule(to), ("%s:%d: %s/ may not require fscript.%s"):format(path, use.line, from_layer, to))
        end
      end
    end
  end
end
check.truthy(edges > 300, ("the requires were read (%d)"):format(edges))

-- docs/ARCHITECTURE.md: one row per folder, every module of the folder named in its row.
local f = assert(io.open(root .. "docs/ARCHITECTURE.md"))
local doc = f:read("a")
f:close()
local rows = {}
for folder, cells in doc:gmatch("\n| `([%w_/]+)/` | ([^\n]*)") do rows[folder] = cells end
rows.top = doc:match("\n| top | ([^\n]*)")
for name, path in pairs(all) do
  local folder = path:match("^(.*)/[^/]+$") or "top"
  local row = rows[folder]
  if check.truthy(row, ("docs/ARCHITECTURE.md has a row for the folder %s/ (of %s)"):format(folder, path)) then
    local base = path:match("([^/]+)%.lua$")
    check.truthy(row:find("`" .. base .. "`", 1, true),
      ("docs/ARCHITECTURE.md's row for %s names the module %s (%s)"):format(folder, base, name))
  end
end

check.finish("layers_spec")
