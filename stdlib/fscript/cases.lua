---A run's cases: the record of one scenario or script (its steps, output, outcome), running code under the
---scenario's time limit with a traceback, finishing a case (failure artifacts from the target when the case
---used it), and the cases that record a skip or a file that did not load.
local failure = require("fscript.failure")
local deadline = require("fscript.deadline")
local artifacts = require("fscript.artifacts")
local util = require("fscript.util")
local status_mod = require("fscript.status")

local M = {}

local function target_mark()
  local app = util.app()
  local ok, calls = pcall(function() return app.calls end)
  return { app = app, calls = ok and calls or nil }
end

-- Whether the case talked to a target since `mark`: only then is the target's state worth saving.
local function used_target(mark)
  local now = target_mark()
  return mark ~= nil and (now.app ~= mark.app or now.calls ~= mark.calls)
end

---Why the preset target is down (it stopped answering, or never did), or nil.
---@return string?
function M.target_down()
  local ok, down = pcall(function() return util.app().down end)
  return ok and down or nil
end

-- Failure artifacts come from the target, which may be slow or gone: their collection gets 2 s in all.
M.ARTIFACT_LIMIT = 2

---A new case record, running.
---@param name string
---@param tags? string[]
---@param script? boolean a file's top level rather than a scenario
---@return fscript.Case
function M.new(name, tags, script)
  return { name = name, tags = tags or {}, status = "running", duration = 0, steps = {}, output = {},
    script = script, mark = target_mark(), started_at = util.now() }
end

