---The console reporter: one line per step with its time as steps finish (a step's data table or doc string
---below it, a Background step marked so, steps run by another step indented under it), failure details (step,
---message, traceback, what the target showed), and last the summary line `N passed, N failed[, N skipped]`.
---A file's name shows once it has something to show: a file whose scenarios the tag filter left out is not listed.
---Colour only when asked (`color = true`).
local util = require("fscript.util")

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

---A file starts; its name is printed before the first thing it shows.
---@param path string
function Console:file_start(path)
  self.pending_file = path
end

-- Prints the current file's name if it has not been yet.
local function show_file(self)
  if not self.pending_file then return end
  self:line(self:paint("bold", self.pending_file))
  self.pending_file = nil
end

---A scenario starts.
---@param case fscript.Case
function Console:case_start(case)
  show_file(self)
  if case.script then return end
  self:line(("Scenario: %s"):format(case.name))
end

-- How many display columns `s` takes (characters, not bytes; bytes when it is not UTF-8).
local function width(s)
  return utf8.len(s) or #s
end

---A data table as Gherkin writes it, columns padded: `| name  | age |`.
---@param rows string[][]
---@return string[] lines
function M.table_lines(rows)
  local widths = {}
  for _, row in ipairs(rows) do
    for c, cell in ipairs(row) do widths[c] = math.max(widths[c] or 0, width(cell)) end
  end
  local lines = {}
  for r, row in ipairs(rows) do
    local cells = {}
    for c, cell in ipairs(row) do cells[c] = cell .. (" "):rep(widths[c] - width(cell)) end
    lines[r] = "| " .. table.concat(cells, " | ") .. " |"
  end
  return lines
end

