-- Spec: cucumber's hooks. Before/After per scenario in definition order (After in reverse), limited by tag
-- expressions and named; defined in a step definition file they apply to every scenario of the run (while a test
-- file's own `before`/`after` stay its own); BeforeStep/AfterStep around each step; BeforeAll/AfterAll once per
-- run, a failing BeforeAll stopping the run (every scenario not run, exit 1); each scenario hook a step of its
-- case with a status (pending, skipped, failed), After hooks running after a failure too.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local runs = require("fixtures.runs")

local dir, write = runs.folder()
assert(os.execute("mkdir -p '" .. dir .. "/step_definitions'"))

-- What the hooks and steps did, in order, as the step definitions record it in a global list.
write("step_definitions/steps.lua", [[
trail = {}
local function note(s) trail[#trail + 1] = s end
step("a step passes", function() note("step") end)
step("a step fails", function() note("step fails") error("boom", 0) end)
Before(function(s) note("before 1 " .. s.name) end)
Before("@tagged and not @other", function() note("before tagged") end)
Before({ name = "named hook", tags = "@named" }, function() note("before named") end)
After(function(s) note("after 1 " .. tostring(s.status)) end)
After(function() note("after 2") end)
BeforeStep(function() note("before step") end)
AfterStep(function() note("after step") end)
BeforeAll(function() note("before all") end)
AfterAll(function() note("after all") end)
]])
write("hooks.feature", [[
Feature: hooks
  @tagged
  Scenario: tagged
    Given a step passes

  @named
  Scenario: named and failing
    Given a step fails
    Then a step passes
]])

local function report(extra)
  local path = dir .. "/run.json"
  local opts = { reports = { "json:" .. path } }
  for k, v in pairs(extra or {}) do opts[k] = v end
  local env = setmetatable({}, { __index = _G })
  opts.env = env
  local code, console = runs.run({ dir }, opts)
  return code, json.decode(runs.read(path)), env.trail or {}, console
end

-- The exit code and the console of report()'s answers, for the checks that read nothing else.
local function code_and_console(code, _, _, console) return code, console end

local code, doc, trail = report()
check.equal(1, code, "a failing step fails the run")
check.equal(table.concat({
  "before all",
  "before 1 tagged", "before tagged", "before step", "step", "after step", "after 2", "after 1 passed",
  "before 1 named and failing", "before named", "before step", "step fails", "after step", "after 2",
  "after 1 failed",
  "after all" }, " | "), table.concat(trail, " | "),
  "Before hooks in definition order and by tag, steps between BeforeStep and AfterStep, After hooks in reverse "
  .. "and after a failure, BeforeAll and AfterAll once")

-- Each scenario hook is a step of the case, with its name (or where it is defined) and status.
local cases = doc.files[1].cases
local function step_list(case)
  local out = {}
  for _, s in ipairs(case.steps) do out[#out + 1] = ("%s %s=%s"):format(s.keyword, s.text, s.status) end
  return table.concat(out, "; ")
end
local hooks_file = "step_definitions/steps.lua"
check.contains(step_list(cases[2]), "Before named hook=passed", "a named hook is reported by its name")
check.contains(step_list(cases[2]), "Given a step fails=failed; Then a step passes=skipped",
  "the step after a failure is skipped")
check.equal("hook", cases[2].steps[1].hook and "hook" or "not a hook", "a hook's record says it is one")
check.contains(cases[2].steps[1].hook.location, hooks_file .. ":5", "and where the hook is defined")
check.equal("after", cases[2].steps[#cases[2].steps].hook.kind, "the After hooks come last")
check.equal("before_all", doc.run_hooks[1].hook.kind, "the run's record keeps the BeforeAll result")
check.equal("passed", doc.run_hooks[1].status, "with its status")

-- A step a hook runs is inside the hook (one level in), not a step of the scenario of its own.
write("step_definitions/nested.lua", [[Before("@nested", function() Given "a step passes" end)]])
write("hooks.feature", [[
Feature: hooks
  @nested
  Scenario: a hook that runs a step
    Given a step passes
]])
doc = select(2, report())
local steps_of = doc.files[1].cases[1].steps
local depths = {}
for _, s in ipairs(steps_of) do depths[#depths + 1] = ("%s%s@%d"):format(s.hook and "hook:" or "", s.text, s.depth) end
check.contains(table.concat(depths, " | "), "step_definitions/nested.lua:1@0 | a step passes@1 | hook:",
  "the hook's step is nested under the hook")
check.contains(table.concat(depths, " | "), "steps.lua:5@0 | a step passes@0 | hook:",
  "the scenario's own step is at the top")
os.remove(dir .. "/step_definitions/nested.lua")

-- Hooks that are pending, skipped or fail: the scenario's steps are skipped, the After hooks still run.
write("step_definitions/more.lua", [[
Before("@pending", function() return "pending" end)
Before("@skip", function() skip("not today") end)
Before("@broken", function() error("hook broke", 0) end)
]])
write("hooks.feature", [[
Feature: hooks
  @pending
  Scenario: pending hook
    Given a step passes

  @skip
  Scenario: skipped hook
    Given a step passes

  @broken
  Scenario: failing hook
    Given a step passes
]])
code, doc, trail = report()
cases = doc.files[1].cases
check.equal("pending", cases[1].status, "a pending Before hook makes the scenario pending")
check.equal("skipped", cases[2].status, "a skipped Before hook skips the scenario")
check.equal("failed", cases[3].status, "a failing Before hook fails the scenario")
check.contains(step_list(cases[3]), "Given a step passes=skipped", "its steps do not run")
check.contains(table.concat(trail, " | "), "after 1 failed | after all", "After hooks run after a failing hook")
check.equal(1, code, "pending (strict, the default) and failed fail the run")
check.equal(1, (report({ lenient = true })), "a failed hook fails the run under --no-strict too")

-- A BeforeAll hook that fails stops the run: no scenario runs, each reported not run, exit 1; AfterAll runs.
os.remove(dir .. "/step_definitions/more.lua")
write("step_definitions/all.lua", [[BeforeAll(function() error("no database", 0) end)]])
local console
code, doc, trail = report()
check.equal(1, code, "a failing BeforeAll hook fails the run")
for _, case in ipairs(doc.files[1].cases) do
  check.equal("skipped", case.status, "every scenario is not run: " .. case.name)
  check.equal("not run: a BeforeAll hook failed", case.skip_reason, "and says why")
end
check.equal(false, table.concat(trail, " | "):find("step", 1, true) ~= nil, "no step ran")
check.contains(table.concat(trail, " | "), "after all", "the AfterAll hooks still ran")
check.equal(true, doc.run_hook_failed, "the run's record says a run hook failed")
os.remove(dir .. "/step_definitions/all.lua")

-- Misuse says what was wrong where it was written.
write("step_definitions/bad.lua", [[Before({ tags = "@a and" }, function() end)]])
code, console = code_and_console(report())
check.equal(2, code, "a bad tag expression in a hook is a load error")
check.contains(console, "bad argument #1 to 'Before'", "naming the hook")
write("step_definitions/bad.lua", [[After({ nmae = "x" }, function() end)]])
console = select(4, report())
check.contains(console, "unknown option \"nmae\"", "an unknown option is named")
write("step_definitions/bad.lua", [[BeforeAll("@x", function() end)]])
console = select(4, report())
check.contains(console, "a run hook has no scenario to match tags against", "a run hook takes no tags")
os.execute("rm -rf '" .. dir .. "'")
check.finish("cucumber_hooks_spec")
