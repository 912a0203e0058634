---The worker protocol of a parallel run, declared in one place (cucumber-js's `runtime/parallel/types.ts`,
---Playwright's `common/ipc.ts`): each line a worker writes on its result channel (the host's `fscript.worker`) is one
---JSON message of a kind below, and the parent reads every line back through `read`. Cases travel as the JSON
---report's case records (`fscript.report.json`), the one place the protocol and that report share a format.
local json = require("fscript.json")
local json_report = require("fscript.report.json")

local M = {}

---@class fscript.WorkerFacts what the parent's messages need from a worker besides cases
---@field support table the worker's step definitions, hooks and parameter types
---@field run_hooks table[] its BeforeAll (or, `final`, AfterAll) hooks' results, as step records
---@field run_hook_failed? true
---@field started_at? number
---@field strict boolean
---@field exception? string
---@field exception_where? string
---@field final? true sent after the last unit: `run_hooks` are the AfterAll hooks'

---@class fscript.WorkerMessage
---@field kind "result"|"facts"
---@field unit? string `result`: the unit (`PATH#N` or `PATH#*`) these cases are the result of
---@field cases? table[] `result`: the unit's cases, as JSON report case records
---@field run? fscript.WorkerFacts the run facts so far

---The message kinds and the fields each carries (`run` rides along with a result).
M.KINDS = {
  result = { "unit", "cases", "run" }, -- a unit's cases, sent when the unit is done
  facts = { "run" }, -- run facts alone: after the last unit, with `final`
}

---A worker's facts about the run, from its state.
---@param state fscript.RunState
---@param support table the worker's support code (`fscript.run.lifecycle`'s `support`)
---@return fscript.WorkerFacts
function M.facts(state, support)
  local hook_records = {}
  for i, h in ipairs(state.run_hooks) do hook_records[i] = json_report.step_record(h) end
  return { support = support, run_hooks = hook_records, run_hook_failed = state.run_hook_failed,
    started_at = state.started_at, strict = state.strict_steps, exception = state.exception,
    exception_where = state.exception_where }
end

---The line for a unit's result: its cases (records made here) and the run facts so far.
---@param unit string
---@param cases table[] the unit's cases
---@param facts fscript.WorkerFacts
---@return string
function M.result(unit, cases, facts)
  local records = {}
  for i, case in ipairs(cases) do records[i] = json_report.case_record(case) end
  return json.encode({ unit = unit, cases = records, run = facts })
end

---The line for run facts alone (the last line a worker sends, `final` set).
---@param facts fscript.WorkerFacts
---@return string
function M.facts_line(facts)
  return json.encode({ run = facts })
end

---A line read back: the message with its `kind`, or nil, why it is no message of the protocol and what it
---decoded to (a table may still carry run facts). A result's cases are case records still (`case` makes cases).
---@param line string
---@return fscript.WorkerMessage?
---@return string? why
---@return any decoded
function M.read(line)
  local message, err = json.decode(line)
  if type(message) ~= "table" then return nil, tostring(err or "no unit and cases"), message end
  if message.cases == nil and message.run then
    message.kind = "facts"
    return message
  end
  if type(message.cases) ~= "table" or type(message.unit) ~= "string" then
    return nil, "no unit and cases", message
  end
  message.kind = "result"
  return message
end

---A case from a result's case record.
---@param record table
---@return table case
function M.case(record)
  return json_report.case_from_record(record)
end

return M