---A case's status by cucumber's rules: the worst of its hooks' and `.feature` steps', and of `err` (what ended
---it: a step's own status, or failed for an error outside any step).
---@param case fscript.Case
---@param err? fscript.Failure
---@return fscript.Status
function M.status_of(case, err)
  local worst = err and status_mod.of_error(err) or nil
  for _, step in ipairs(case.steps) do
    -- A Lua scenario's own steps count through `err` only: a step it ran inside its own pcall was its choice.
    if (step.depth or 0) == 0 and (step.hook or step.pickle_step) then worst = status_mod.worst(worst, step.status) end
  end
  return worst or "passed"
end

---Runs fn(...) under the deadline with a traceback; returns nil or a Failure.
---@param fn function
---@param timeout number seconds
---@return fscript.Failure?
function M.protected(fn, timeout, ...)
  deadline.set(timeout)
  -- Not a tail call: the handler's frame must stay, so level 2 below it is where the error was raised
  -- (the user's line for a deadline or an arithmetic error, [C] 'error' for error()).
  local ok, err = xpcall(fn, function(e)
    local f = failure.from(e, 2)
    return f
  end, ...)
  local stopped, kind = deadline.set(nil)
  if ok then return stopped and failure.new({ message = stopped, kind = kind }) or nil end
  if not failure.is(err) then err = failure.from(err) end
  return err
end

---Sends what the case prints to its record and the console; returns the function that puts `print` back.
---@param run_state table
---@param case fscript.Case
---@return fun()
function M.capture_print(run_state, case)
  local env = run_state.env
  local saved = rawget(env, "print")
  rawset(env, "print", function(...)
    local parts = table.pack(...)
    for i = 1, parts.n do parts[i] = tostring(parts[i]) end
    local text = table.concat(parts, "\t", 1, parts.n)
    case.output[#case.output + 1] = text
    run_state.console:output(text)
  end)
  return function() rawset(env, "print", saved) end
end

local function target_view(run_state, case)
  local tree = artifacts.dump()
  if tree then case.target = artifacts.summary(tree) end
  if case.failure.selector and util.app() then
    local ok, n = pcall(function() return util.app():lookup(case.failure.selector):count() end)
    if ok then
      table.insert(case.target or {}, 1, ("%d views match %s now"):format(n, case.failure.selector))
    end
  end
  if run_state.artifacts then
    local written, problems = artifacts.write(run_state.artifacts, run_state.file.path, case.name, tree)
    case.artifacts = written
    -- An artifact that cannot be written (a full disk) is an infrastructure error, said with its reason.
    for _, why in ipairs(problems) do
      run_state.console:note(("artifact not written: %s"):format(why))
      run_state.infrastructure = true
    end
  end
end

-- The failure screenshot fscript took becomes an attachment of the failed step (the last top-level step that
-- failed), else of the case: read from its file when a report renders it.
local function screenshot_attachment(case)
  for _, path in ipairs(case.artifacts or {}) do
    if path:match("%.png$") then
      local into
      for i = #case.steps, 1, -1 do
        local step = case.steps[i]
        if (step.depth or 0) == 0 and step.status == "failed" then into = step break end
      end
      into = into or case
      into.attachments = into.attachments or {}
      into.attachments[#into.attachments + 1] = { file = path, media_type = "image/png", encoding = "BASE64",
        file_name = path:match("([^/]+)$"), at = util.now() }
    end
  end
end

---Ends a case: its duration and outcome, and for a failure that used the target what the target showed.
---@param run_state table
---@param case fscript.Case
---@param started number `util.clock()` when it started
---@param err? fscript.Failure
---@param retries_left? integer attempts `--retry` still allows: a failed case with some left will be retried
function M.finish(run_state, case, started, err, retries_left)
  case.duration = util.clock() - started
  local status = M.status_of(case, err)
  if status ~= "passed" then
    case.status = status
    err = err or failure.new({ message = status })
    case.failure = err
    if err.kind == "interrupt" then run_state.interrupted = true end
    -- A target that went down is the infrastructure's failure, not the test's: not retried, exit 2.
    if err.kind ~= "interrupt" and M.target_down() then err.kind = "infrastructure" end
    if status == "failed" and err.kind ~= "interrupt" and err.kind ~= "infrastructure" and (retries_left or 0) > 0 then
      case.will_be_retried = true
    end
    local strict = run_state.strict_steps ~= false
    if err.kind ~= "interrupt" and run_state.fail_fast and not run_state.stopped and not case.will_be_retried
      and status_mod.fails_run(status, strict) then
      run_state.stopped = "not run: --fail-fast (an earlier scenario failed)"
    end
    if err.kind == "infrastructure" then run_state.infrastructure = true end
    if status == "failed" and err.kind ~= "interrupt" and err.kind ~= "infrastructure" and used_target(case.mark) then
      deadline.set(M.ARTIFACT_LIMIT)
      pcall(target_view, run_state, case)
      deadline.set(nil)
      screenshot_attachment(case)
    end
  elseif case.status == "running" then
    case.status = "passed"
  end
  run_state.console:case_end(case)
end

---Runs every hook, even after one failed; returns the first failure.
---@param hooks function[]
---@param timeout number
---@return fscript.Failure?
function M.run_hooks(hooks, timeout)
  local first
  for _, hook in ipairs(hooks) do
    local err = M.protected(hook, timeout)
    first = first or err
  end
  return first
end

---Records a case that did not run, and why.
---@param run_state table
---@param name string
---@param tags string[]
---@param reason string
---@param index integer
---@return fscript.Case
function M.skip(run_state, name, tags, reason, index)
  local case = M.new(name, tags)
  case.index = index
  case.status, case.skip_reason = "skipped", reason
  run_state.file.cases[#run_state.file.cases + 1] = case
  run_state.console:case_start(case)
  run_state.console:case_end(case)
  return case
end

---Records that the current file did not load (`message`, e.g. FILE:LINE: …): a failed "(load)" case, and exit 2.
---@param run_state table
---@param message string
function M.load_failed(run_state, message)
  run_state.file.load_error = message
  run_state.load_errors = run_state.load_errors + 1
  local case = M.new("(load)", {}, true)
  case.mark, case.index = nil, 0
  run_state.file.cases[1] = case
  M.finish(run_state, case, util.clock(), failure.new({ message = message }))
end

return M
