---TAP version 13: one test point per case (`file: scenario`), failures with a YAML block (message, step,
---at), cases not run as `# SKIP`. YAML strings are written as JSON strings, which YAML reads as is.
local json = require("fscript.json")
local status_mod = require("fscript.events.status")

local M = {}

local function description(file, case)
  return (("%s: %s"):format(file.path, case.name):gsub("#", "\\#"):gsub("\n", " "))
end

---Renders the run as TAP version 13.
---@param run fscript.RunResult
---@return string
function M.render(run)
  local points = {}
  for _, file in ipairs(run.files) do
    for _, case in ipairs(file.cases) do points[#points + 1] = { file = file, case = case } end
  end
  local out = { "TAP version 13", ("1..%d"):format(#points) }
  for i, p in ipairs(points) do
    local case = p.case
    local fails = case.status ~= "passed" and (status_mod.fails_run(case.status, run.strict ~= false)
      or not status_mod.known(case.status))
    if case.status ~= "passed" and not fails then
      -- Skipped, and pending or undefined under --no-strict: TAP's SKIP (pending is TAP's TODO in spirit, but a
      -- TODO point that passes means something else to TAP consumers).
      local why = case.skip_reason or (case.status ~= "skipped" and case.status)
        or (case.failure and case.failure.message) or "skipped"
      out[#out + 1] = ("ok %d - %s # SKIP %s"):format(i, description(p.file, case), why)
    elseif fails then
      case.failure = case.failure or { message = case.status }
      out[#out + 1] = ("not ok %d - %s"):format(i, description(p.file, case))
      out[#out + 1] = "  ---"
      out[#out + 1] = "  message: " .. json.quote(case.failure.message)
      if case.failure.kind then
        out[#out + 1] = "  severity: " .. (case.failure.kind == "infrastructure" and "error" or "fail")
      end
      if case.failure.step then out[#out + 1] = "  step: " .. json.quote(case.failure.step) end
      if case.failure.where then out[#out + 1] = "  at: " .. json.quote(case.failure.where) end
      out[#out + 1] = ("  duration_ms: %d"):format(math.floor((case.duration or 0) * 1000 + 0.5))
      out[#out + 1] = "  ..."
    else
      out[#out + 1] = ("ok %d - %s%s"):format(i, description(p.file, case),
        case.flaky and (" (flaky: passed on attempt %d)"):format(#case.attempts + 1) or "")
    end
  end
  return table.concat(out, "\n") .. "\n"
end

return M
