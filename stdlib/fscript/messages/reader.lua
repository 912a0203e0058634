---Reads a Cucumber Messages stream (NDJSON, as `--report message:FILE` writes it) back into a run: the files,
---cases, attempts, steps and hooks with their results, attachments and support code, the shape
---`fscript.report.json`'s `load` gives, so `fscript merge-reports` renders every report from it.
---
---What a stream does not carry is left out or made up from what it does: fscript's artifacts, targets, output
---lines, `info` and nested steps (a step's own `step()` calls) are not in it; `--no-strict` is not either (a run
---that succeeded with pending or undefined steps had it, one that failed is taken as strict); a case's status is its worst
---step's, as cucumber's formatters compute it; an undefined step's error is "Undefined step: TEXT" (without the
---runner's "Did you mean" list), an ambiguous one's lists the definitions its test step names, a quiet
---`pending()`/`skip()` says "pending"/"skipped" (the stream writes no message for them); a failure's Lua traceback
---is the exception's stack trace; a Lua scenario's steps have no line (its pickle has no location). A `.feature` file's cases get their Gherkin record from the stream's `source`,
---parsed again, so cucumber's JSON report and the message stream written again carry every keyword and line.
local json = require("fscript.json")
local gherkin = require("fscript.gherkin")
local features = require("fscript.features")
local hooks_mod = require("fscript.hooks")
local util = require("fscript.util")

local M = {}

-- The message kinds of the protocol (an envelope holds exactly one).
local KINDS = {}
for _, kind in ipairs({ "meta", "source", "gherkinDocument", "pickle", "stepDefinition", "hook", "parameterType",
  "undefinedParameterType", "testRunStarted", "testRunHookStarted", "testRunHookFinished", "testCase",
  "testCaseStarted", "testStepStarted", "attachment", "testStepFinished", "testCaseFinished", "testRunFinished",
  "suggestion", "parseError", "externalAttachment" }) do KINDS[kind] = true end

local HOOK_KINDS = {}
for kind, type in pairs(hooks_mod.MESSAGE_TYPES) do HOOK_KINDS[type] = kind end

local TYPE_KEYWORDS = { Context = "Given", Action = "When", Outcome = "Then" }

-- Cucumber's order of step statuses, the worst last (a case has its worst step's).
local SEVERITY = { unknown = 0, passed = 1, skipped = 2, pending = 3, undefined = 4, ambiguous = 5, failed = 6 }

local function seconds(t)
  if type(t) ~= "table" then return nil end
  return (tonumber(t.seconds) or 0) + (tonumber(t.nanos) or 0) / 1e9
end

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

-- A `.feature` source parsed again: its pickles in `gherkin.pickles` order and each one's index by line (a
-- pickle's location is its scenario's line, or its Examples row's, one per pickle of a document).
local function parse_source(uri, text)
  local doc, errors = gherkin.parse(text, { markdown = uri:match("%.feature%.md$") ~= nil })
  if #errors > 0 then return nil end
  local ok, pickles = pcall(gherkin.pickles, doc)
  if not ok then return nil end
  local by_line = {}
  for i, p in ipairs(pickles) do by_line[p.line] = i end
  return { pickles = pickles, by_line = by_line }
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

