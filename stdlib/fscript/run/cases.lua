---A run's cases: the record of one scenario or script (its steps, output, outcome), running code under the
---scenario's time limit with a traceback, finishing a case (failure artifacts from the target when the case
---used it), and the cases that record a skip or a file that did not load.
local failure = require("fscript.failure")
local deadline = require("fscript.run.deadline")
local artifacts = require("fscript.run.artifacts")
local util = require("fscript.util")
local status_mod = require("fscript.events.status")

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

-- The first `os.exit` test code called since the last protected call began (see `M.guard_exit`).
local exit_called

---While a run runs test code, `os.exit` is an error of the scenario, hook or script that calls it, not the end of
---the process: a test that ended the run would leave it without its reports, and with the exit code it chose
---(`os.exit(0)` after another scenario had failed was a green run). Also when the test catches the error: the
---call is remembered, and the protected call it happened in fails with it. A plain script's top level that calls
---`os.exit(0)` (or `os.exit(true)`, `os.exit()`) ends there and passes (`fscript.run.lifecycle`). Returns the
---function that puts the real `os.exit` back.
---@return fun()
function M.guard_exit()
  local real = os.exit
  rawset(os, "exit", function(code)
    local status = code
    if code == nil or code == true then status = 0 elseif code == false then status = 1 end
    local info = debug.getinfo(2, "Sl")
    local at = info and info.currentline and info.currentline > 0 and ("%s:%d: "):format(info.short_src,
      info.currentline) or ""
    local f = failure.new({ message = ("%sos.exit(%s) in test code: a test cannot end the run (its reports "
      .. "would not be written), so it fails here; fail with error() or assert(), stop early with skip() or "
      .. "pending()"):format(at, code == nil and "" or tostring(code)), kind = "exit",
      exit_code = math.tointeger(status) or 1 })
    f.traceback = failure.trim_traceback(debug.traceback("", 2))
    exit_called = exit_called or f
    error(f, 0)
  end)
  return function() rawset(os, "exit", real) end
end

