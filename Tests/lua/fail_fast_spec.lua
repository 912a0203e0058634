-- Spec: `--fail-fast`: after the first failed scenario the run stops, and what did not run (the rest of the file,
-- later files) is reported as skipped with why; without it every scenario runs. With --jobs it is refused.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local runs = require("fixtures.runs")

local dir, write = runs.folder()
local first = write("a_test.lua", [[
scenario("one passes", function() end)
scenario("two fails", function() error("boom", 0) end)
scenario("three would pass", function() end)
]])
local second = write("b_test.lua", [[scenario("four would pass", function() end)]])

-- The statuses a run printed, in order, from its JSON report.
local function statuses(extra)
  local report = dir .. "/run.json"
  local opts = { reports = { "json:" .. report } }
  for k, v in pairs(extra or {}) do opts[k] = v end
  local code = runs.run({ first, second }, opts)
  local decoded = json.decode(runs.read(report))
  local out = {}
  for _, file in ipairs(decoded and decoded.files or {}) do
    for _, case in ipairs(file.cases or {}) do
      local reason = case.skip_reason and ("(" .. case.skip_reason .. ")") or ""
      out[#out + 1] = ("%s=%s%s"):format(case.name, case.status, reason)
    end
  end
  return code, table.concat(out, "; ")
end

local code, seen = statuses()
check.equal(1, code, "a failure fails the run")
check.equal("one passes=passed; two fails=failed; three would pass=passed; four would pass=passed", seen,
  "without --fail-fast everything runs")
code, seen = statuses({ fail_fast = true })
check.equal(1, code, "--fail-fast still fails the run")
local why = "(not run: --fail-fast (an earlier scenario failed))"
check.equal("one passes=passed; two fails=failed; three would pass=skipped" .. why .. "; (script)=skipped" .. why,
  seen, "--fail-fast skips the rest of the file and the later files")

local plan, err = require("fscript.runner").parallel_begin({ files = { first }, fail_fast = true, jobs = 2 })
check.equal(nil, plan, "a parallel run with --fail-fast does not start")
check.contains(err, "it does not combine with --jobs", "and says why")
os.execute("rm -rf '" .. dir .. "'")
check.finish("fail_fast_spec")
