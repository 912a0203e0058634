---`fscript merge-reports`: the JSON reports of a run's shards (or of any runs of disjoint parts of one suite)
---as the reports one run would have written.
local json_report = require("fscript.report.json")
local reporting = require("fscript.reporting")
local util = require("fscript.util")

local M = {}

---`fscript merge-reports KIND:FILE… REPORT.json…`: reads JSON reports of shards (or any runs of disjoint parts
---of one suite) and writes the reports a single run would have: files in the run's order, cases by position.
---@param outputs string[] `junit:out.xml`, `json:all.json`, …
---@param inputs string[] JSON reports
---@return integer exit_code the merged run's (0, 1, 2, 130); 2 when an input cannot be read
function M.run(outputs, inputs)
  local reports, bad = reporting.parse(outputs)
  if not reports then
    io.stderr:write(("fscript merge-reports: %s\n"):format(bad))
    return 2
  end
  if #inputs == 0 then
    io.stderr:write("fscript merge-reports: no JSON report to merge; give the shards' --report json:FILE files\n")
    return 2
  end
  local byPath, order, duration, interrupted = {}, {}, 0, false
  for _, input in ipairs(inputs) do
    local text, err = util.read_file(input)
    if not text then
      io.stderr:write(("fscript merge-reports: cannot read %s: %s\n"):format(input, tostring(err)))
      return 2
    end
    local run, load_err = json_report.load(text, input)
    if not run then
      io.stderr:write(("fscript merge-reports: %s\n"):format(load_err))
      return 2
    end
    duration = math.max(duration, run.duration or 0)
    interrupted = interrupted or run.interrupted
    for _, file in ipairs(run.files) do
      local merged = byPath[file.path]
      if not merged then
        merged = { path = file.path, cases = {}, position = file.position, seen = {}, load_error = file.load_error }
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
  local state = { files = {}, interrupted = interrupted, started = util.clock() - duration, load_errors = 0 }
  for _, file in ipairs(order) do
    table.sort(file.cases, function(a, b) return (a.index or 0) < (b.index or 0) end)
    file.seen = nil
    if file.load_error then state.load_errors = state.load_errors + 1 end
    for _, case in ipairs(file.cases) do
      if case.failure and case.failure.kind == "infrastructure" then state.infrastructure = true end
    end
    state.files[#state.files + 1] = file
  end
  local run = reporting.tally(state)
  run.duration = duration
  reporting.write(run, reports)
  for _, note in ipairs(run.notes) do io.stderr:write(note .. "\n") end
  io.stderr:write(("merged %d reports: %d passed, %d failed%s\n"):format(#inputs, run.passed, run.failed,
    run.skipped > 0 and (", %d skipped"):format(run.skipped) or ""))
  return run.exit_code
end

return M
