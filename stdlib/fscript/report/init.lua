---The reports of a run: the kinds fscript writes, `KIND:FILE` specs, a run's counts and exit code, and writing
---the documents. A serial run, a parallel run's parent and `fscript merge-reports` all end here.
local util = require("fscript.util")
local status_mod = require("fscript.events.status")

local M = {}

---The report kinds and the modules that render them.
M.KINDS = { junit = "fscript.report.junit", tap = "fscript.report.tap", json = "fscript.report.json",
  html = "fscript.report.html", cucumber = "fscript.report.cucumber", message = "fscript.report.message" }

---The reports `KIND:FILE` specs ask for, or nil and why (a kind fscript does not write).
---@param list? string[]
---@return {kind: string, path: string}[]?
---@return string? error
function M.parse(list)
  local reports = {}
  for _, spec in ipairs(list or {}) do
    local kind, path = tostring(spec):match("^(%w+):(.+)$")
    if not kind or not M.KINDS[kind] then
      return nil, ("bad report %q: write junit:FILE, tap:FILE, json:FILE, cucumber:FILE, message:FILE or html:DIR")
        :format(tostring(spec))
    end
    -- The HTML report is a page in a folder of its own (html:out/report → out/report/index.html).
    if kind == "html" and not path:match("%.html?$") and path ~= "-" then
      path = path:gsub("/+$", "") .. "/index.html"
    end
    reports[#reports + 1] = { kind = kind, path = path }
  end
  return reports
end

---The run's counts and exit code from its cases; a serial run's, a parallel run's and a merge's. `failed` counts
---the cases that fail the run (failed and ambiguous; pending and undefined too unless --no-strict), `counts` every
---cucumber status, `flaky` the cases that passed on a retry. What the messages need beyond the cases rides along:
---`support` (definitions, hooks, parameter types), `run_hooks` (BeforeAll/AfterAll results), `strict`, `started_at`.
---@param run_state table
---@return fscript.RunResult
function M.tally(run_state)
  local strict = run_state.strict_steps ~= false
  local run = { files = run_state.files, passed = 0, failed = 0, skipped = 0, flaky = 0, counts = {},
    interrupted = run_state.interrupted, duration = util.clock() - run_state.started, notes = {},
    strict = strict, support = run_state.support, run_hooks = run_state.run_hooks or {},
    started_at = run_state.started_at, finished_at = util.now(), run_hook_failed = run_state.run_hook_failed,
    exception = run_state.exception, exception_where = run_state.exception_where }
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
  if run.interrupted then run.exit_code = 130
  elseif run_state.load_errors > 0 or run_state.infrastructure or run_state.selected_nothing then run.exit_code = 2
  elseif run.failed > 0 or run_state.run_hook_failed then run.exit_code = 1
  else run.exit_code = 0 end
  return run
end

---Writes every report of the run, each whole or not at all (`util.write_file`); a report that cannot be rendered
---or written is said on standard error with the reason and makes the exit code 2, and only the reports written
---are announced (`run.notes`). A Ctrl-C or SIGTERM meanwhile ends fscript at once with exit 130 (the host's
---`fscript.end_at_once`): rendering a big report can take seconds in one call that no hook interrupts.
---@param run fscript.RunResult
---@param reports {kind: string, path: string}[]
function M.write(run, reports)
  local end_at_once = util.host().end_at_once
  if end_at_once and #reports > 0 then end_at_once(true) end
  for _, r in ipairs(reports) do
    local ok, text = pcall(function() return require(M.KINDS[r.kind]).render(run) end)
    local folder = r.path:match("^(.*)/[^/]*$")
    local wrote, err = false, nil
    if not ok then
      err = ("cannot write the %s report %s: %s"):format(r.kind, r.path, tostring(text))
    elseif r.path == "-" then
      -- To standard output, for a pipe (`--report tap:- | tap-parser`); the console went to standard error.
      local written, werr = io.stdout:write(text)
      local flushed, ferr = io.stdout:flush()
      wrote = written and flushed
      if not wrote then
        err = ("cannot write the %s report to standard output: %s"):format(r.kind, tostring(werr or ferr))
      end
    else
      local made, merr = true, nil
      if folder and folder ~= "" then made, merr = util.mkdir(folder) end
      if made then wrote, err = util.write_file(r.path, text) else err = merr end
      if not wrote then err = ("cannot write the %s report: %s"):format(r.kind, tostring(err)) end
    end
    if not wrote then
      io.stderr:write(("fscript: %s\n"):format(err))
      run.exit_code = math.max(run.exit_code, 2)
    elseif r.path ~= "-" then
      run.notes[#run.notes + 1] = ("%s report: %s"):format(r.kind, r.path)
    end
  end
  if end_at_once and #reports > 0 then end_at_once(false) end
end

return M
