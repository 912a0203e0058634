---A run's state, its tally and its exit code: one constructor for every run (a serial run, a worker, the parallel
---parent gathering its workers' files, `fscript merge-reports` gathering reports' files), as Playwright's runner
---keeps one `TestRun`. The engine adds to the state as it goes; `tally` folds it into the run every report renders.
local util = require("fscript.util")
local status_mod = require("fscript.events.status")
local collector = require("fscript.events.collector")

local M = {}

---@class fscript.RunState
---@field files table[] the files run (or gathered), each with its cases
---@field interrupted boolean Ctrl-C or SIGTERM stopped the run
---@field started number `util.clock()` when the run started (its duration's origin)
---@field started_at? number the wall-clock time the test run started (the messages' testRunStarted)
---@field load_errors integer files that did not load
---@field infrastructure? true a case failed for a reason outside the test (the target, the host)
---@field selected_nothing? true a filter selected no scenario
---@field strict_steps boolean pending and undefined steps fail the run (cucumber's strict, the default)
---@field support? table the step definitions, hooks and parameter types, for the messages
---@field run_hooks table[] BeforeAll/AfterAll results
---@field run_hook_failed? true a BeforeAll or AfterAll hook failed
---@field exception? string an error outside any step or hook (the messages' test-run exception)
---@field exception_where? string

---A new run state: no files yet, not interrupted, started now; `fields` are set on it (the serial run's options,
---or what a parent or merge-reports knows of the run it gathers).
---@param fields? table
---@return fscript.RunState
function M.new(fields)
  local state = { files = {}, interrupted = false, load_errors = 0, run_hooks = {}, started = util.clock(),
    strict_steps = true }
  for key, value in pairs(fields or {}) do state[key] = value end
  return state
end

---Adds a file record run elsewhere (a worker's, a report's) to the state: a load error it records and an
---infrastructure failure of one of its cases count as they would have in the run that made it.
---@param state fscript.RunState
---@param file table
function M.add_file(state, file)
  if file.load_error then state.load_errors = state.load_errors + 1 end
  for _, case in ipairs(file.cases) do
    if case.failure and case.failure.kind == "infrastructure" then state.infrastructure = true end
  end
  state.files[#state.files + 1] = file
end

---The exit code of a tallied run: 130 interrupted, 2 a file that did not load, a failure outside the tests or a
---filter that selected nothing, 1 a failed scenario or run hook, else 0.
---@param state fscript.RunState
---@param run fscript.RunResult
---@return integer
function M.exit_code(state, run)
  if run.interrupted then return 130 end
  if state.load_errors > 0 or state.infrastructure or state.selected_nothing then return 2 end
  if run.failed > 0 or state.run_hook_failed then return 1 end
  return 0
end

---The run's counts and exit code from its cases; a serial run's, a parallel run's and a merge's. `failed` counts
---the cases that fail the run (failed and ambiguous; pending and undefined too unless --no-strict), `counts` every
---cucumber status, `flaky` the cases that passed on a retry. What the messages need beyond the cases rides along:
---`support` (definitions, hooks, parameter types), `run_hooks` (BeforeAll/AfterAll results), `strict`, `started_at`.
---@param state fscript.RunState
---@return fscript.RunResult
function M.tally(state)
  local strict = state.strict_steps ~= false
  local run = { files = state.files, passed = 0, failed = 0, skipped = 0, flaky = 0, counts = {},
    interrupted = state.interrupted, duration = util.clock() - state.started, notes = {},
    strict = strict, support = state.support, run_hooks = state.run_hooks or {},
    started_at = state.started_at, finished_at = util.now(), run_hook_failed = state.run_hook_failed,
    exception = state.exception, exception_where = state.exception_where }
  for _, file in ipairs(run.files) do
    for _, case in ipairs(file.cases) do
      local status = case.status
      run.counts[status] = (run.counts[status] or 0) + 1
      if case.flaky then run.flaky = run.flaky + 1 end
      if status == "passed" then run.passed = run.passed + 1
      elseif status_mod.fails_run(status, strict) or not status_mod.known(status) then run.failed = run.failed + 1
      else run.skipped = run.skipped + 1 end
    end
  end
  run.exit_code = M.exit_code(state, run)
  return run
end

---Two runs' support code as one: see `fscript.events.collector`'s `merge_support`.
M.merge_support = collector.merge_support

return M
