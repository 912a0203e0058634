---The console reporter: one line per step with its time as steps finish, failure details (step, message,
---traceback, what the target showed), and last the summary line `N passed, N failed[, N skipped]`.
---Colour only when asked (`color = true`).
local M = {}

---@class fscript.Console
---@field out fun(s: string)
---@field color boolean
local Console = {}
Console.__index = Console

local CODES = { green = "32", red = "31", yellow = "33", dim = "2", bold = "1" }

---Creates a console reporter writing through `out` (default io.stdout). Failure details go to `err`:
---by default io.stderr (as any Unix tool reports errors), or `out` when only `out` was given, so a caller
---capturing `out` still sees everything in order.
---@param opts {out?: fun(s: string), err?: fun(s: string), color?: boolean}
---@return fscript.Console
function M.new(opts)
  local out = opts.out or function(s) io.stdout:write(s) io.stdout:flush() end
  local err = opts.err or (opts.out and out) or function(s) io.stdout:flush() io.stderr:write(s) end
  return setmetatable({ out = out, err = err, color = opts.color == true }, Console)
end

function Console:paint(color, s)
  if not self.color then return s end
  return ("\27[%sm%s\27[0m"):format(CODES[color], s)
end

function Console:line(s)
  self.out(s .. "\n")
end

---A note for the user about the run itself (said once), on the error stream: `note: …`.
---@param s string
function Console:note(s)
  self:error_line(self:paint("yellow", "note: ") .. s)
end

function Console:error_line(s)
  self.err(s .. "\n")
end

---@param seconds number
---@return string
function M.seconds(seconds)
  return ("(%.2f s)"):format(seconds)
end

---The run's first line: what it drives (`Target: the embedded simulator running the demo app`).
---@param text string
function Console:target(text)
  self:line(self:paint("dim", "Target: " .. text))
end

---A file starts.
---@param path string
function Console:file_start(path)
  self:line(self:paint("bold", path))
end

---A scenario starts.
---@param case fscript.Case
function Console:case_start(case)
  if case.script then return end
  self:line(("Scenario: %s"):format(case.name))
end

---A step finished.
---@param _ fscript.Case
---@param result fscript.StepResult
function Console:step(_, result)
  local mark = result.status == "passed" and self:paint("green", "✔") or self:paint("red", "✘")
  local text = result.keyword == "" and result.text or (result.keyword .. " " .. result.text)
  self:line(("%s%s %s  %s"):format(("  "):rep(result.depth + 1), mark, text,
    self:paint("dim", M.seconds(result.duration))))
end

---Something the script printed.
---@param text string
function Console:output(text)
  self:line("    " .. text:gsub("\n", "\n    "))
end

local function indent(text, prefix)
  return prefix .. tostring(text):gsub("\n", "\n" .. prefix)
end

---A case finished; failures print their details.
---@param case fscript.Case
function Console:case_end(case)
  if case.status == "skipped" then
    self:line(self:paint("yellow", ("  - skipped: %s"):format(case.skip_reason or "not run")))
    return
  end
  if case.status ~= "failed" then return end
  local f = case.failure
  local head = case.script and ("✘ %s failed  %s"):format(case.name, M.seconds(case.duration)) or
    ("✘ scenario failed  %s"):format(M.seconds(case.duration))
  self:error_line("  " .. self:paint("red", head))
  if f.step then self:error_line("    step: " .. f.step) end
  if f.where then self:error_line("    at: " .. f.where) end
  self:error_line(indent(f.message, "    "))
  if f.traceback then self:error_line(self:paint("dim", indent(f.traceback, "    "))) end
  if case.target then
    self:error_line("    the target showed:")
    self:error_line(indent(table.concat(case.target, "\n"), "      "))
  end
  for _, path in ipairs(case.artifacts or {}) do self:error_line("    artifact: " .. path) end
end

---The end of the run: report paths, interruption, then the summary line (last, on its own line).
---@param run fscript.RunResult
function Console:finish(run)
  self:line("")
  for _, note in ipairs(run.notes or {}) do self:line(note) end
  if run.interrupted then self:line(self:paint("yellow", "interrupted: the remaining scenarios were not run")) end
  local summary = ("%d passed, %d failed"):format(run.passed, run.failed)
  if run.skipped > 0 then summary = summary .. (", %d skipped"):format(run.skipped) end
  self:line(summary)
end

return M