---Runs fn(...) under the deadline with a traceback; returns nil or a Failure.
---@param fn function
---@param timeout number seconds
---@return fscript.Failure?
function M.protected(fn, timeout, ...)
  deadline.set(timeout)
  exit_called = nil
  -- Not a tail call: the handler's frame must stay, so level 2 below it is where the error was raised
  -- (the user's line for a deadline or an arithmetic error, [C] 'error' for error()).
  local ok, err = xpcall(fn, function(e)
    local f = failure.from(e, 2)
    return f
  end, ...)
  local stopped, kind = deadline.set(nil)
  local exited = exit_called
  exit_called = nil
  -- An os.exit the code caught still fails it (unless a deadline or Ctrl-C stopped it, which says more).
  if ok then return stopped and failure.new({ message = stopped, kind = kind }) or exited end
  if not failure.is(err) then err = failure.from(err) end
  if exited and err.kind ~= "interrupt" and err.kind ~= "timeout" then return exited end
  return err
end

-- A case keeps at most this much of what it printed: the first OUTPUT_HEAD bytes and the last OUTPUT_TAIL, with a
-- line in between saying how many were dropped. The start says how the scenario set up, the end what led to its
-- outcome; what is in between is rarely read, yet it was kept whole (200 MB printed took 1.75 GB, copied into
-- each report, and through a `--jobs` worker's result line). 64 KiB each way is a few thousand lines: a long
-- scenario's log stays whole, and a thousand scenarios that each print their most still fit in 128 MB.
M.OUTPUT_HEAD = 64 * 1024
M.OUTPUT_TAIL = 64 * 1024

---The line that stands for the output a case dropped.
---@param dropped integer bytes
---@return string
function M.dropped_line(dropped)
  return ("... %d bytes dropped (the output's first %d KiB and last %d KiB are kept) ..."):format(dropped,
    M.OUTPUT_HEAD // 1024, M.OUTPUT_TAIL // 1024)
end

---Sends what the case prints to its record and the run's events (`output`); returns the function that puts
---`print` back (and ends the record's output: the head, what was dropped, the tail).
---@param run_state table
---@param case fscript.Case
---@return fun()
function M.capture_print(run_state, case)
  local env = run_state.env
  local saved = rawget(env, "print")
  local head = 0 -- bytes in case.output (each line and its newline)
  -- The tail: lines first..last of `tail` (those before `first` were dropped), `tail_bytes` in all.
  local tail, first, last, tail_bytes, dropped = {}, 1, 0, 0, 0
  local function keep(text)
    local size = #text + 1
    if head + size <= M.OUTPUT_HEAD and last == 0 then
      case.output[#case.output + 1] = text
      head = head + size
      return
    end
    if head < M.OUTPUT_HEAD and last == 0 then
      -- The line that fills the head: its start in the head, the rest on to the tail.
      local room = M.OUTPUT_HEAD - head
      case.output[#case.output + 1] = text:sub(1, room)
      head = M.OUTPUT_HEAD
      text, size = text:sub(room + 1), size - room
    end
    if size > M.OUTPUT_TAIL then
      -- One line longer than the tail: its end only.
      dropped = dropped + tail_bytes + (size - M.OUTPUT_TAIL)
      tail, first, last = { text:sub(-(M.OUTPUT_TAIL - 1)) }, 1, 1
      tail_bytes = M.OUTPUT_TAIL
      return
    end
    last = last + 1
    tail[last] = text
    tail_bytes = tail_bytes + size
    while tail_bytes > M.OUTPUT_TAIL do
      local old = tail[first]
      tail[first], first = nil, first + 1
      tail_bytes, dropped = tail_bytes - (#old + 1), dropped + #old + 1
    end
  end
  rawset(env, "print", function(...)
    local parts = table.pack(...)
    for i = 1, parts.n do parts[i] = tostring(parts[i]) end
    local text = table.concat(parts, "\t", 1, parts.n)
    keep(text)
    run_state.bus:publish("output", { text = text })
  end)
  return function()
    rawset(env, "print", saved)
    if dropped > 0 then case.output[#case.output + 1] = M.dropped_line(dropped) end
    for i = first, last do case.output[#case.output + 1] = tail[i] end
    tail, first, last, tail_bytes, dropped = {}, 1, 0, 0, 0
  end
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
    local written, problems, missed = artifacts.write(run_state.artifacts, run_state.file.path, case.name, tree)
    case.artifacts = written
    for _, why in ipairs(missed) do run_state.bus:publish("note", { text = why }) end
    -- An artifact that cannot be written (a full disk) is an infrastructure error, said with its reason.
    for _, why in ipairs(problems) do
      run_state.bus:publish("note", { text = ("artifact not written: %s"):format(why) })
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

-- A step record of a case that a Lua scenario ran itself (not a hook, not a `.feature` step).
local function own_step(step)
  return (step.depth or 0) == 0 and not step.hook and not step.pickle_step
end

---The name of the hook record that carries a case's outcome when none of its steps and hooks does.
M.OUTSIDE_STEPS = "(outside the steps)"

-- Makes every report that derives a case's status from its steps and hooks (Cucumber Messages, cucumber's JSON,
-- and what merge-reports reads back from a stream) derive `status`, the one the run counts:
-- - a step a Lua scenario ran inside its own pcall and whose failure it handled is the scenario's own code, not a
--   test step: it becomes a step inside the scenario (depth 1), as a step another step runs is;
-- - an outcome no step or hook carries (an error, an assert, a time limit, `skip()`, `pending()` or os.exit in a
--   Lua scenario's body or a script's top level; the app's launch failing; the file's `before`/`after`
--   functions) gets a hook record of its own, "(outside the steps)", at the place it happened: after the steps
--   that ran, before the After hooks (a Before hook when no step ran). This is what cucumber-js does with code of
--   a test case that is no Gherkin step: it is a hook, a test step of the case, and the case's status is the worst
--   of its test steps (a testCaseFinished carries none).
local function carry_outcome(run_state, case, status, err)
  -- A file that did not load is its load error (the messages' parseError), no test case.
  if case.load then return end
  local rank = status_mod.rank
  for _, step in ipairs(case.steps) do
    if own_step(step) and not case.gherkin and rank(step.status) > rank(status) then
      step.depth, step.caught = 1, true
    end
  end
  local carried, last_failed
  for _, step in ipairs(case.steps) do
    if (step.depth or 0) == 0 then
      carried = status_mod.worst(carried, step.status)
      if step.status == "failed" then last_failed = step end
    end
  end
  if (carried or "passed") == status then
    -- The failed step of a case the infrastructure failed says so (the messages' exception type).
    if err and err.kind == "infrastructure" and last_failed then last_failed.error_kind = "infrastructure" end
    return
  end
  -- Where it goes: before the trailing After hooks, after the steps that ran (a `.feature` case's steps a failure
  -- skipped come after it).
  local at = #case.steps + 1
  while at > 1 do
    local step = case.steps[at - 1]
    local after_hook = step.hook and step.hook.kind == "after"
    local not_run = step.not_run
    if not (after_hook or not_run) then break end
    at = at - 1
  end
  -- Before the steps a failure kept from running it is a Before hook, else an After hook.
  local kind = "after"
  for i = at, #case.steps do
    if not case.steps[i].hook then kind = "before" end
  end
  local location = case.where or ((run_state.file and run_state.file.path or "?") .. ":0")
  local record = { keyword = kind == "after" and "After" or "Before", text = M.OUTSIDE_STEPS, depth = 0,
    status = status, duration = 0, started_at = case.body_ended_at or util.now(), definition = location,
    hook = { kind = kind, name = M.OUTSIDE_STEPS, location = location, outside = true } }
  if err then
    record.error, record.traceback, record.quiet, record.error_kind = err.message, err.traceback, err.quiet, err.kind
    record.where = err.where
  else
    record.error = status
  end
  table.insert(case.steps, at, record)
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
    carry_outcome(run_state, case, status, err)
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
  else
    if case.status == "running" then case.status = "passed" end
    if case.status == "passed" then carry_outcome(run_state, case, "passed") end
  end
  run_state.bus:publish("testCaseFinished", { case = case })
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
  run_state.bus:publish("testCaseStarted", { case = case })
  run_state.bus:publish("testCaseFinished", { case = case })
  return case
end

---Records that the current file did not load (`message`, e.g. FILE:LINE: …): a failed "(load)" case, and exit 2.
---@param run_state table
---@param message string
function M.load_failed(run_state, message)
  run_state.file.load_error = message
  run_state.load_errors = run_state.load_errors + 1
  local case = M.new("(load)", {}, true)
  case.mark, case.index, case.load = nil, 0, true
  M.finish(run_state, case, util.clock(), failure.new({ message = message }))
end

return M
