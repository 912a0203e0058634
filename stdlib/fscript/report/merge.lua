---`fscript merge-reports`: the JSON reports or Cucumber Messages streams (`--report message:FILE`, read by
---`fscript.report.merge_reader`) of a run's shards (or of any runs of disjoint parts of one suite), in any mix, as the
---reports one run would have written.
local json_report = require("fscript.report.json")
local messages_reader = require("fscript.report.merge_reader")
local reporting = require("fscript.report")
local util = require("fscript.util")
local state_mod = require("fscript.run.state")

local M = {}

---Two runs' support code as one: see `fscript.run.state`'s `merge_support`.
M.merge_support = state_mod.merge_support

---The most one report or stream to merge may hold.
M.INPUT_LIMIT = 512 * 1024 * 1024

---The most all the files the merged reports embed (attachments, artifacts, traces, step pictures) may hold
---together.
M.EMBED_BUDGET = 512 * 1024 * 1024

---`fscript merge-reports KIND:FILE… REPORT.json…`: reads JSON reports of shards (or any runs of disjoint parts
---of one suite) and writes the reports a single run would have: files in the run's order, cases by position.
---
---The shards' reports are data, never paths to follow: what they carry is merged, and a file one of them names
---(an attachment's `file`, an artifact, a trace, step pictures) is embedded only from the folder `--files DIR`
---names, by a relative path without `..`, as a regular file within `M.EMBED_BUDGET` (never `/proc/self/environ`,
---a device or a secret elsewhere); a feature file's source only from the current folder, the suite's checkout.
---@param outputs string[] `junit:out.xml`, `json:all.json`, …
---@param inputs string[] JSON reports and message streams
---@param opts? {files?: string} the folder the shards' artifacts were gathered in
---@return integer exit_code the merged run's (0, 1, 2, 130); 2 when an input cannot be read
function M.run(outputs, inputs, opts)
  opts = opts or {}
  local reports, bad = reporting.parse(outputs)
  if not reports then
    io.stderr:write(("fscript merge-reports: %s\n"):format(bad))
    return 2
  end
  if #inputs == 0 then
    io.stderr:write("fscript merge-reports: no report to merge; give the shards' --report json:FILE or "
      .. "message:FILE files\n")
    return 2
  end
  local byPath, order, duration, interrupted = {}, {}, 0, false
  local support, run_hooks, started_at, strict, run_hook_failed, exception, exception_where
  for _, input in ipairs(inputs) do
    local text, err = util.read_input(input, nil, M.INPUT_LIMIT)
    if not text then
      -- The reader's reason names the file (`cannot read the file X: …`, `the file X is not a regular file`).
      io.stderr:write(("fscript merge-reports: %s\n"):format(tostring(err)))
      return 2
    end
    local run, load_err, warning
    -- A stream by its name or by its first line (a JSON report's first line is no envelope).
    if input:match("%.ndjson$") or messages_reader.is_stream(text) then
      run, load_err, warning = messages_reader.load(text, input)
      if run and #inputs == 1 then
        -- One stream is one run: its files and cases keep the order it ran them in (also in --order).
        for _, file in ipairs(run.files) do
          file.position = file.stream_order
          for _, case in ipairs(file.cases) do case.rank = case.stream_rank end
        end
      end
    else
      run, load_err = json_report.load(text, input)
      if not run then
        load_err = load_err .. "; nor a Cucumber Messages stream (--report message:FILE, one envelope a line)"
      end
    end
    if not run then
      io.stderr:write(("fscript merge-reports: %s\n"):format(load_err))
      return 2
    end
    if warning then io.stderr:write(("fscript merge-reports: warning: %s\n"):format(warning)) end
    duration = math.max(duration, run.duration or 0)
    -- The messages' run facts: every shard's support code, the first shard's BeforeAll/AfterAll results.
    support = M.merge_support(support, run.support)
    if not run_hooks and #run.run_hooks > 0 then run_hooks = run.run_hooks end
    if run.started_at and (not started_at or run.started_at < started_at) then started_at = run.started_at end
    if strict == nil then strict = run.strict end
    run_hook_failed = run_hook_failed or run.run_hook_failed
    if not exception and run.exception then exception, exception_where = run.exception, run.exception_where end
    interrupted = interrupted or run.interrupted
    for _, file in ipairs(run.files) do
      local merged = byPath[file.path]
      if not merged then
        merged = { path = file.path, cases = {}, position = file.position, defined = file.defined, seen = {},
          load_error = file.load_error, source = file.source }
        byPath[file.path] = merged
        order[#order + 1] = merged
      end
      for _, case in ipairs(file.cases) do
        local key = tostring(case.index) .. "\0" .. case.name
        if merged.seen[key] then
          io.stderr:write(("fscript merge-reports: %s › %s is in two reports (%s and an earlier one); merge the "
            .. "reports of one run's shards only\n"):format(file.path, case.name, input))
          return 2
        end
        merged.seen[key] = true
        merged.cases[#merged.cases + 1] = case
      end
    end
  end
  table.sort(order, function(a, b)
    if a.position and b.position and a.position ~= b.position then return a.position < b.position end
    return a.path < b.path
  end)
  local state = state_mod.new({ interrupted = interrupted, started = util.clock() - duration,
    support = support, run_hooks = run_hooks or {}, started_at = started_at, strict_steps = strict ~= false,
    run_hook_failed = run_hook_failed, exception = exception, exception_where = exception_where })
  for _, file in ipairs(order) do
    table.sort(file.cases, require("fscript.run.order").case_before)
    file.seen = nil
    state_mod.add_file(state, file)
  end
  local run = state_mod.tally(state)
  run.duration = duration
  util.confine({ embed = opts.files, source = "." }, M.EMBED_BUDGET)
  local wrote, problem = pcall(reporting.write, run, reports)
  local refused = util.unconfine()
  if not wrote then error(problem, 0) end
  if #refused > 0 then
    io.stderr:write(("fscript merge-reports: %d files the reports name were not embedded (%s%s): %s\n"):format(
      #refused, opts.files and "not under " .. opts.files or "give the folder that holds them with --files DIR",
      opts.files and ", by a relative path without .., or over the size limit" or "",
      table.concat(refused, ", ", 1, math.min(#refused, 5)) .. (#refused > 5 and ", …" or "")))
  end
  for _, note in ipairs(run.notes) do io.stderr:write(note .. "\n") end
  io.stderr:write(("merged %d reports: %d passed, %d failed%s\n"):format(#inputs, run.passed, run.failed,
    run.skipped > 0 and (", %d skipped"):format(run.skipped) or ""))
  return run.exit_code
end

return M
