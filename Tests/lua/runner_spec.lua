-- Spec: the runner (tags filtering, before/after hooks, every scenario runs, exit codes, summary line).
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local runner = require("fscript.runner")

local function run(files, extra)
  local output = {}
  local env = setmetatable({}, { __index = _G })
  env.trace = {}
  local opts = { files = files, env = env, color = false, artifacts = false,
    out = function(s) output[#output + 1] = s end }
  for k, v in pairs(extra or {}) do opts[k] = v end
  local code, result = runner.run(opts)
  return code, env.trace, table.concat(output), result
end

local script = here .. "fixtures/hooks_and_tags.lua"
local code, trace, out = run({ script }, { tags = "smoke,~slow" })
check.equal(1, code, "a failed scenario gives exit code 1")
check.equal("before,one,after,before,after,before,still runs,after", table.concat(trace, ","),
  "smoke,~slow runs smoke scenarios without slow; after runs after a failure; the run goes on")
check.truthy(out:find("\n2 passed, 1 failed\n$"), "the summary is the last line: " .. out:sub(-40))
check.truthy(out:find("  ✔ When I note 'one'  (", 1, true), "one line per step with its time")
check.truthy(out:find("boom", 1, true), "the failure message is printed")
check.truthy(not out:find("\27[", 1, true), "no colour when color = false")

code, trace = run({ script }, { tags = "~smoke" })
check.equal(0, code, "only the untagged scenario runs and passes")
check.equal("before,untagged,after", table.concat(trace, ","), "~smoke excludes every smoke scenario")

trace = select(2, run({ script }, { tags = "slow, nothing" }))
check.equal("before,slow,after", table.concat(trace, ","), "comma is OR of includes")

code, trace, out = run({ here .. "fixtures/plain_script.lua" })
check.equal(0, code, "a script without scenarios passes when it loads")
check.equal("plain script ran", trace[1], "the script ran")
check.truthy(out:find("\n1 passed, 0 failed\n$"), "a plain script counts as one test")

local broken = { run({ here .. "fixtures/broken_script.lua", here .. "fixtures/plain_script.lua" }) }
code, out = broken[1], broken[3]
check.equal(2, code, "a script that does not compile gives exit code 2")
check.truthy(out:find("\n1 passed, 1 failed\n$"), "the other files still run: " .. out:sub(-30))

check.equal(2, (run({ script }, { tags = "smoke,~" })), "a bad tag filter is a usage error")
check.equal(2, (run({ script }, { reports = { "xml:out.xml" } })), "a bad report kind is a usage error")

local nothing, _, coloured = run({ script }, { color = true, tags = "untagged_none" })
check.truthy(coloured:find("\n0 passed, 0 failed\n$"), "nothing selected still prints the summary")
check.equal(2, nothing, "a tag filter that selects nothing is a usage error, not a green run")

-- Cucumber's tag expressions select as the comma form does, and more.
trace = select(2, run({ script }, { tags = "@smoke and not @slow" }))
check.equal("before,one,after,before,after,before,still runs,after", table.concat(trace, ","),
  "@smoke and not @slow = smoke,~slow")
_, trace = run({ script }, { tags = "@slow or (not @smoke and not @slow)" })
check.equal("before,slow,after,before,untagged,after", table.concat(trace, ","), "or, not and parentheses")
check.equal(2, (run({ script }, { tags = "@smoke and" })), "a malformed expression is a usage error")

-- A directory runs its test files, not the app file, helpers or the project file.
local util = require("fscript.util")
local dir = os.tmpname()
os.remove(dir)
for _, folder in ipairs({ dir, dir .. "/apps", dir .. "/support", dir .. "/nested" }) do util.mkdir(folder) end
local function write(path, text)
  local f = assert(io.open(dir .. "/" .. path, "w"))
  f:write(text)
  f:close()
end
write("login_test.lua", 'scenario("login", function() trace[#trace + 1] = "login" end)\n')
write("nested/items_test.lua", 'scenario("items", function() trace[#trace + 1] = "items" end)\n')
write("todo_app.lua", 'error("the app file ran as a test")\n')
write("apps/other.lua", 'error("an app file ran as a test")\n')
write("support/steps.lua", 'error("a helper ran as a test")\n')
write("_shared.lua", 'error("a helper ran as a test")\n')
write("fscript.project.lua", 'error("the project file ran as a test")\n')
code, trace = run({ dir }, { app = dir .. "/todo_app.lua" })
check.equal(0, code, "only the test files ran")
check.equal("login,items", table.concat(trace, ","), "login_test.lua and nested/items_test.lua, in order")
os.execute("rm -rf '" .. dir .. "'")

-- Scenario info and preconditions, and the file's: checked where they are written, applied wherever this_file
-- stands in the file.
local function temp_file(text)
  local base = os.tmpname()
  os.remove(base)
  local path = base .. ".lua"
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  return path
end
local bad_info = temp_file('scenario("x", { info = { a = {} } }, function() end)\n')
local _, _, bad_out = run({ bad_info })
check.contains(bad_out, "bad argument #2 to 'scenario' (info.a must be a string, number or boolean, got table)",
  "scenario info is checked")
local bad_file = temp_file('this_file{ preconditions = 3 }\n')
local _, _, bad_file_out = run({ bad_file })
check.contains(bad_file_out, "bad argument #1 to 'this_file' (preconditions must be a table, got number)",
  "this_file preconditions are checked")
local facts = temp_file([[
scenario("a", { tags = { "own" }, info = { ticket = "T-1" }, preconditions = { auth = false } }, function()
  local s = this_scenario()
  assert(s.info.ticket == "T-1" and s.info.suite == "s", "info merged")
  assert(s.preconditions.auth == false and s.preconditions.region == "eu", "preconditions merged, own ones win")
end)
this_file{ tags = { "file" }, info = { suite = "s" }, preconditions = { auth = true, region = "eu" } }
]])
local facts_code, _, facts_out, facts_result = run({ facts })
check.equal(0, facts_code, "this_file after the scenarios still applies: " .. facts_out)
check.equal("file own", table.concat(facts_result.files[1].cases[1].tags, " "), "file tags come first")
for _, path in ipairs({ bad_info, bad_file, facts }) do os.remove(path) end

check.finish("runner_spec")
