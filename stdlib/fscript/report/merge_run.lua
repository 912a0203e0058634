---The run a read Cucumber Messages stream describes (see `fscript.report.merge_reader`): from the messages it
---collected by id, the files, cases, attempts and steps with their results, in the shape
---`fscript.report.json`'s `load` gives. A `.feature` file's cases get their Gherkin record from the stream's
---`source`, parsed again; what the stream does not carry is made up as the reader's doc comment says.
local gherkin = require("fscript.gherkin.parser")
local features = require("fscript.gherkin.features")
local hooks_mod = require("fscript.run.hooks")
local util = require("fscript.util")

local M = {}

local TYPE_KEYWORDS = { Context = "Given", Action = "When", Outcome = "Then" }

-- Cucumber's order of step statuses, the worst last (a case has its worst step's).
local SEVERITY = { unknown = 0, passed = 1, skipped = 2, pending = 3, undefined = 4, ambiguous = 5, failed = 6 }

---Seconds from a message's timestamp or duration, nil when there is none.
---@param t any
---@return number?
function M.seconds(t)
  if type(t) ~= "table" then return nil end
  return (tonumber(t.seconds) or 0) + (tonumber(t.nanos) or 0) / 1e9
end
local seconds = M.seconds

---A hook's step record from its definition's item (the support code the stream listed), or a bare one.
---@param def? table the hook's item, nil when the stream named no such hook
---@param hook_id any
---@return fscript.StepResult
function M.hook_record(def, hook_id)
  if not def then return { keyword = "Hook", text = tostring(hook_id), depth = 0 } end
  local record = hooks_mod.record({ kind = def.hook, name = def.name, tags = def.tags, source = def.source,
    line = def.line })
  if def.outside then
    -- The hook that carried the case's outcome outside its steps, as the runner recorded it (`fscript.run.cases`).
    record.hook.outside = true
    record.hook.location = def.location
    record.definition = def.location
  end
  return record
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

-- A scenario step's record (its pickle step's text, keyword, line and argument) and, for a `.feature` case,
-- its plan entry (the step definitions it matched and their arguments) in `plan`.
local function scenario_step(s, test_step, pickle, j, gherkin_pickle, uri, plan)
  local ps = pickle.steps[j] or { text = "" }
  local gs = gherkin_pickle and gherkin_pickle.steps[j]
  local record = { keyword = gs and util.trim(gs.keyword) or TYPE_KEYWORDS[ps.type] or "*", text = ps.text,
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
  return record
end

-- A step record's result from its testStepFinished: status, duration, attachments, error and traceback.
local function put_result(s, record, got, test_step)
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
    record.error = require("fscript.steps.registry").ambiguous_message(util.trim(record.text), defs)
  end
  if not record.error and record.status == "failed" then record.error = "failed" end
  local exception = result.exception
  if type(exception) == "table" and exception.type == require("fscript.report.message").INFRASTRUCTURE_ERROR then
    record.error_kind = "infrastructure"
  end
  if type(exception) == "table" and type(exception.stackTrace) == "string" then
    -- The writer's stack trace is "Type: message", then the Lua traceback (see `fscript.report.message`).
    local head = ("%s: %s\n"):format(tostring(exception.type), tostring(exception.message))
    local trace = exception.stackTrace
    record.traceback = trace:sub(1, #head) == head and trace:sub(#head + 1) or trace
  end
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
        record = M.hook_record(s.hooks[test_step.hookId], test_step.hookId)
      else
        local j = pickle_step_at[test_step.pickleStepId] or 0
        record = scenario_step(s, test_step, pickle, j, gherkin_pickle, uri, plan)
      end
      put_result(s, record, got, test_step)
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
      traceback = worst.traceback, kind = worst.error_kind })
  end
  return case
end

-- A test case's record from its finished runs (the last one the case, the earlier ones its attempts).
local function case_of(s, runs, pickle, pickle_index, gherkin_pickle, uri)
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
  for _, a in ipairs(case.attempts or {}) do
    a.name, a.tags, a.pickle_index, a.gherkin = case.name, tags, pickle_index, case.gherkin
  end
  return case
end

