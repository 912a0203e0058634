---Tracing one scenario from start to end, as the run's `--trace` and `--screenshots` say: the recorder starts
---before its first step, and at its end the trace is written to `ARTIFACTS/FILE/SCENARIO/trace.html` when the
---mode keeps it (on: always; retain-on-failure: when it failed; off: never), and with `--screenshots every-step`
---each step's picture goes to `…/SCENARIO/steps/NN.png` (a picture once, at the first step that showed it) for
---the HTML report's filmstrip. The console says where a kept trace is. A scenario that used neither the app nor a
---mock leaves no trace, as it leaves no failure artifacts.
local recorder = require("fscript.trace.recorder")
local artifacts = require("fscript.run.artifacts")
local util = require("fscript.util")
local trace_file = require("fscript.trace.file")

local M = {}

---Starts recording `case` when the run records anything; the recorder, or nil.
---@param run_state table
---@param case fscript.Case
---@return fscript.TraceRecorder?
function M.begin(run_state, case)
  local trace, every_step = run_state.trace_mode, run_state.every_step
  if (trace == "off" and not every_step) or not run_state.artifacts then return nil end
  return recorder.begin(case, { trace = trace, every_step = every_step })
end

-- Writes one picture per distinct step picture; returns the filmstrip: {step, path} for each step with a picture
-- written, and the first error.
local function write_filmstrip(dir, model)
  local written, strip = {}, {}
  local ok, err = util.mkdir(dir .. "/steps")
  if not ok then return strip, err end
  for i, step in ipairs(model.steps) do
    local at = step.after and step.after.picture
    if at and step.depth == 0 then
      if not written[at] then
        local path = ("%s/steps/%02d.png"):format(dir, i)
        local wrote, why = util.write_file(path, model.pictures[at])
        if wrote then written[at] = path else err = err or why end
      end
      if written[at] then
        strip[#strip + 1] = { step = (step.keyword and step.keyword ~= "" and (step.keyword .. " ") or "")
          .. step.text, path = written[at] }
      end
    end
  end
  return strip, err
end

-- A trace or picture that could not be written: said on the console, and the run is an infrastructure error
-- (exit 2), as for a report.
local function not_written(run_state, why)
  run_state.bus:publish("note", { text = ("trace not written: %s"):format(tostring(why)) })
  run_state.infrastructure = true
end

---Ends the recording of a finished case: writes what the mode keeps and notes it on the case (`case.trace`, the
---trace file; `case.filmstrip`, the step pictures) and the console.
---@param run_state table
---@param case fscript.Case
---@param rec? fscript.TraceRecorder
function M.finish(run_state, case, rec)
  if not rec then return end
  rec:stop_observing()
  local keep = recorder.keeps(run_state.trace_mode, case.status)
  if rec:saw_nothing() or (not keep and not run_state.every_step) then
    rec:discard()
    return
  end
  local model = rec:model(run_state.every_step)
  local dir = artifacts.folder(run_state.artifacts, run_state.file.path, case.name)
  if run_state.every_step then
    local ok, err = util.mkdir(dir)
    if not ok then
      rec:discard()
      not_written(run_state, err or ("cannot create " .. dir))
      return
    end
    local strip, why = write_filmstrip(dir, model)
    case.filmstrip = strip
    if why then not_written(run_state, why) end
  end
  if keep then
    local path = dir .. "/trace.html"
    local wrote, why = trace_file.write(path, model)
    -- Said on the console once it is on disk (M.flush): the host writes it on a thread of its own.
    if wrote then case.trace = path else not_written(run_state, why) end
  end
  rec:discard()
end

---Waits until every trace of the run is on disk (the host writes them on a thread of its own), before reports
---that read them are written; a trace that could not be written is said on the console and dropped from its case,
---as are those still waiting when a stop (Ctrl-C, SIGTERM) ends the wait, which is then raised again; each one
---written is said there (`trace: PATH`), so the console names only traces that are on disk.
---@param run_state table
function M.flush(run_state)
  local flushed, failed = pcall(trace_file.flush)
  local stop = not flushed and failed or nil
  if stop then failed = trace_file.abandon() end
  local why = {}
  for _, failure in ipairs(failed) do
    why[failure.path] = failure.why
    not_written(run_state, ("%s: %s"):format(failure.path, failure.why))
  end
  for _, file in ipairs(run_state.files or {}) do
    for _, case in ipairs(file.cases or {}) do
      if case.trace and why[case.trace] then case.trace = nil end
      if case.trace and not stop then run_state.bus:publish("traceWritten", { case = case }) end
    end
  end
  if stop then error(stop, 0) end
end

return M
