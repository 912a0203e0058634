-- Spec: a hung scenario is interrupted by the deadline, the run continues; Ctrl-C stops the run, marks
-- the rest skipped, exits 130 and still writes reports.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local mode = require("fixtures.deadline").install()
local runner = require("fscript.runner")

local env = setmetatable({ trace = {} }, { __index = _G })
local out = {}
local tap = os.tmpname()
local code, run = runner.run({ files = { here .. "fixtures/hung.lua", here .. "fixtures/plain_script.lua" },
  env = env, color = false, artifacts = false, reports = { "tap:" .. tap }, out = function(s) out[#out + 1] = s end })
local text = table.concat(out)
check.equal(130, code, "Ctrl-C gives exit code 130 (deadline: " .. mode .. ")")
check.equal("first,third", table.concat(env.trace, ","), "the run went on after the hang and stopped at Ctrl-C")
local cases = run and run.files[1].cases or {}
check.equal("failed", cases[2] and cases[2].status, "the hung scenario failed")
check.contains(cases[2] and cases[2].failure.message or "", "test timed out after 0.2 s", "timeout message")
check.equal("failed", cases[4] and cases[4].status, "a script's own 'x: interrupted' error fails its scenario")
check.truthy(cases[4] and cases[4].failure.kind == nil, "and is no interrupt: the run went on to the real Ctrl-C")
check.equal("interrupt", cases[5] and cases[5].failure and cases[5].failure.kind, "Ctrl-C stops as an interrupt")
check.equal("skipped", cases[6] and cases[6].status, "the scenario after Ctrl-C is skipped")
check.equal("skipped", run and run.files[2].cases[1].status, "the next file is not run")
check.truthy(text:find("\n2 passed, 3 failed, 2 skipped\n$"), "summary with skipped: " .. text:sub(-40))
local f = io.open(tap, "r")
local report = f and f:read("a") or ""
if f then f:close() end
os.remove(tap)
check.contains(report, "# SKIP not run: interrupted", "the TAP report was written with the skipped cases")

check.finish("timeout_spec")
