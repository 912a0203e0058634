---JUnit XML: `<testsuites>` with one `<testsuite>` per file and one `<testcase>` per scenario (a script
---without scenarios is one case; an outline row's name carries the row when its name alone would not, as
---cucumber-ruby's `NAME (outline example : | a | b |)`). A failure's `message` names the step; its body holds the
---message, the traceback and what the target showed; `<system-out>` holds the step lines (data tables, doc
---strings and Background steps marked) and what the script printed.
local console = require("fscript.report.console")
local status_mod = require("fscript.events.status")
local xml = require("fscript.report.xml")

local M = {}

---Escapes text for XML content and attributes (`fscript.report.xml`'s `escape`).
M.escape = xml.escape

local function attrs(list)
  local out = {}
  for i = 1, #list, 2 do out[#out + 1] = ('%s="%s"'):format(list[i], M.escape(list[i + 1])) end
  return table.concat(out, " ")
end

---What JUnit makes of a case: "error" (the target was down), "failure" (a case that fails the run: failed,
---ambiguous, and under --strict pending and undefined), "skipped" (skipped, and pending or undefined under
-----no-strict), else "passed" (a flaky case too: its last attempt passed).
---@param case fscript.Case
---@param strict boolean
---@return "error"|"failure"|"skipped"|"passed"
function M.outcome(case, strict)
  if case.status == "passed" then return "passed" end
  if status_mod.fails_run(case.status, strict) or not status_mod.known(case.status) then
    return M.is_error(case) and "error" or "failure"
  end
  return "skipped"
end

local function counts(cases, strict)
  local failures, errors, skipped, time = 0, 0, 0, 0
  for _, c in ipairs(cases) do
    local outcome = M.outcome(c, strict)
    if outcome == "error" then errors = errors + 1
    elseif outcome == "failure" then failures = failures + 1
    elseif outcome == "skipped" then skipped = skipped + 1 end
    time = time + (c.duration or 0)
  end
  return failures, errors, skipped, time
end

local function system_out(case)
  local lines = {}
  for _, s in ipairs(case.steps) do
    local text = s.keyword == "" and s.text or (s.keyword .. " " .. s.text)
    local pad = ("  "):rep(s.depth or 0)
    local mark = s.status == "passed" and "✔" or s.status == "skipped" and "-"
      or (s.status == "pending" or s.status == "undefined") and "?" or "✘"
    local status = (s.status ~= "passed" and s.status ~= "failed") and ("  (" .. tostring(s.status) .. ")") or ""
    lines[#lines + 1] = ("%s%s %s%s%s  %s"):format(pad, mark, text, status,
      s.background and "  (background)" or "", console.seconds(s.duration or 0))
    for _, a in ipairs(s.attachments or {}) do
      local shown = a.encoding == "IDENTITY" and a.body or ("(%s attachment%s)"):format(a.media_type,
        a.file_name and (" " .. a.file_name) or "")
      lines[#lines + 1] = pad .. "    attached: " .. shown
    end
    for _, line in ipairs(console.argument_lines(s)) do lines[#lines + 1] = pad .. "    " .. line end
  end
  for _, line in ipairs(case.output) do lines[#lines + 1] = line end
  if case.flaky then
    lines[#lines + 1] = ("flaky: passed on attempt %d after %d failed"):format(#case.attempts + 1, #case.attempts)
    for i, a in ipairs(case.attempts) do
      lines[#lines + 1] = ("attempt %d: %s"):format(i, a.failure and a.failure.message or a.status)
    end
  end
  for _, path in ipairs(case.artifacts or {}) do lines[#lines + 1] = "artifact: " .. path end
  return table.concat(lines, "\n")
end

local function failure_body(case)
  -- A merged shard's failed case may come without its failure.
  local f = case.failure or { message = case.status }
  local parts = { f.message }
  if f.where then parts[#parts + 1] = "at " .. f.where end
  if f.traceback then parts[#parts + 1] = f.traceback end
  if case.target then parts[#parts + 1] = "the target showed:\n" .. table.concat(case.target, "\n") end
  return table.concat(parts, "\n")
end

---True for a case that failed because of the infrastructure (the target was down): JUnit's `<error>`.
---@param case fscript.Case
---@return boolean
function M.is_error(case)
  return case.failure ~= nil and case.failure.kind == "infrastructure"
end

local function testcase(out, file, case, strict)
  local classname = file.path:gsub("%.lua$", ""):gsub("/", ".")
  out[#out + 1] = ("    <testcase %s>"):format(attrs({ "name", case.name, "classname", classname,
    "time", ("%.3f"):format(case.duration or 0) }))
  local outcome = M.outcome(case, strict)
  if outcome == "failure" or outcome == "error" then
    local f = case.failure or { message = case.status }
    local message = f.step and (f.step .. ": " .. f.message) or f.message
    local element = M.is_error(case) and "error" or "failure"
    out[#out + 1] = ("      <%s %s>%s</%s>"):format(element, attrs({ "message", message,
      "type", f.kind or (f.step and "step" or "error") }), M.escape(failure_body(case)), element)
  elseif outcome == "skipped" then
    local why = case.skip_reason or (case.status ~= "skipped" and case.status)
      or (case.failure and case.failure.message) or "skipped"
    out[#out + 1] = ("      <skipped %s/>"):format(attrs({ "message", why }))
  end
  out[#out + 1] = ("      <system-out>%s</system-out>"):format(M.escape(system_out(case)))
  out[#out + 1] = "    </testcase>"
end

-- Scenario info as the suite's <properties>, named "SCENARIO: KEY": junit-10.xsd allows properties on a
-- <testsuite> only, not on a <testcase>.
local function properties(out, cases)
  local lines = {}
  for _, case in ipairs(cases) do
    local keys = {}
    for key in pairs(case.info or {}) do keys[#keys + 1] = key end
    table.sort(keys)
    for _, key in ipairs(keys) do
      lines[#lines + 1] = ("      <property %s/>"):format(attrs({ "name", case.name .. ": " .. key,
        "value", tostring(case.info[key]) }))
    end
  end
  if #lines == 0 then return end
  out[#out + 1] = "    <properties>"
  for _, line in ipairs(lines) do out[#out + 1] = line end
  out[#out + 1] = "    </properties>"
end

---Renders the run as JUnit XML.
---@param run fscript.RunResult
---@return string
function M.render(run)
  local out = { '<?xml version="1.0" encoding="UTF-8"?>' }
  local all_failures, all_errors = 0, 0
  for _, file in ipairs(run.files) do
    local failures, errors = counts(file.cases, run.strict ~= false)
    all_failures, all_errors = all_failures + failures, all_errors + errors
  end
  -- The Jenkins xunit plugin's schema (junit-10.xsd) allows no `skipped` on <testsuites>; each <testsuite> has it.
  out[#out + 1] = ("<testsuites %s>"):format(attrs({ "name", "fscript", "tests", run.passed + run.failed + run.skipped,
    "failures", all_failures, "errors", all_errors, "time", ("%.3f"):format(run.duration) }))
  for _, file in ipairs(run.files) do
    local failures, errors, skipped, time = counts(file.cases, run.strict ~= false)
    out[#out + 1] = ("  <testsuite %s>"):format(attrs({ "name", file.path, "tests", #file.cases,
      "failures", failures, "errors", errors, "skipped", skipped, "time", ("%.3f"):format(time) }))
    properties(out, file.cases)
    for _, case in ipairs(file.cases) do testcase(out, file, case, run.strict ~= false) end
    out[#out + 1] = "  </testsuite>"
  end
  out[#out + 1] = "</testsuites>"
  return table.concat(out, "\n") .. "\n"
end

return M
