---A finished case as plain data, and back: the record the JSON report lists (`fscript.report.json`), `merge-reports`
---reads back, and a parallel worker's `testCaseFinished` carries to its parent (`fscript.run.parallel.protocol`).
---It names each field it keeps, so what travels is data the renderers read (never a test's own objects, such as
---its `world()`, or the target the case used), and a case back from a record has the shape the runner makes.
---`fscript.events.schema` checks a record that comes from outside before it is taken back.
local failure_mod = require("fscript.failure")

local M = {}

local function failure(f)
  if not f then return nil end
  return { message = f.message, step = f.step, where = f.where, traceback = f.traceback,
    selector = f.selector, kind = f.kind }
end

---One case as a plain table.
---@param case fscript.Case
---@return table
function M.case(case)
  local steps = {}
  for i, s in ipairs(case.steps) do
    steps[i] = M.step(s)
  end
  -- "error": the case failed because the target was down, not because of what it checked.
  local status = case.failure and case.failure.kind == "infrastructure" and "error" or case.status
  local attempts
  if case.attempts then
    attempts = {}
    for i, a in ipairs(case.attempts) do attempts[i] = M.case(a) end
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
function M.step(s)
  return { keyword = s.keyword, text = s.text, status = s.status, duration = s.duration, depth = s.depth,
    where = s.where, definition = s.definition, error = s.error, argument = s.argument, data_table = s.data_table,
    doc_string = s.doc_string, background = s.background, started_at = s.started_at, traceback = s.traceback,
    attachments = s.attachments, hook = s.hook, pickle_step = s.pickle_step, quiet = s.quiet, snippets = s.snippets,
    error_kind = s.error_kind, caught = s.caught }
end

---A case back from its record: the shape the runner makes, so every report renders it as it would have.
---@param record table
---@return fscript.Case
function M.case_back(record)
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
    for i, a in ipairs(record.attempts) do case.attempts[i] = M.case_back(a) end
  end
  if record.failure then case.failure = failure_mod.new(record.failure) end
  if case.status == "error" then
    case.status = "failed"
    if case.failure then case.failure.kind = "infrastructure" end
  end
  return case
end

return M