-- The files of the run, in the order their first test case came, each with its cases that ran.
local function files_of(s)
  local files, by_uri, parsed, attempts_of = {}, {}, {}, {}
  for _, run in ipairs(s.run_order) do
    if run.finished_at then
      local list = attempts_of[run.case] or {}
      attempts_of[run.case] = list
      list[#list + 1] = run
    end
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
    local runs = attempts_of[test_case] or {}
    if #runs > 0 then
      rank = rank + 1
      local case = case_of(s, runs, pickle, pickle_index, pickle_index and doc.pickles[pickle_index], uri)
      case.index = pickle_index or (#file.cases + 1)
      case.rank = case.index
      case.stream_rank = rank
      for _, a in ipairs(case.attempts or {}) do a.index = case.index end
      file.cases[#file.cases + 1] = case
    end
  end
  -- The defined order is the order of the documents (the writer lists them so, whatever the run's --order).
  for _, file in ipairs(files) do file.defined = s.documents[file.path] end
  return files
end

---The run from a read stream's parts, files in the order their first test case came.
---@param s table what the reader collected: messages by id, test cases and their runs in order, support code,
---and the run's `finished`, `started_at`, `finished_at`, `success` and `exception` from testRunStarted/Finished
---@param name string the file, for the warning
---@return fscript.RunResult run
---@return nil
---@return string? warning
function M.build(s, name)
  local files = files_of(s)
  -- The files that did not load: a failed "(load)" case and the file's load error, as the run reported them.
  local order = s.parse_error_order or {}
  if s.exception and not s.parse_errors[s.exception_where or "(run)"] then
    -- The run stopped on an exception outside any test (support code that did not load, as cucumber-js's
    -- test-run exception): the file it names did not load, and the run failed (exit 2) as that run did.
    local uri = s.exception_where or "(run)"
    s.parse_errors[uri] = { s.exception }
    s.documents[uri] = s.documents[uri] or s.next_document()
    order = { uri }
    for _, other in ipairs(s.parse_error_order or {}) do order[#order + 1] = other end
  end
  for _, uri in ipairs(order) do
    local file
    for _, f in ipairs(files) do
      if f.path == uri then file = f end
    end
    if not file then
      -- In its place among the documents (a run loads its files in that order).
      file = { path = uri, cases = {}, source = s.sources[uri], defined = s.documents[uri] }
      local at = #files + 1
      for i = #files, 1, -1 do
        if (files[i].defined or 0) > (file.defined or 0) then at = i end
      end
      table.insert(files, at, file)
      for i, f in ipairs(files) do f.stream_order = i end
    end
    file.load_error = table.concat(s.parse_errors[uri], "\n")
    table.insert(file.cases, 1, { name = "(load)", tags = {}, index = 0, rank = 0, stream_rank = 0, script = true,
      status = "failed", steps = {}, output = {}, artifacts = {}, duration = 0,
      failure = require("fscript.failure").new({ message = file.load_error }) })
  end
  -- --no-strict is not in the stream; a run that succeeded with a pending or undefined step had it.
  local lenient = false
  for _, file in ipairs(files) do
    for _, case in ipairs(file.cases) do
      if case.status == "pending" or case.status == "undefined" then lenient = true end
    end
  end
  local run = { files = files, duration = math.max((s.finished_at or s.started_at or 0) - (s.started_at or 0), 0),
    interrupted = not s.finished, strict = not (s.finished and s.success and lenient), support = s.support,
    run_hooks = s.run_hook_order, started_at = s.started_at, finished_at = s.finished_at, exception = s.exception,
    exception_where = s.exception_where }
  for _, h in ipairs(s.run_hook_order) do
    if h.status == "failed" then run.run_hook_failed = true end
  end
  local warning
  if not s.finished then
    local unfinished = 0
    for _, r in ipairs(s.run_order) do
      if not r.finished_at then unfinished = unfinished + 1 end
    end
    warning = ("%s: the stream ends before its testRunFinished (the run was cut short): the reports show the %d "
      .. "test case runs it finished%s, and the run counts as interrupted"):format(name, #s.run_order - unfinished,
      unfinished > 0 and (", not the %d it started only"):format(unfinished) or "")
  end
  return run, nil, warning
end

return M