---A step's argument as Gherkin writes it: its data table, then its doc string between `"""` fences.
---@param result fscript.StepResult
---@return string[] lines (none for a step without one)
function M.argument_lines(result)
  local lines = result.data_table and M.table_lines(result.data_table) or {}
  if result.doc_string then
    lines[#lines + 1] = '"""'
    for line in (result.doc_string .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = line end
    lines[#lines + 1] = '"""'
  end
  return lines
end

-- Each status's mark: passed ✔, failed and ambiguous ✘, skipped -, pending and undefined ?, as cucumber-js's
-- progress formatter tells them apart.
local MARKS = { passed = { "green", "✔" }, skipped = { "yellow", "-" }, pending = { "yellow", "?" },
  undefined = { "yellow", "?" } }

---The mark of a step's or case's status.
---@param console fscript.Console
---@param status string
---@return string
function M.mark(console, status)
  local m = MARKS[status] or { "red", "✘" }
  return console:paint(m[1], m[2])
end

---A step finished (a step another step ran comes after it, one level further in).
---@param _ fscript.Case
---@param result fscript.StepResult
function Console:step(_, result)
  show_file(self)
  local mark = M.mark(self, result.status)
  local text = result.keyword == "" and result.text or (result.keyword .. " " .. result.text)
  if result.status ~= "passed" and result.status ~= "failed" then
    text = text .. "  " .. self:paint("yellow", "(" .. result.status .. ")")
  end
  local pad = ("  "):rep(result.depth + 1)
  self:line(("%s%s %s%s  %s"):format(pad, mark, text, result.background and self:paint("dim", "  (background)") or "",
    self:paint("dim", M.seconds(result.duration))))
  for _, line in ipairs(M.argument_lines(result)) do self:line(pad .. "    " .. self:paint("dim", line)) end
end

---Something the script printed.
---@param text string
function Console:output(text)
  show_file(self)
  self:line("    " .. text:gsub("\n", "\n    "))
end

local function indent(text, prefix)
  return prefix .. tostring(text):gsub("\n", "\n" .. prefix)
end

---A case finished; failures print their details.
---@param case fscript.Case
function Console:case_end(case)
  show_file(self)
  if case.will_be_retried then
    local message = case.failure and case.failure.message
    local why = message and (": " .. tostring(message):match("^[^\n]*")) or ""
    self:line(self:paint("yellow", ("  ↻ attempt %d failed%s; --retry runs it again"):format((case.attempt or 0) + 1,
      why)))
    return
  end
  if case.flaky then self:line(self:paint("yellow", "  flaky: passed after a failed attempt")) end
  if case.status == "skipped" then
    local why = case.skip_reason or (case.failure and case.failure.message ~= "skipped" and case.failure.message)
    self:line(self:paint("yellow", ("  - skipped: %s"):format(why or "skipped")))
    return
  end
  if case.status == "pending" or case.status == "undefined" then
    local f = case.failure
    self:line(self:paint("yellow", ("  ? %s%s"):format(case.status, f and f.step and (": " .. f.step) or "")))
    return
  end
  if case.status ~= "failed" and case.status ~= "ambiguous" then return end
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
  self:mock_misses(case.mock_misses)
  for _, path in ipairs(case.artifacts or {}) do self:error_line("    artifact: " .. path) end
end

-- The requests the scenario's mocks answered 404, each with the nearest stub: a stub added after its request
-- (the app asked before the stub existed) is the usual cause of a screen showing the wrong data.
function Console:mock_misses(misses)
  if not misses then return end
  self:error_line(("    the mocks answered 404 to %d request%s:"):format(#misses, #misses == 1 and "" or "s"))
  for _, m in ipairs(misses) do
    local why
    if m.matches_now then
      why = ("stub %s, added later in the scenario, matches it: the app asked before the stub existed; add the "
        .. "stub before the step that makes the app send it"):format(m.nearest)
    elseif m.nearest then
      why = ("nearest stub %s (%s)"):format(m.nearest, m.differs)
    else
      why = "the mock has no stubs"
    end
    self:error_line(("      %s %s on %s: %s"):format(m.method, m.path, m.server, why))
  end
end

---The end of the run: report paths, interruption, then the summary line (last, on its own line).
---@param run fscript.RunResult
function Console:finish(run)
  self:line("")
  for _, note in ipairs(run.notes or {}) do self:line(note) end
  if run.interrupted then self:line(self:paint("yellow", "interrupted: the remaining scenarios were not run")) end
  local summary = ("%d passed, %d failed"):format(run.passed, run.failed)
  if run.skipped > 0 then summary = summary .. (", %d skipped"):format(run.skipped) end
  -- cucumber's other statuses, when the run met them, so a pending or undefined scenario is not a mystery.
  local extra = {}
  for _, status in ipairs({ "pending", "undefined", "ambiguous" }) do
    local n = run.counts and run.counts[status] or 0
    if n > 0 then extra[#extra + 1] = ("%d %s"):format(n, status) end
  end
  if run.flaky and run.flaky > 0 then extra[#extra + 1] = ("%d flaky"):format(run.flaky) end
  if #extra > 0 then summary = summary .. " (" .. table.concat(extra, ", ") .. ")" end
  self:line(summary)
end

---The console as a subscriber of a run's events (`fscript.events.bus`): each kind the console shows, shown as the
---console shows it. A parallel run's case (`worker` or `lost` set) gets a line of its own first, naming its file
---and the worker that ran it; one a parallel run never ran (`unrun`) is not shown.
---@param console fscript.Console
---@return table listener
function M.subscriber(console)
  return {
    testRunStarted = function(_, e)
      if e.target then console:target(e.target) end
      -- The seed, so a failure that depends on the order can be run again in it.
      if e.seed then
        console:line(("order: random:%d (--order random:%d runs this order again)"):format(e.seed, e.seed))
      end
    end,
    unitsPlanned = function(_, e)
      console:line(console:paint("dim", ("%d units of work over %d workers"):format(e.units, e.workers)))
    end,
    fileStarted = function(_, e) console:file_start(e.file.path) end,
    testCaseStarted = function(_, e) console:case_start(e.case) end,
    testStepFinished = function(_, e) console:step(e.case, e.step) end,
    output = function(_, e) console:output(e.text) end,
    testCaseFinished = function(_, e)
      local case = e.case
      if e.unrun then return end
      if e.worker then
        local mark = case.status == "passed" and console:paint("green", "✔")
          or case.status == "skipped" and console:paint("yellow", "-") or console:paint("red", "✘")
        console:line(("%s %s › %s  %s"):format(mark, e.path, case.name,
          console:paint("dim", ("%s  %s"):format(M.seconds(case.duration), e.worker))))
      elseif e.lost then
        console:line(("%s %s › %s"):format(console:paint("red", "✘"), e.path, case.name))
      end
      console:case_end(case)
    end,
    traceWritten = function(_, e)
      console:note(("trace: %s (fscript show-trace %s)"):format(e.case.trace, util.shell_quote(e.case.trace)))
    end,
    testRunFinished = function(_, e) console:finish(e.run) end,
    suggestion = function(_, e) console:line("\n" .. e.text) end,
    note = function(_, e) console:note(e.text) end,
    info = function(_, e) console:line(e.text) end,
    diagnostic = function(_, e) console:error_line(e.text) end,
  }
end

return M
