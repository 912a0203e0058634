---`fscript merge-reports`: the JSON reports or Cucumber Messages streams (`--report message:FILE`, read by
---`fscript.report.merge_reader`) of a run's shards (or of any runs of disjoint parts of one suite), in any mix, as the
---reports one run would have written.
local json_report = require("fscript.report.json")
local messages_reader = require("fscript.report.merge_reader")
local reporting = require("fscript.report")
local util = require("fscript.util")
local state_mod = require("fscript.run.state")
local collector_mod = require("fscript.events.collector")

local M = {}

---Two runs' support code as one: see `fscript.events.collector`'s `merge_support`.
M.merge_support = collector_mod.merge_support

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
  -- Each input is replayed through the collector a parallel run's parent gathers its workers' cases with: its run
  -- facts, its files, its cases.
  local collector = collector_mod.new({ gather = true, unique = true })
  local duration, interrupted = 0, false
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
    interrupted = interrupted or run.interrupted
    collector:runFacts({ support = run.support, run_hooks = run.run_hooks, started_at = run.started_at,
      strict = run.strict, run_hook_failed = run.run_hook_failed, exception = run.exception,
      exception_where = run.exception_where })
    for _, file in ipairs(run.files) do
      collector:fileStarted({ file = file })
      for _, case in ipairs(file.cases) do
        collector:testCaseFinished({ case = case, path = file.path })
        if collector.duplicate then
          -- The likely cause is shards given different inputs (a --durations file or an --order on some only):
          -- each then splits the suite its own way, so say so rather than only that the merge is refused.
          io.stderr:write(("fscript merge-reports: %s › %s is in two reports (%s and an earlier one); merge the "
            .. "reports of one run's shards only. If they are, the shards split differently: give every shard the "
            .. "same files, --durations and --order\n"):format(collector.duplicate.path, collector.duplicate.name,
            input))
          return 2
        end
      end
    end
  end
  local files = collector:sorted_files()
  table.sort(files, function(a, b)
    if a.position and b.position and a.position ~= b.position then return a.position < b.position end
    return a.path < b.path
  end)
  local facts = collector:facts()
  local state = state_mod.new({ interrupted = interrupted, started = util.clock() - duration,
    support = facts.support, run_hooks = facts.run_hooks, started_at = facts.started_at,
    strict_steps = facts.strict ~= false, run_hook_failed = facts.run_hook_failed, exception = facts.exception,
    exception_where = facts.exception_where })
  for _, file in ipairs(files) do state_mod.add_file(state, file) end
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
