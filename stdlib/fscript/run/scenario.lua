---Running one scenario: each attempt a case record from a freshly launched app, its Before hooks, the scenario,
---its After hooks (which run even when it failed), the `.feature` steps a failure skipped, and the mocks it
---started stopped after it; again while it fails and `--retry` allows. `fscript.run.lifecycle` runs files of them.
local config = require("fscript.config")
local failure = require("fscript.failure")
local backend = require("fscript.backend")
local cases = require("fscript.run.cases")
local util = require("fscript.util")
local hooks_mod = require("fscript.run.hooks")
local status_mod = require("fscript.events.status")
local steps_mod = require("fscript.steps.registry")
local tracing = require("fscript.trace.scenario")

local M = {}

---Where the mocks started so far end: mocks started inside a scenario stop when it ends; those a file started
---before its scenarios stay until the file is done.
---@return any? checkpoint
function M.mock_checkpoint()
  local mock = rawget(_G, "mock")
  return mock and mock.checkpoint and mock.checkpoint() or nil
end

---The requests the session's mocks answered 404 since `since` (`mock.now()` at the scenario's start), each with
---the stub nearest to it now: what a failed scenario lists as its likely cause. Nil without mocks.
---@param since number?
---@return table[]?
function M.mock_misses(since)
  local mock = rawget(_G, "mock")
  if not (since and mock and mock.misses) then return nil end
  local ok, misses = pcall(mock.misses, since)
  return ok and #misses > 0 and misses or nil
end

---Stops the mocks started after `checkpoint`.
---@param checkpoint any?
function M.stop_mocks(checkpoint)
  local mock = rawget(_G, "mock")
  if checkpoint and mock and mock.stop_started_after then mock.stop_started_after(checkpoint) end
end

-- Each test file and each scenario starts from a freshly launched app unless the scenario, its file or the run
-- says reset = false. The launch waits for the test's first use of the app (`frank.reset{lazy = true}`), so
-- whatever the test declares first (a mock backend, its stubs) is in place for the app's launch-time requests,
-- and a test that never touches the app launches nothing.
local function reset_target(run_state, spec)
  local reset = spec.reset
  if reset == nil then reset = (run_state.session.file_options or {}).reset end
  if reset == nil then reset = run_state.reset end
  local frank = rawget(_G, "frank")
  if reset == false or not frank or not frank.reset then return end
  local called, done, why = pcall(frank.reset, { lazy = true })
  if not called then
    -- The launch failed: say so without this file's position, which would only point into fscript.
    error((tostring(done):gsub("^[^\n]-:%d+: ", "", 1)), 0)
  end
  if not done and not run_state.reset_noted then
    run_state.reset_noted = true
    run_state.bus:publish("note", { text = why })
  end
end

