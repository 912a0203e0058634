---The JSON report: the whole run (files → cases → steps) with statuses, times and failures.
local json = require("fscript.json")

local M = {}

local function failure(f)
  if not f then return nil end
  return { message = f.message, step = f.step, where = f.where, traceback = f.traceback,
    selector = f.selector, kind = f.kind }
end

local function case_record(case)
  local steps = {}
  for i, s in ipairs(case.steps) do
    steps[i] = { keyword = s.keyword, text = s.text, status = s.status, duration = s.duration, depth = s.depth,
      where = s.where, definition = s.definition, error = s.error }
  end
  -- "error": the case failed because the target was down, not because of what it checked.
  local status = case.failure and case.failure.kind == "infrastructure" and "error" or case.status
  return { name = case.name, tags = case.tags, status = status, duration = case.duration,
    script = case.script or false, steps = steps, output = case.output, failure = failure(case.failure),
    skip_reason = case.skip_reason, artifacts = case.artifacts or {}, target = case.target,
    info = case.info and next(case.info) and case.info or nil }
end

---Renders the run as JSON (pretty, keys sorted).
---@param run fscript.RunResult
---@return string
function M.render(run)
  local files = {}
  for i, file in ipairs(run.files) do
    local cases = {}
    for j, case in ipairs(file.cases) do cases[j] = case_record(case) end
    files[i] = { path = file.path, cases = cases, load_error = file.load_error }
  end
  return json.encode({ passed = run.passed, failed = run.failed, skipped = run.skipped,
    interrupted = run.interrupted, duration = run.duration, exit_code = run.exit_code, files = files },
    { indent = "  " }) .. "\n"
end

return M
