---The JSON report: the whole run (files → cases → steps) with statuses, times and failures; a step keeps its data
---table (`data_table`, rows of cells), its doc string (`doc_string`) and `background = true` for a Background
---step. An outline row's case name tells it from its siblings (see `fscript.features.case_name`).
---
---It is also an input: `fscript merge-reports` reads shards' JSON reports back (`M.load`) to write one set of
---reports, so a record keeps everything the other reports need, and `--durations FILE` weighs units of work by an
---earlier run's (`M.durations`). A parallel run's workers do not use it: they send their events
---(`fscript.run.parallel.protocol`).
local json = require("fscript.json")
local failure_mod = require("fscript.failure")
local util = require("fscript.util")

local M = {}

local function failure(f)
  if not f then return nil end
  return { message = f.message, step = f.step, where = f.where, traceback = f.traceback,
    selector = f.selector, kind = f.kind }
end

---One case as a plain table (what the report lists and what a worker sends).
---@param case fscript.Case
---@return table
function M.case_record(case)
  local steps = {}
  for i, s in ipairs(case.steps) do
    steps[i] = M.step_record(s)
  end
  -- "error": the case failed because the target was down, not because of what it checked.
  local status = case.failure and case.failure.kind == "infrastructure" and "error" or case.status
  local attempts
  if case.attempts then
    attempts = {}
    for i, a in ipairs(case.attempts) do attempts[i] = M.case_record(a) end
  end
  return { name = case.name, tags = case.tags, status = status, duration = case.duration, index = case.index,
    script = case.script or false, steps = steps, output = case.output, failure = failure(case.failure),
    skip_reason = case.skip_reason, artifacts = case.artifacts or {}, target = case.target,
    mock_misses = case.mock_misses,
    info = case.info and next(case.info) and case.info or nil, gherkin = case.gherkin,
    -- cucumber's side of the case: when it started, what it attached, its retries, its pickle and test steps.
    started_at = case.started_at, attachments = case.attachments, attempts = attempts, attempt = case.attempt,
    will_be_retried = case.will_be_retried, flaky = case.flaky, pickle_index = case.pickle_index, plan = case.plan,
    rank = case.rank, trace = case.trace, filmstrip = case.filmstrip,
    screenshots = case.screenshots }
end

---One step (or hook) as a plain table.
---@param s fscript.StepResult
---@return table
function M.step_record(s)
  return { keyword = s.keyword, text = s.text, status = s.status, duration = s.duration, depth = s.depth,
    where = s.where, definition = s.definition, error = s.error, argument = s.argument, data_table = s.data_table,
    doc_string = s.doc_string, background = s.background, started_at = s.started_at, traceback = s.traceback,
    attachments = s.attachments, hook = s.hook, pickle_step = s.pickle_step, quiet = s.quiet, snippets = s.snippets,
    error_kind = s.error_kind, caught = s.caught }
end

---A case back from its record: the shape the runner makes, so every report renders it as it would have.
---@param record table
---@return fscript.Case
function M.case_from_record(record)
  local case = { name = record.name, tags = record.tags or {}, status = record.status, duration = record.duration or 0,
    index = record.index, script = record.script or nil, steps = record.steps or {}, output = record.output or {},
    skip_reason = record.skip_reason, artifacts = record.artifacts or {}, target = record.target, info = record.info,
    mock_misses = record.mock_misses,
    gherkin = record.gherkin, started_at = record.started_at, attachments = record.attachments,
    attempt = record.attempt, will_be_retried = record.will_be_retried, flaky = record.flaky,
    pickle_index = record.pickle_index, plan = record.plan, rank = math.tointeger(record.rank),
    trace = record.trace, filmstrip = record.filmstrip,
    screenshots = record.screenshots }
  if type(record.attempts) == "table" then
    case.attempts = {}
    for i, a in ipairs(record.attempts) do case.attempts[i] = M.case_from_record(a) end
  end
  if record.failure then case.failure = failure_mod.new(record.failure) end
  if case.status == "error" then
    case.status = "failed"
    if case.failure then case.failure.kind = "infrastructure" end
  end
  return case