-- A match group as the runner records it: plain tables (the writer makes the messages' objects again).
local function group_of(g)
  if type(g) ~= "table" then return {} end
  local out = { start = math.tointeger(g.start) or g.start, value = g.value }
  if type(g.children) == "table" and #g.children > 0 then
    out.children = {}
    for i, child in ipairs(g.children) do out.children[i] = group_of(child) end
  end
  return out
end

local function match_arguments(list)
  local out = {}
  for i, a in ipairs(type(list) == "table" and list.stepMatchArguments or {}) do
    out[i] = { group = group_of(a.group), parameterTypeName = a.parameterTypeName }
  end
  return out
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
  local s = { sources = {}, documents = {}, pickles = {}, definitions = {}, hooks = {}, cases = {}, case_order = {},
    runs = {}, run_order = {}, run_hooks = {}, run_hook_order = {}, support = { definitions = {},
      parameter_types = {}, undefined_parameter_types = {} }, suggestions = {} }
  local documents = 0
  function s.next_document()
    documents = documents + 1
    return documents
  end
  local finished, started_at, finished_at, exception, count = false, nil, nil, nil, 0
  local n = 0
  -- A last line without its newline that does not parse is a write cut short (the run was killed mid-line):
  -- the stream ends before it.
  local partial = text:match("\n([^\n]+)$")
  local cut_line
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    if line:find("%S") then
      local envelope, err, kind = envelope_of(line)
      if not envelope and count > 0 and line == partial and n == select(2, text:gsub("\n", "")) + 1 then
        cut_line = n
        break
      end
      if not envelope then
        if count == 0 then
          return nil, ("%s:%d: not a Cucumber Messages stream: %s; give a file --report message:FILE wrote")
            :format(name, n, err)
        end
        return nil, ("%s:%d: %s"):format(name, n, err)
      end
      count = count + 1
      local m = envelope[kind]
      local function need(field, want)
        if type(m[field]) ~= want then
          error({ reader = ("%s:%d: %s.%s is %s, expected a %s"):format(name, n, kind, field, type(m[field]), want) })
        end
      end
      local ok, problem = pcall(function()
        if kind == "source" then
          need("uri", "string")
          need("data", "string")
          s.sources[m.uri] = m.data
          s.documents[m.uri] = s.documents[m.uri] or s.next_document()
        elseif kind == "pickle" then
          need("id", "string")
          need("uri", "string")
          need("steps", "table")
          s.pickles[m.id] = m
          s.documents[m.uri] = s.documents[m.uri] or s.next_document()
        elseif kind == "stepDefinition" or kind == "hook" then
          need("id", "string")
          local location, source, at = location_of(m.sourceReference)
          local item = { location = location or ("?:" .. m.id), source = source, line = at,
            seq = #s.support.definitions + 1 }
          if kind == "stepDefinition" then
            need("pattern", "table")
            item.step, item.pattern = true, m.pattern.source
            item.regex = m.pattern.type == "REGULAR_EXPRESSION" or nil
            s.definitions[m.id] = item
          else
            item.hook, item.name, item.tags = HOOK_KINDS[m.type], m.name, m.tagExpression
            if not item.hook then
              error({ reader = ("%s:%d: hook.type %s is not a hook type"):format(name, n, tostring(m.type)) })
            end
            s.hooks[m.id] = item
          end
          s.support.definitions[#s.support.definitions + 1] = item
        elseif kind == "parameterType" then
          local _, source, at = location_of(m.sourceReference)
          s.support.parameter_types[#s.support.parameter_types + 1] = { name = m.name,
            regexps = m.regularExpressions, prefer = m.preferForRegularExpressionMatch == true,
            snippets = m.useForSnippets ~= false, source = source, line = at }
        elseif kind == "undefinedParameterType" then
          s.support.undefined_parameter_types[#s.support.undefined_parameter_types + 1] = { name = m.name,
            expression = m.expression }
        elseif kind == "testRunStarted" then
          started_at = seconds(m.timestamp)
        elseif kind == "testRunHookStarted" then
          need("id", "string")
          local def = s.hooks[m.hookId]
          local record = def and hooks_mod.record({ kind = def.hook, name = def.name, tags = def.tags,
            source = def.source, line = def.line }) or { keyword = "Hook", text = tostring(m.hookId), depth = 0 }
          record.started_at, record.status, record.attachments = seconds(m.timestamp), "unknown", nil
          s.run_hooks[m.id] = record
          s.run_hook_order[#s.run_hook_order + 1] = record
        elseif kind == "testRunHookFinished" then
          local record = s.run_hooks[m.testRunHookStartedId]
          if not record then
            error({ reader = ("%s:%d: testRunHookFinished names no testRunHookStarted (%s)"):format(name, n,
              tostring(m.testRunHookStartedId)) })
          end
          local result = m.result or {}
          record.status = type(result.status) == "string" and result.status:lower() or "unknown"
          record.duration = seconds(result.duration) or 0
          record.error = result.message or (type(result.exception) == "table" and result.exception.message) or nil
        elseif kind == "testCase" then
          need("id", "string")
          need("testSteps", "table")
          if not s.pickles[m.pickleId] then
            error({ reader = ("%s:%d: testCase %s names no pickle before it (%s)"):format(name, n, m.id,
              tostring(m.pickleId)) })
          end
          s.cases[m.id] = m
          s.case_order[#s.case_order + 1] = m
        elseif kind == "testCaseStarted" then
          need("id", "string")
          local case = s.cases[m.testCaseId]
          if not case then
            error({ reader = ("%s:%d: testCaseStarted names no testCase (%s)"):format(name, n,
              tostring(m.testCaseId)) })
          end
          local run = { case = case, attempt = math.tointeger(m.attempt) or 0, started_at = seconds(m.timestamp),
            steps = {}, attachments = nil }
          s.runs[m.id] = run
          s.run_order[#s.run_order + 1] = run
        elseif kind == "testStepStarted" or kind == "testStepFinished" then
          local run = s.runs[m.testCaseStartedId]
          if not run then
            error({ reader = ("%s:%d: %s names no testCaseStarted (%s)"):format(name, n, kind,
              tostring(m.testCaseStartedId)) })
          end
          local step = run.steps[m.testStepId] or {}
          run.steps[m.testStepId] = step
          if kind == "testStepStarted" then
            step.started_at = seconds(m.timestamp)
          else
            need("testStepResult", "table")
            step.result = m.testStepResult
          end
        elseif kind == "attachment" then
          local a = attachment_record(m)
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
            target.attachments[#target.attachments + 1] = a
          end
        elseif kind == "suggestion" then
          local list = {}
          for i, snippet in ipairs(m.snippets or {}) do list[i] = snippet.code end
          s.suggestions[m.pickleStepId] = list
        elseif kind == "testCaseFinished" then
          local run = s.runs[m.testCaseStartedId]
          if not run then
            error({ reader = ("%s:%d: testCaseFinished names no testCaseStarted (%s)"):format(name, n,
              tostring(m.testCaseStartedId)) })
          end
          run.finished_at = seconds(m.timestamp)
          run.will_be_retried = m.willBeRetried == true
        elseif kind == "testRunFinished" then
          finished, finished_at = true, seconds(m.timestamp)
          s.success = m.success == true
          exception = m.message or (type(m.exception) == "table" and m.exception.message) or nil
        end
      end)
      if not ok then
        if type(problem) == "table" and problem.reader then return nil, problem.reader end
        error(problem, 0)
      end
    end
  end
  if count == 0 then
    return nil, ("%s: empty, not a Cucumber Messages stream; give a file --report message:FILE wrote"):format(name)
  end
  -- Messages that each parse but do not fit together (a step list that is no list, …) are the file's fault too.
  local ok, run, err, warning = pcall(M.build, s, name, finished, started_at, finished_at, exception)
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

-- The step records of one attempt of a case, in its test steps' order, and the case's plan (a `.feature`
-- case's step definitions and match arguments by pickle step).
local function steps_of(s, run, pickle, gherkin_pickle, uri)
  local steps, plan = {}, gherkin_pickle and {} or nil
  local pickle_step_at = {}
  for j, ps in ipairs(pickle.steps) do pickle_step_at[ps.id] = j end
  for _, test_step in ipairs(run.case.testSteps) do
    local got = run.steps[test_step.id]
    if got and got.result then
      local record
      if test_step.hookId then
        local def = s.hooks[test_step.hookId]
        record = def and hooks_mod.record({ kind = def.hook, name = def.name, tags = def.tags, source = def.source,
          line = def.line }) or { keyword = "Hook", text = tostring(test_step.hookId), depth = 0 }
      else
        local j = pickle_step_at[test_step.pickleStepId] or 0
        local ps = pickle.steps[j] or { text = "" }
        local gs = gherkin_pickle and gherkin_pickle.steps[j]
        record = { keyword = gs and util.trim(gs.keyword) or TYPE_KEYWORDS[ps.type] or "*", text = ps.text,
          depth = 0, where = gs and ("%s:%d"):format(uri, gs.line) or nil, background = gs and gs.background or nil,
          pickle_step = gherkin_pickle and j or nil, snippets = s.suggestions[test_step.pickleStepId] }
        local argument = type(ps.argument) == "table" and ps.argument or {}
        if type(argument.dataTable) == "table" then
          local rows = {}
          for r, row in ipairs(argument.dataTable.rows or {}) do
            local cells = {}
            for c, cell in ipairs(row.cells or {}) do cells[c] = cell.value end
            rows[r] = cells
          end
          record.data_table = rows
        end
        if type(argument.docString) == "table" then record.doc_string = argument.docString.content end
        local definitions, arguments = {}, {}
        for k, id in ipairs(test_step.stepDefinitionIds or {}) do
          definitions[k] = s.definitions[id] and s.definitions[id].location or tostring(id)
          arguments[k] = match_arguments((test_step.stepMatchArgumentsLists or {})[k])
        end
        record.definition = #definitions == 1 and definitions[1] or nil
        if plan then plan[j] = { definitions = definitions, arguments = arguments } end
      end
      local result = got.result
      record.status = type(result.status) == "string" and result.status:lower() or "unknown"
      record.duration = seconds(result.duration) or 0
      record.started_at = got.started_at
      record.attachments = got.attachments
      record.error = result.message or (type(result.exception) == "table" and result.exception.message) or nil
      if not record.error and record.status == "undefined" then record.error = "Undefined step: " .. record.text end
      if not record.error and record.status == "ambiguous" then
        local defs = {}
        for k, id in ipairs(test_step.stepDefinitionIds or {}) do
          defs[k] = s.definitions[id] or { pattern = "?", location = tostring(id) }
        end
        record.error = require("fscript.steps").ambiguous_message(util.trim(record.text), defs)
      end
      if not record.error and record.status == "failed" then record.error = "failed" end
      local exception = result.exception
      if type(exception) == "table" and type(exception.stackTrace) == "string" then
        -- The writer's stack trace is "Type: message", then the Lua traceback (see `fscript.report.message`).
        local head = ("%s: %s\n"):format(tostring(exception.type), tostring(exception.message))
        local trace = exception.stackTrace
        record.traceback = trace:sub(1, #head) == head and trace:sub(#head + 1) or trace
      end
      steps[#steps + 1] = record
    end
  end
  return steps, plan
end

-- A case record for one attempt: status its worst step's, its failure that step's error.
local function attempt_record(run, steps)
  local worst
  for _, step in ipairs(steps) do
    if not worst or (SEVERITY[step.status] or 0) > (SEVERITY[worst.status] or 0) then worst = step end
  end
  local status = worst and worst.status or "passed"
  if status == "unknown" then status = "passed" end
  -- A step that ended pending or skipped on its own says so (`pending()` and `skip()` without a message are
  -- quiet in the stream); it is the first step with the case's status.
  if worst and (status == "pending" or status == "skipped") and not worst.error then
    worst.error, worst.quiet = status, true
  end
  local case = { steps = steps, status = status, started_at = run.started_at, attempt = run.attempt,
    duration = math.max((run.finished_at or run.started_at or 0) - (run.started_at or 0), 0),
    attachments = run.attachments, will_be_retried = run.will_be_retried or nil, output = {}, artifacts = {} }
  if status ~= "passed" and worst then
    case.failure = require("fscript.failure").new({ message = worst.error or status,
      step = worst.hook and worst.text or (worst.keyword .. " " .. worst.text), where = worst.where,
      traceback = worst.traceback })
  end
  return case
end

---The run from a read stream's parts (see `M.load`), files in the order their first test case came.
---@param s table what `M.load` collected: messages by id, test cases and their runs in order, support code
---@param name string the file, for the warning
---@param finished boolean whether the stream had its testRunFinished
---@param started_at? number seconds (testRunStarted)
---@param finished_at? number seconds (testRunFinished)
---@param exception? string testRunFinished's message
---@return fscript.RunResult run
---@return nil
---@return string? warning
function M.build(s, name, finished, started_at, finished_at, exception)
  local files, by_uri, parsed = {}, {}, {}
  local attempts_of = {}
  for _, run in ipairs(s.run_order) do
    if run.finished_at then
      local list = attempts_of[run.case] or {}
      attempts_of[run.case] = list
      list[#list + 1] = run
    end
  end
  local unfinished = 0
  for _, run in ipairs(s.run_order) do
    if not run.finished_at then unfinished = unfinished + 1 end
  end
  local rank = 0
  for _, test_case in ipairs(s.case_order) do
    local pickle = s.pickles[test_case.pickleId]
    local uri = pickle.uri
    local file = by_uri[uri]
    if not file then
      file = { path = uri, cases = {}, stream_order = #files + 1, source = s.sources[uri] }
      by_uri[uri] = file
      files[#files + 1] = file
    end
    if parsed[uri] == nil then parsed[uri] = s.sources[uri] and parse_source(uri, s.sources[uri]) or false end
    local doc = parsed[uri]
    local pickle_index = doc and type(pickle.location) == "table" and doc.by_line[pickle.location.line] or nil
    local gherkin_pickle = pickle_index and doc.pickles[pickle_index]
    local runs = attempts_of[test_case] or {}
    if #runs > 0 then
      rank = rank + 1
      local records = {}
      for i, run in ipairs(runs) do
        local steps, run_plan = steps_of(s, run, pickle, gherkin_pickle, uri)
        records[i] = attempt_record(run, steps)
        records[i].plan = run_plan
      end
      local case = records[#records]
      if #records > 1 then
        case.attempts = {}
        for i = 1, #records - 1 do case.attempts[i] = records[i] end
        case.flaky = case.status == "passed" or nil
      end
      local tags = {}
      for i, tag in ipairs(pickle.tags or {}) do tags[i] = tostring(tag.name):gsub("^@", "") end
      case.tags = tags
      case.name = gherkin_pickle and features.case_name(gherkin_pickle) or pickle.name
      case.pickle_index = pickle_index
      case.gherkin = gherkin_pickle and features.gherkin_record(uri, gherkin_pickle) or nil
      case.index = pickle_index or (#file.cases + 1)
      case.rank = case.index
      case.stream_rank = rank
      for _, a in ipairs(case.attempts or {}) do
        a.name, a.tags, a.pickle_index, a.gherkin, a.index = case.name, tags, pickle_index, case.gherkin, case.index
      end
      file.cases[#file.cases + 1] = case
    end
  end
  -- The defined order is the order of the documents (the writer lists them so, whatever the run's --order).
  for _, file in ipairs(files) do file.defined = s.documents[file.path] end
  -- --no-strict is not in the stream; a run that succeeded with a pending or undefined step had it.
  local lenient = false
  for _, file in ipairs(files) do
    for _, case in ipairs(file.cases) do
      if case.status == "pending" or case.status == "undefined" then lenient = true end
    end
  end
  local run = { files = files, duration = math.max((finished_at or started_at or 0) - (started_at or 0), 0),
    interrupted = not finished, strict = not (finished and s.success and lenient), support = s.support, run_hooks = s.run_hook_order,
    started_at = started_at, finished_at = finished_at, exception = exception }
  for _, h in ipairs(s.run_hook_order) do
    if h.status == "failed" then run.run_hook_failed = true end
  end
  local warning
  if not finished then
    warning = ("%s: the stream ends before its testRunFinished (the run was cut short): the reports show the %d "
      .. "test case runs it finished%s, and the run counts as interrupted"):format(name, #s.run_order - unfinished,
      unfinished > 0 and (", not the %d it started only"):format(unfinished) or "")
  end
  return run, nil, warning
end

return M