---Sets up a fresh app for a test (a scenario, or a file's top level with `spec` {}), as described above.
---@param run_state table
---@param spec {reset?: boolean}
M.reset_target = reset_target

-- The test steps cucumber makes of a `.feature` case before it runs: each pickle step's matching definitions
-- and their arguments (what the messages' testCase lists, also for steps a failure then skips).
local function plan_of(session, spec)
  if not spec.gherkin then return nil end
  local plan = {}
  for i, step in ipairs(spec.gherkin.steps) do
    local ok, p = pcall(session.registry.plan, session.registry, step.text)
    plan[i] = ok and p or { definitions = {}, arguments = {} }
  end
  return plan
end

-- Runs one of cucumber's Before or After hooks as a test step of the case: its record (status, duration,
-- attachments) goes into the case's steps. Returns the status.
local function run_case_hook(run_state, case, def, timeout)
  local session = run_state.session
  local result = hooks_mod.record(def)
  case.steps[#case.steps + 1] = result
  local started = util.clock()
  local saved = session.current
  session.current = result
  session.in_hook = true
  -- Steps a hook runs are inside it (one level in), as steps a step runs are: the hook is the test step.
  session.depth = session.depth + 1
  local arg = { name = case.name, tags = case.tags, status = case.status ~= "running" and case.status or nil }
  local err = cases.protected(function() steps_mod.outcome(def.fn(arg)) end, timeout)
  session.depth = session.depth - 1
  session.in_hook = false
  session.current = saved
  result.duration = util.clock() - started
  result.status = status_mod.of_error(err)
  if err then
    result.error, result.traceback, result.quiet = err.message, err.traceback, err.quiet
    err.step = err.step or ("%s hook (%s)"):format(hooks_mod.NAMES[def.kind], result.text)
  end
  -- A hook that passed is no news on the console (the reports list it); one that did not is.
  if result.status ~= "passed" then run_state.bus:publish("testStepFinished", { case = case, step = result }) end
  return result.status, err
end

-- Records the steps of a `.feature` case that did not run (a step or hook before them did not pass): skipped,
-- as cucumber reports them.
local function skipped_steps(session, case, spec)
  if not spec.gherkin then return end
  local ran = {}
  for _, step in ipairs(case.steps) do
    if step.pickle_step and (step.depth or 0) == 0 then ran[step.pickle_step] = true end
  end
  -- After a step (or Before hook) that skipped itself, every later step is skipped, even an undefined or
  -- ambiguous one; after any other non-passed status those stay undefined or ambiguous (cucumber-js).
  local first
  for _, step in ipairs(case.steps) do
    if (step.depth or 0) == 0 and step.status ~= "passed" then
      first = first or step.status
    end
  end
  local skipping = first == "skipped"
  local afters = {}
  -- The After hooks' records stay after the scenario's steps.
  while #case.steps > 0 and case.steps[#case.steps].hook and case.steps[#case.steps].hook.kind == "after" do
    table.insert(afters, 1, table.remove(case.steps))
  end
  for i, step in ipairs(spec.gherkin.steps) do
    if not ran[i] then
      local record = { keyword = util.trim(step.keyword), text = step.text, depth = 0, status = "skipped",
        not_run = true, duration = 0, pickle_step = i, background = step.background or nil, where = ("%s:%d"):format(
          spec.gherkin.uri, step.line), data_table = step.data_table, started_at = util.now(),
        doc_string = step.doc_string and step.doc_string.content or nil,
        argument = (step.data_table and "table") or (step.doc_string and "doc") or nil }
      -- The definition it matches, as cucumber's reports name it for a step a failure skipped too.
      local matched = case.plan and case.plan[i]
      if matched and #matched.definitions == 1 then record.definition = matched.definitions[1] end
      local plan = not skipping and matched
      if plan and #plan.definitions == 0 then record.status = "undefined" end
      if plan and #plan.definitions > 1 then record.status = "ambiguous" end
      -- Only a step cucumber would have run is reported skipped: an undefined or ambiguous one stays so.
      if plan and (record.status == "undefined" or record.status == "ambiguous") then
        record.error = ("%s step: %s"):format(record.status == "undefined" and "Undefined" or "Ambiguous", step.text)
      end
      if record.status == "undefined" then
        record.snippets = require("fscript.steps.snippets").snippets(step.text, record.argument, session.registry.types)
      end
      case.steps[#case.steps + 1] = record
    end
  end
  for _, a in ipairs(afters) do case.steps[#case.steps + 1] = a end
end

-- One attempt at a scenario: a case record, its Before hooks, the scenario, its After hooks.
local function attempt_scenario(run_state, spec, hooks, index, attempt, retries_left)
  local case = cases.new(spec.name, spec.tags)
  case.index, case.attempt, case.pickle_index = index, attempt, spec.pickle_index
  case.info, case.preconditions, case.gherkin = spec.info, spec.preconditions, spec.gherkin
  -- Where the scenario is defined: what a hook record carrying an outcome outside its steps points to.
  case.where = spec.gherkin and ("%s:%d"):format(spec.gherkin.uri, spec.gherkin.line) or spec.where
  run_state.bus:publish("testCaseStarted", { case = case })
  local down = cases.target_down()
  if down then
    -- The target stopped answering earlier (or never did): fail at once with that cause, not after a wait.
    cases.finish(run_state, case, util.clock(), failure.new({ message = "not run: " .. down, kind = "infrastructure" }))
    return case
  end
  local session, started = run_state.session, util.clock()
  case.plan = plan_of(session, spec)
  config.push(spec.limits)
  local timeout = config.get("timeout")
  session.case = case
  session.tracer = tracing.begin(run_state, case)
  local restore = cases.capture_print(run_state, case)
  local mocks = M.mock_checkpoint()
  local mock = rawget(_G, "mock")
  local since = mock and mock.now and mock.now()
  -- The fresh app first, so Before hooks see the scenario's app, not the previous one's; without Before hooks it
  -- is set up in the same protected call as the scenario (one deadline, one place a Ctrl-C lands).
  local before_hooks = hooks_mod.applying(session.hooks, "before", case.tags)
  local err = #before_hooks > 0 and cases.protected(reset_target, timeout, run_state, spec) or nil
  local blocked = err and "failed" or nil -- a Before hook did not pass: the scenario's steps are skipped
  for _, def in ipairs(before_hooks) do
    if blocked then
      -- A Before hook after one that did not pass does not run: skipped, as cucumber reports it.
      local record = hooks_mod.record(def)
      record.status = "skipped"
      case.steps[#case.steps + 1] = record
    else
      local status, hook_err = run_case_hook(run_state, case, def, timeout)
      if status ~= "passed" then blocked, err = status, err or hook_err end
    end
  end
  if not blocked then
    err = cases.protected(function()
      if #before_hooks == 0 then reset_target(run_state, spec) end
      for _, hook in ipairs(hooks.before) do hook() end
      spec.fn()
    end, timeout)
    case.body_ended_at = util.now()
  end
  -- After hooks run even when the scenario failed or was interrupted: they clean up.
  local after_err = cases.run_hooks(hooks.after, timeout)
  skipped_steps(session, case, spec)
  for _, def in ipairs(hooks_mod.applying(session.hooks, "after", case.tags)) do
    case.status = cases.status_of(case, err or after_err)
    local status, hook_err = run_case_hook(run_state, case, def, timeout)
    if status ~= "passed" then after_err = after_err or hook_err end
  end
  case.status = "running"
  restore()
  session.case = nil
  local tracer = session.tracer
  session.tracer = nil
  -- The trace's last requests are read before the scenario's mocks stop.
  if tracer then tracer:stop_observing() end
  if err or after_err then case.mock_misses = M.mock_misses(since) end
  backend.reset()
  M.stop_mocks(mocks)
  config.pop()
  cases.finish(run_state, case, started, err or after_err, retries_left)
  tracing.finish(run_state, case, tracer)
  return case
end

---Runs a scenario, again while it fails and `--retry` allows (cucumber retries only a failed case, not a
---pending, undefined or ambiguous one); the last attempt is the case, the earlier ones its `attempts`.
---@param run_state table
---@param spec table the scenario as the session declared it
---@param hooks {before: function[], after: function[]} the file's own before/after functions
---@param index integer the scenario's position in its file
function M.run(run_state, spec, hooks, index)
  local retries = run_state.retry or 0
  local earlier = {}
  for attempt = 0, retries do
    local case = attempt_scenario(run_state, spec, hooks, index, attempt, retries - attempt)
    if not case.will_be_retried then
      if #earlier > 0 then
        case.attempts = earlier
        case.flaky = case.status == "passed" or nil
      end
      return
    end
    -- The attempt stays in the record of the next one, not as a case of its own (the collector left it out).
    earlier[#earlier + 1] = case
  end
end

return M