end

---Renders the run as JSON (pretty, keys sorted).
---@param run fscript.RunResult
---@return string
function M.render(run)
  local files = {}
  for i, file in ipairs(run.files) do
    local cases = {}
    for j, case in ipairs(file.cases) do cases[j] = M.case_record(case) end
    files[i] = { path = file.path, cases = cases, load_error = file.load_error, position = file.position,
      defined = file.defined }
  end
  local run_hooks = {}
  for i, h in ipairs(run.run_hooks or {}) do run_hooks[i] = M.step_record(h) end
  return json.encode({ passed = run.passed, failed = run.failed, skipped = run.skipped,
    interrupted = run.interrupted, duration = run.duration, exit_code = run.exit_code, files = files,
    -- What cucumber's messages need beyond the cases (see `fscript.report.message`), so merged shards write them.
    strict = run.strict, counts = run.counts, flaky = run.flaky, support = run.support, run_hooks = run_hooks,
    started_at = run.started_at, finished_at = run.finished_at, run_hook_failed = run.run_hook_failed,
    exception = run.exception, exception_where = run.exception_where },
    { indent = "  " }) .. "\n"
end

---Reads a JSON report back into a run (files and cases as the runner makes them).
---@param text string
---@param name string the file it came from, for messages
---@return fscript.RunResult? run
---@return string? error
function M.load(text, name)
  local doc, err = json.decode(text)
  if doc == nil then return nil, ("%s: not a JSON report (%s)"):format(name, tostring(err)) end
  if type(doc) ~= "table" or type(doc.files) ~= "table" then
    return nil, ("%s: not an fscript JSON report (no \"files\" list); write one with --report json:FILE"):format(name)
  end
  -- A report read back comes from outside (a shard, --durations): every field a renderer reads has its type.
  local fits, misfit = require("fscript.report.schema").check_report(doc, name)
  if not fits then return nil, misfit end
  local run = { files = {}, duration = tonumber(doc.duration) or 0, interrupted = doc.interrupted == true,
    exit_code = tonumber(doc.exit_code) or 0, strict = doc.strict ~= false, support = doc.support,
    run_hooks = type(doc.run_hooks) == "table" and doc.run_hooks or {}, started_at = tonumber(doc.started_at),
    finished_at = tonumber(doc.finished_at), run_hook_failed = doc.run_hook_failed == true,
    exception = type(doc.exception) == "string" and doc.exception or nil,
    exception_where = type(doc.exception_where) == "string" and doc.exception_where or nil }
  for i, file in ipairs(doc.files) do
    if type(file) ~= "table" or type(file.path) ~= "string" or type(file.cases) ~= "table" then
      return nil, ("%s: files[%d] is not a file record (path and cases)"):format(name, i)
    end
    local cases = {}
    for j, record in ipairs(file.cases) do
      if type(record) ~= "table" or type(record.name) ~= "string" or type(record.status) ~= "string" then
        return nil, ("%s: files[%d].cases[%d] is not a case record (name and status)"):format(name, i, j)
      end
      cases[j] = M.case_from_record(record)
    end
    run.files[i] = { path = file.path, cases = cases, load_error = file.load_error, position = file.position,
      defined = tonumber(file.defined) }
  end
  return run
end

---Seconds per scenario from an earlier run's JSON report (`--durations FILE`): `durations[path][name]`.
---@param path string
---@return table<string, table<string, number>>? durations
---@return string? error
function M.durations(path)
  local text, err = util.read_input(path)
  if not text then return nil, ("--durations %s: %s"):format(path, tostring(err)) end
  local run, load_err = M.load(text, path)
  if not run then return nil, "--durations " .. load_err end
  local durations = {}
  for _, file in ipairs(run.files) do
    local names = durations[file.path] or {}
    durations[file.path] = names
    for _, case in ipairs(file.cases) do names[case.name] = (names[case.name] or 0) + (case.duration or 0) end
  end
  return durations
end

return M
