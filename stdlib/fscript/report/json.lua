---The JSON report: the whole run (files → cases → steps) with statuses, times and failures; a step keeps its data
---table (`data_table`, rows of cells), its doc string (`doc_string`) and `background = true` for a Background
---step. An outline row's case name tells it from its siblings (see `fscript.features.case_name`).
---
---It is also an input: `fscript merge-reports` reads shards' JSON reports back (`M.load`) to write one set of
---reports, so a record keeps everything the other reports need, and `--durations FILE` weighs units of work by an
---earlier run's (`M.durations`). A case's record is `fscript.events.case_record`'s, the one a parallel worker's
---events carry too; the report's own shape (its files, counts, run facts) is this module's alone.
local json = require("fscript.json")
local case_record = require("fscript.events.case_record")
local util = require("fscript.util")

local M = {}

---One case as a plain table (see `fscript.events.case_record`).
M.case_record = case_record.case

---One step (or hook) as a plain table.
M.step_record = case_record.step

---A case back from its record.
M.case_from_record = case_record.case_back

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
  local fits, misfit = require("fscript.events.schema").check_report(doc, name)
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
