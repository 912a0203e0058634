---Reads a Cucumber Messages stream (NDJSON, as `--report message:FILE` writes it) back into a run: the files,
---cases, attempts, steps and hooks with their results, attachments and support code, the shape
---`fscript.report.json`'s `load` gives, so `fscript merge-reports` renders every report from it. This module
---reads the lines and collects each message by kind; `fscript.report.merge_run` makes the run from them.
---
---What a stream does not carry is left out or made up from what it does: fscript's artifacts, targets, output
---lines, `info` and nested steps (a step's own `step()` calls) are not in it; `--no-strict` is not either (a run
---that succeeded with pending or undefined steps had it, one that failed is taken as strict); a case's status is
---its worst step's, as cucumber's formatters compute it; an undefined step's error is "Undefined step: TEXT"
---(without the runner's "Did you mean" list), an ambiguous one's lists the definitions its test step names, a
---quiet `pending()`/`skip()` says "pending"/"skipped" (the stream writes no message for them); a failure's Lua
---traceback is the exception's stack trace; a Lua scenario's steps have no line (its pickle has no location). A
---`.feature` file's cases get their Gherkin record from the stream's `source`, parsed again, so cucumber's JSON
---report and the message stream written again carry every keyword and line.
local json = require("fscript.json")
local hooks_mod = require("fscript.run.hooks")
local run_of = require("fscript.report.merge_run")

local M = {}

-- The message kinds of the protocol (an envelope holds exactly one).
local KINDS = {}
for _, kind in ipairs({ "meta", "source", "gherkinDocument", "pickle", "stepDefinition", "hook", "parameterType",
  "undefinedParameterType", "testRunStarted", "testRunHookStarted", "testRunHookFinished", "testCase",
  "testCaseStarted", "testStepStarted", "attachment", "testStepFinished", "testCaseFinished", "testRunFinished",
  "suggestion", "parseError", "externalAttachment" }) do KINDS[kind] = true end

local HOOK_KINDS = {}
for kind, type in pairs(hooks_mod.MESSAGE_TYPES) do HOOK_KINDS[type] = kind end

local seconds = run_of.seconds

-- The envelope a line holds, or why it is none.
local function envelope_of(line)
  local ok, value, err = pcall(json.decode, line)
  if not ok or value == nil then
    return nil, ("not JSON (%s)"):format((tostring(ok and err or value):gsub("\n.*", "")))
  end
  if type(value) ~= "table" then return nil, "not a JSON object" end
  local kind, count = nil, 0
  for k in pairs(value) do
    count = count + 1
    kind = k
  end
  if count ~= 1 or not KINDS[kind] or type(value[kind]) ~= "table" then
    return nil, "not a Cucumber Messages envelope (an object holding one message, e.g. {\"meta\":{…}})"
  end
  return value, nil, kind
end

---True when `text` looks like a message stream: its first non-blank line is an envelope (a JSON report starts
---with its own object).
---@param text string
---@return boolean
function M.is_stream(text)
  local first = text:match("^%s*([^\n]+)")
  return first ~= nil and envelope_of(first) ~= nil
end

local function location_of(ref)
  if type(ref) ~= "table" or type(ref.uri) ~= "string" then return nil end
  local line = type(ref.location) == "table" and math.tointeger(ref.location.line) or 0
  return ("%s:%d"):format(ref.uri, line), ref.uri, line
end

local function attachment_record(a)
  return { body = a.body, encoding = a.contentEncoding, media_type = a.mediaType, file_name = a.fileName,
    at = seconds(a.timestamp) }
end

-- Raises a reader error: what is wrong with the message on the current line (`FILE:LINE: …`).
local function fail(s, text)
  error({ reader = ("%s:%d: %s"):format(s.name, s.line, text) })
end

-- Raises unless the message's field has the type wanted.
local function need(s, m, field, want)
  if type(m[field]) ~= want then
    fail(s, ("%s.%s is %s, expected a %s"):format(s.kind, field, type(m[field]), want))
  end
end

-- What each kind of message adds to the collected parts `s`, by kind; kinds without a handler are skipped.
local HANDLERS = {}

function HANDLERS.source(s, m)
  need(s, m, "uri", "string")
  need(s, m, "data", "string")
  s.sources[m.uri] = m.data
  s.documents[m.uri] = s.documents[m.uri] or s.next_document()
end

function HANDLERS.pickle(s, m)
  need(s, m, "id", "string")
  need(s, m, "uri", "string")
  need(s, m, "steps", "table")
  s.pickles[m.id] = m
  s.documents[m.uri] = s.documents[m.uri] or s.next_document()
end

-- A step definition's or hook's item of the support code, in definition order.
local function support_item(s, m)
  need(s, m, "id", "string")
  local location, source, at = location_of(m.sourceReference)
  local item = { location = location or ("?:" .. m.id), source = source, line = at,
    seq = #s.support.definitions + 1 }
  s.support.definitions[#s.support.definitions + 1] = item
  return item
end

function HANDLERS.stepDefinition(s, m)
  local item = support_item(s, m)
  need(s, m, "pattern", "table")
  item.step, item.pattern = true, m.pattern.source
  item.regex = m.pattern.type == "REGULAR_EXPRESSION" or nil
  s.definitions[m.id] = item
end

function HANDLERS.hook(s, m)
  local item = support_item(s, m)
  item.hook, item.name, item.tags = HOOK_KINDS[m.type], m.name, m.tagExpression
  if not item.hook then fail(s, ("hook.type %s is not a hook type"):format(tostring(m.type))) end
  s.hooks[m.id] = item
  if m.name == require("fscript.run.cases").OUTSIDE_STEPS then
    -- The hook that carries a case's outcome outside its steps (`fscript.run.cases`): no support code of the run
    -- (the writer makes it again from the cases).
    item.outside = true
    s.support.definitions[#s.support.definitions] = nil
  end
end

-- A file that does not parse (a `.feature` file's Gherkin, or a Lua file fscript could not load): the run failed
-- to load it; `run_of` makes it the file's load error, as the run reported it (exit 2).
function HANDLERS.parseError(s, m)
  local source = type(m.source) == "table" and m.source or {}
  local uri = type(source.uri) == "string" and source.uri or "?"
  local message = tostring(m.message or "does not parse")
  -- cucumber's Gherkin message is "(LINE:COLUMN): what"; the run says "FILE:LINE:COLUMN: what".
  local line, column, said = message:match("^%((%d+):(%d+)%): (.*)$")
  if line then message = ("%s:%d:%d: %s"):format(uri, tonumber(line), tonumber(column), said) end
  local list = s.parse_errors[uri]
  if not list then
    list = {}
    s.parse_errors[uri] = list
    s.parse_error_order[#s.parse_error_order + 1] = uri
    s.documents[uri] = s.documents[uri] or s.next_document()
  end
  list[#list + 1] = message
end

function HANDLERS.parameterType(s, m)
  local _, source, at = location_of(m.sourceReference)
  s.support.parameter_types[#s.support.parameter_types + 1] = { name = m.name,
    regexps = m.regularExpressions, prefer = m.preferForRegularExpressionMatch == true,
    snippets = m.useForSnippets ~= false, source = source, line = at }
end

function HANDLERS.undefinedParameterType(s, m)
  s.support.undefined_parameter_types[#s.support.undefined_parameter_types + 1] = { name = m.name,
    expression = m.expression }
end

function HANDLERS.testRunStarted(s, m)
  s.started_at = seconds(m.timestamp)
end

function HANDLERS.testRunHookStarted(s, m)
  need(s, m, "id", "string")
  local record = run_of.hook_record(s.hooks[m.hookId], m.hookId)
  record.started_at, record.status, record.attachments = seconds(m.timestamp), "unknown", nil
  s.run_hooks[m.id] = record
  s.run_hook_order[#s.run_hook_order + 1] = record
end

function HANDLERS.testRunHookFinished(s, m)
  local record = s.run_hooks[m.testRunHookStartedId]
  if not record then
    fail(s, ("testRunHookFinished names no testRunHookStarted (%s)"):format(tostring(m.testRunHookStartedId)))
  end
  local result = m.result or {}
  record.status = type(result.status) == "string" and result.status:lower() or "unknown"
  record.duration = seconds(result.duration) or 0
  record.error = result.message or (type(result.exception) == "table" and result.exception.message) or nil
end

function HANDLERS.testCase(s, m)
  need(s, m, "id", "string")
  need(s, m, "testSteps", "table")
  if not s.pickles[m.pickleId] then
    fail(s, ("testCase %s names no pickle before it (%s)"):format(m.id, tostring(m.pickleId)))
  end
  -- A repeated envelope (the same id again: a stream written twice into one file) is one test case, as cucumber's
  -- query keys them by id; only the first counts.
  if s.cases[m.id] then return end
  s.cases[m.id] = m
  s.case_order[#s.case_order + 1] = m
end

function HANDLERS.testCaseStarted(s, m)
  need(s, m, "id", "string")
  if s.runs[m.id] then return end
  local case = s.cases[m.testCaseId]
  if not case then fail(s, ("testCaseStarted names no testCase (%s)"):format(tostring(m.testCaseId))) end
  local run = { case = case, attempt = math.tointeger(m.attempt) or 0, started_at = seconds(m.timestamp),
    steps = {}, attachments = nil }
  s.runs[m.id] = run
  s.run_order[#s.run_order + 1] = run
end

-- The attempt a message names by its testCaseStartedId.
local function run_named(s, m)
  local run = s.runs[m.testCaseStartedId]
  if not run then
    fail(s, ("%s names no testCaseStarted (%s)"):format(s.kind, tostring(m.testCaseStartedId)))
  end
  return run
end

-- The step of an attempt a message names, made on first mention.
local function step_named(s, m)
  local run = run_named(s, m)
  local step = run.steps[m.testStepId] or {}
  run.steps[m.testStepId] = step
  return step
end

function HANDLERS.testStepStarted(s, m)
  step_named(s, m).started_at = seconds(m.timestamp)
end

function HANDLERS.testStepFinished(s, m)
  local step = step_named(s, m)
  need(s, m, "testStepResult", "table")
  step.result = m.testStepResult
end

function HANDLERS.attachment(s, m)
  local target
  if m.testRunHookStartedId then
    target = s.run_hooks[m.testRunHookStartedId]
  elseif m.testCaseStartedId then
    local run = s.runs[m.testCaseStartedId]
    if run and m.testStepId then
      run.steps[m.testStepId] = run.steps[m.testStepId] or {}
      target = run.steps[m.testStepId]
    else
      target = run
    end
  end
  if target then
    target.attachments = target.attachments or {}
    target.attachments[#target.attachments + 1] = attachment_record(m)
  end
end

function HANDLERS.suggestion(s, m)
  local list = {}
  for i, snippet in ipairs(m.snippets or {}) do list[i] = snippet.code end
  s.suggestions[m.pickleStepId] = list
end

function HANDLERS.testCaseFinished(s, m)
  local run = run_named(s, m)
  run.finished_at = seconds(m.timestamp)
  run.will_be_retried = m.willBeRetried == true
end

function HANDLERS.testRunFinished(s, m)
  s.finished, s.finished_at = true, seconds(m.timestamp)
  s.success = m.success == true
  s.exception = m.message or (type(m.exception) == "table" and m.exception.message) or nil
  -- Where it happened: the stack trace's second line ("Type: message", then FILE:LINE or FILE).
  local trace = type(m.exception) == "table" and type(m.exception.stackTrace) == "string" and m.exception.stackTrace
  local at = trace and trace:match("^[^\n]*\n([^\n]+)")
  if at then s.exception_where = at:match("^(.-):%d+$") or at end
end

-- The parts a stream's messages are collected into, by id and in order.
local function new_parts(name)
  local s = { name = name, line = 0, finished = false, sources = {}, documents = {}, pickles = {},
    definitions = {}, hooks = {}, cases = {}, case_order = {}, runs = {}, run_order = {}, run_hooks = {},
    run_hook_order = {}, support = { definitions = {}, parameter_types = {}, undefined_parameter_types = {} },
    suggestions = {}, parse_errors = {}, parse_error_order = {} }
  local documents = 0
  function s.next_document()
    documents = documents + 1
    return documents
  end
  return s
end

-- Reads the lines into `s`. Returns the number of messages and the line cut short (a last line without its
-- newline that does not parse: the run was killed mid-line, the stream ends before it), or nil and the error.
local function collect(s, text)
  local count, partial = 0, text:match("\n([^\n]+)$")
  local lines = select(2, text:gsub("\n", "")) + 1
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    s.line = s.line + 1
    if line:find("%S") then
      local envelope, err, kind = envelope_of(line)
      if not envelope and count > 0 and line == partial and s.line == lines then return count, s.line end
      if not envelope then
        if count == 0 then
          return nil, ("%s:%d: not a Cucumber Messages stream: %s; give a file --report message:FILE wrote")
            :format(s.name, s.line, err)
        end
        return nil, ("%s:%d: %s"):format(s.name, s.line, err)
      end
      count = count + 1
      s.kind = kind
      local handler = HANDLERS[kind]
      local ok, problem = pcall(function() if handler then handler(s, envelope[kind]) end end)
      if not ok then
        if type(problem) == "table" and problem.reader then return nil, problem.reader end
        error(problem, 0)
      end
    end
  end
  return count, nil
end

---Reads one stream. Returns the run, or nil and what is wrong (`FILE:LINE: …`); a stream without its
---testRunFinished (a run cut short) still reads, as cucumber's formatters render what arrived: the run is marked
---interrupted and the third result says so.
---@param text string
---@param name string the file it came from, for messages
---@return fscript.RunResult? run
---@return string? error
---@return string? warning
function M.load(text, name)
  local s = new_parts(name)
  local count, cut_line = collect(s, text)
  if count == nil then return nil, cut_line end
  if count == 0 then
    return nil, ("%s: empty, not a Cucumber Messages stream; give a file --report message:FILE wrote"):format(name)
  end
  -- Messages that each parse but do not fit together (a step list that is no list, …) are the file's fault too.
  local ok, run, err, warning = pcall(run_of.build, s, name)
  if ok and run and cut_line then
    warning = ("%s:%d: the last line is cut short (no newline, not JSON), left out; %s"):format(name, cut_line,
      warning or "")
  end
  if not ok then
    return nil, ("%s: the messages do not fit together as a run (%s); give a stream --report message:FILE wrote")
      :format(name, tostring(run))
  end
  return run, err, warning
end

return M
