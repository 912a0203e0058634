---Cucumber Messages (`--report message:FILE`, `message:-`): the run as the NDJSON stream cucumber's own
---implementations write and cucumber's tools read (the HTML formatter, the JSON and JUnit formatters, CI
---plugins). Rendered after the run from its records, like every other report, so a serial run, a `--jobs` run's
---parent and `fscript merge-reports` write the same stream (ids, timestamps and durations aside).
---
---The order is cucumber-js's: meta; per file its source, gherkinDocument and pickles (from
---`fscript.events.gherkin`; a Lua scenario is a pickle without a document, its steps the steps it ran);
---the custom parameter types; step definitions and hooks in definition order; undefined parameter types;
---testRunStarted; BeforeAll hooks; every testCase; each attempt of each case (testCaseStarted, per step
---testStepStarted, its attachments, testStepFinished; testCaseFinished); AfterAll hooks; testRunFinished.
local json = require("fscript.json")
local util = require("fscript.util")
local features = require("fscript.gherkin.features")
local hooks_mod = require("fscript.run.hooks")
local meta = require("fscript.events.meta")

local M = {}

-- The messages protocol version this writer follows: the one the Compatibility Kit 31's expected streams were
-- written with, whose shapes `scripts/cck` compares.
M.PROTOCOL_VERSION = "34.2.1"

local function timestamp(seconds)
  seconds = seconds or 0
  local whole = math.floor(seconds)
  return { seconds = whole, nanos = math.floor((seconds - whole) * 1e9) }
end

local function duration(seconds)
  return timestamp(math.max(seconds or 0, 0))
end

-- "file:line" → uri and line.
local function reference(source, line)
  return { uri = source, location = { line = line or 0 } }
end

local STEP_TYPES = { Given = "Context", When = "Action", Then = "Outcome" }

-- What a test step is across a case's attempts: a hook by its definition, a `.feature` step by its pickle step,
-- a Lua scenario's step by its place among the steps it ran. Returns the attempt's test steps and their keys.
local function keyed_steps(attempt)
  local steps, keys, lua = {}, {}, 0
  for _, step in ipairs(M.top_steps(attempt)) do
    local key
    if step.hook then
      key = "hook " .. M.hook_key(step.hook)
    elseif step.pickle_step then
      key = "pickle " .. tostring(step.pickle_step)
    else
      lua = lua + 1
      key = "lua " .. lua
    end
    steps[#steps + 1], keys[#keys + 1] = step, key
  end
  return steps, keys
end

-- The test steps of a case: those of every attempt (an attempt that failed outside its steps has a hook the
-- others do not), each once, in the order they ran; and their keys.
local function test_steps_of(case)
  local attempts = { case }
  for _, a in ipairs(case.attempts or {}) do attempts[#attempts + 1] = a end
  local steps, keys = keyed_steps(case)
  for i = 2, #attempts do
    local more, more_keys = keyed_steps(attempts[i])
    local after = 0 -- where the last step this attempt shares with the list is
    for j, key in ipairs(more_keys) do
      local at
      for k, known in ipairs(keys) do
        if known == key then at = k end
      end
      if at then
        after = at
      else
        table.insert(steps, after + 1, more[j])
        table.insert(keys, after + 1, key)
        after = after + 1
      end
    end
  end
  return steps, keys
end

---The steps of a case that are test steps: hooks and the case's own top-level steps.
---@param case fscript.Case
---@return fscript.StepResult[]
function M.top_steps(case)
  local list = {}
  for _, step in ipairs(case.steps or {}) do
    if (step.depth or 0) == 0 then list[#list + 1] = step end
  end
  return list
end

-- Whether a case ran (a case a filter, an interrupt or a failed BeforeAll kept from running has no test case;
-- a file that did not load has none either).
local function ran(case)
  return case.started_at ~= nil and not case.skip_reason and case.name ~= "(load)"
end

local EXCEPTION_TYPES = { pending = "PendingException", skipped = "SkippedException" }

---The exception type of a failure that is the infrastructure's (the target went down, a `--jobs` worker died or
---did not send its result back), not the test's: what a stream read back (merge-reports) makes exit 2 again.
M.INFRASTRUCTURE_ERROR = "InfrastructureError"

---An error as the messages' message and exception. Lua puts the raising line before the message
---(`steps.lua:3: boom`): the message is what was raised, the line goes to the stack trace, as a JavaScript
---error's message and stack are apart.
---@param text string
---@param kind string the exception's type
---@param where? string where it happened, when the text does not say
---@param traceback? string
---@return string message
---@return table exception
function M.exception(text, kind, where, traceback)
  local at, said = text:match("^([^\n]-:%d+): (.*)$")
  local message = json.valid_utf8(said or text)
  local trace = { kind .. ": " .. message }
  if at or where then trace[#trace + 1] = at or where end
  if traceback and traceback ~= "" then trace[#trace + 1] = traceback end
  return message, { type = kind, message = message, stackTrace = json.valid_utf8(table.concat(trace, "\n")) }
end

-- A step's or hook's result: status upper case, duration, and for a failure its message and exception.
local function result_of(step)
  local status = step.status or "unknown"
  local r = { status = status:upper(), duration = duration(step.duration) }
  local quiet = step.quiet or status == "passed" or status == "undefined" or status == "ambiguous"
    or status == "unknown"
  if not quiet and step.error then
    local kind = EXCEPTION_TYPES[status] or (step.error_kind == "infrastructure" and M.INFRASTRUCTURE_ERROR) or "Error"
    r.message, r.exception = M.exception(step.error, kind, nil, step.traceback)
  end
  return r
end

-- A match group as the messages write it: an object even when empty (a group that took no part in the match).
local function group_message(g)
  local out = json.object({ start = g.start, value = g.value })
  if type(g.children) == "table" and #g.children > 0 then
    local children = {}
    for i, child in ipairs(g.children) do children[i] = group_message(child) end
    out.children = json.array(children)
  end
  return out
end

local function match_arguments(list)
  local out = {}
  for i, a in ipairs(list or {}) do
    out[i] = { group = group_message(a.group or {}), parameterTypeName = a.parameterTypeName }
  end
  return json.array(out)
end

local function attachment_envelopes(emit, list, ids)
  for _, a in ipairs(list or {}) do
    local body, encoding = a.body, a.encoding or "IDENTITY"
    if a.file then
      local bytes = util.read_input(a.file)
      body, encoding = bytes and util.base64(bytes) or "", "BASE64"
    end
    local m = { body = body, contentEncoding = encoding, mediaType = a.media_type, fileName = a.file_name,
      timestamp = timestamp(a.at) }
    for k, v in pairs(ids) do m[k] = v end
    emit({ attachment = m })
  end
end

-- Where the documents of the run are read from and which of their pickles ran: the defined order (a run in
-- --order reverse or random lists its test cases in its own order).
local function documents_of(run)
  local documents = {}
  for i, file in ipairs(run.files) do documents[i] = { file = file, at = file.defined or file.position or i, i = i } end
  table.sort(documents, function(a, b)
    if a.at ~= b.at then return a.at < b.at end
    return a.i < b.i
  end)
  return documents
end

-- Without the Gherkin messages module: the source and a pickle per case from its record.
local function emit_record_pickles(ctx, file)
  local text = file.source or util.read_input(file.path, "source")
  if text then
    ctx.emit({ source = { uri = file.path, data = text, mediaType = "text/x.cucumber.gherkin+plain" } })
  end
  local made = {}
  for _, case in ipairs(file.cases) do
    local g = case.gherkin
    if case.pickle_index and g and not made[case.pickle_index] then
      local step_ids, pickle_steps = {}, {}
      for i, step in ipairs(g.steps or {}) do
        step_ids[i] = ctx.next_id()
        pickle_steps[i] = { id = step_ids[i], text = step.text, astNodeIds = json.array({}),
          type = STEP_TYPES[util.trim(step.keyword or "")] or "Unknown" }
      end
      local id = ctx.next_id()
      ctx.emit({ pickle = { id = id, uri = file.path, name = case.name, language = "en",
        location = { line = g.line or 0 }, tags = json.array({}), astNodeIds = json.array({}),
        steps = json.array(pickle_steps) } })
      made[case.pickle_index] = { id = id, steps = step_ids }
    end
    if case.pickle_index then ctx.pickle_of[case] = made[case.pickle_index] end
  end
end

-- A feature file's source, gherkinDocument and the pickles of the cases that ran; returns how many parseErrors
-- it had.
local function emit_gherkin_document(ctx, file, wanted, gm)
  local text = file.source or util.read_input(file.path, "source")
  local ok, envelopes, pickles = pcall(gm.envelopes, file.path, text or "", ctx.next_id)
  if not ok then return 0 end
  local emitted, errors = {}, 0
  for index, p in ipairs(pickles) do
    if wanted[index] then emitted[p.id] = true end
  end
  for _, envelope in ipairs(envelopes) do
    if not envelope.pickle or emitted[envelope.pickle.id] then ctx.emit(envelope) end
    if envelope.parseError then errors = errors + 1 end
  end
  for _, case in ipairs(file.cases) do
    if case.pickle_index then ctx.pickle_of[case] = pickles[case.pickle_index] end
  end
  return errors
end

-- A Lua scenario: a pickle of the steps it ran, without a Gherkin document.
local function emit_lua_pickle(ctx, file, case)
  local pickle_steps, step_ids = {}, {}
  for _, step in ipairs(test_steps_of(case)) do
    if not step.hook then
      local id = ctx.next_id()
      step_ids[#step_ids + 1] = id
      pickle_steps[#pickle_steps + 1] = { id = id, text = step.text, astNodeIds = json.array({}),
        type = STEP_TYPES[step.keyword] or "Unknown" }
    end
  end
  local tags = {}
  for i, tag in ipairs(case.tags or {}) do
    tags[i] = { name = "@" .. tostring(tag):gsub("^@", ""), astNodeId = "" }
  end
  local id = ctx.next_id()
  ctx.emit({ pickle = { id = id, uri = file.path, name = case.name, language = "en", tags = json.array(tags),
    astNodeIds = json.array({}), steps = json.array(pickle_steps) } })
  ctx.pickle_of[case] = { id = id, steps = step_ids }
end

-- Sources, gherkin documents and pickles, file by file; fills ctx.pickle_of (case → {id=, steps={ids}}).
local function emit_sources(ctx)
  local has_gherkin, gm = pcall(require, "fscript.events.gherkin")
  for _, document in ipairs(documents_of(ctx.run)) do
    local file = document.file
    local wanted = {}
    for _, case in ipairs(file.cases) do
      if case.pickle_index then wanted[case.pickle_index] = wanted[case.pickle_index] or {} end
    end
    local gherkin_errors = 0
    if file.load_error and features.is_feature(file.path) and has_gherkin then
      -- A feature file that does not parse: its source and cucumber's parseErrors (no pickles), so a report
      -- derived from the stream fails the run as this one failed (exit 2), as cucumber-js's stream says.
      gherkin_errors = emit_gherkin_document(ctx, file, {}, gm)
    end
    if file.load_error then
      -- A Lua file (a test, a step definition or support file) that does not load, or a feature file fscript
      -- refused beyond its Gherkin: a parseError of its own, unless its error stopped the run: the test run's
      -- exception says so then (testRunFinished), as cucumber-js's does.
      local line = tonumber(file.load_error:match("^[^\n]-:(%d+):"))
      if gherkin_errors == 0 and file.path ~= ctx.run.exception_where then
        ctx.emit({ parseError = { source = { uri = file.path, location = line and { line = line } or nil },
          message = json.valid_utf8(file.load_error) } })
      end
    elseif features.is_feature(file.path) and next(wanted) and not has_gherkin then
      emit_record_pickles(ctx, file)
    elseif features.is_feature(file.path) and next(wanted) then
      emit_gherkin_document(ctx, file, wanted, gm)
    else
      for _, case in ipairs(file.cases) do
        if not case.pickle_index and ran(case) then emit_lua_pickle(ctx, file, case) end
      end
    end
  end
end

---The key of a hook record's definition among the stream's hooks: its location, and for the hook that carries a
---case's outcome outside its steps (`fscript.run.cases`) a key of its own, so it is never taken for a real hook.
---@param hook table a step record's `hook`
---@return string
function M.hook_key(hook)
  return hook.outside and ("outside " .. tostring(hook.location)) or tostring(hook.location)
end

-- The hooks that carry outcomes outside a case's steps: a hook envelope for each place one happened (the
-- scenario's definition), after the support code's own, as cucumber-js lists its hooks before the test cases.
local function emit_outside_hooks(ctx)
  for _, file in ipairs(ctx.run.files) do
    for _, case in ipairs(file.cases) do
      local attempts = ran(case) and { case } or {}
      for _, a in ipairs(ran(case) and case.attempts or {}) do attempts[#attempts + 1] = a end
      for _, attempt in ipairs(attempts) do
        for _, step in ipairs(attempt.steps or {}) do
          local hook = step.hook
          if hook and hook.outside and not ctx.hook_ids[M.hook_key(hook)] then
            local id = ctx.next_id()
            ctx.hook_ids[M.hook_key(hook)] = id
            local source, line = tostring(hook.location):match("^(.*):(%d+)$")
            ctx.emit({ hook = { id = id, type = hooks_mod.MESSAGE_TYPES[hook.kind] or "BEFORE_TEST_CASE",
              name = hook.name, sourceReference = reference(source or tostring(hook.location), tonumber(line)) } })
          end
        end
      end
    end
  end
end

-- Parameter types, step definitions and hooks, undefined parameter types; fills ctx.definition_ids and
-- ctx.hook_ids (definition location → id).
local function emit_support(ctx)
  local support = ctx.run.support or { definitions = {}, parameter_types = {}, undefined_parameter_types = {} }
  for _, t in ipairs(support.parameter_types or {}) do
    ctx.emit({ parameterType = { id = ctx.next_id(), name = t.name, regularExpressions = json.array(t.regexps or {}),
      preferForRegularExpressionMatch = t.prefer == true, useForSnippets = t.snippets ~= false,
      sourceReference = reference(t.source, t.line) } })
  end
  for _, item in ipairs(support.definitions or {}) do
    local id = ctx.next_id()
    if item.step then
      ctx.definition_ids[item.location] = id
      ctx.emit({ stepDefinition = { id = id, pattern = { source = item.pattern,
        type = item.regex and "REGULAR_EXPRESSION" or "CUCUMBER_EXPRESSION" },
        sourceReference = reference(item.source, item.line) } })
    else
      ctx.hook_ids[item.location] = id
      ctx.emit({ hook = { id = id, type = hooks_mod.MESSAGE_TYPES[item.hook], name = item.name,
        tagExpression = item.tags, sourceReference = reference(item.source, item.line) } })
    end
  end
  emit_outside_hooks(ctx)
  for _, u in ipairs(support.undefined_parameter_types or {}) do
    ctx.emit({ undefinedParameterType = { name = u.name, expression = u.expression } })
  end
end

-- The BeforeAll or AfterAll hooks that ran: started, attachments, finished.
local function emit_run_hooks(ctx, kind)
  for _, h in ipairs(ctx.run.run_hooks or {}) do
    if h.hook and h.hook.kind == kind then
      local started_id = ctx.next_id()
      ctx.emit({ testRunHookStarted = { id = started_id, testRunStartedId = ctx.run_id,
        hookId = ctx.hook_ids[h.hook.location] or "", timestamp = timestamp(h.started_at) } })
      attachment_envelopes(ctx.emit, h.attachments, { testRunHookStartedId = started_id })
      ctx.emit({ testRunHookFinished = { testRunHookStartedId = started_id,
        timestamp = timestamp((h.started_at or 0) + (h.duration or 0)), result = result_of(h) } })
    end
  end
end

-- One scenario step of a test case: its pickle step and the definitions it matched, with their arguments.
local function scenario_test_step(ctx, case, pickle, step, id, lua_step)
  local plan = case.plan and step.pickle_step and case.plan[step.pickle_step]
  local pickle_step_id
  if step.pickle_step then
    pickle_step_id = pickle.steps[step.pickle_step]
  else
    pickle_step_id = pickle.steps[lua_step]
  end
  local defs, lists = {}, {}
  if plan then
    for j, location in ipairs(plan.definitions) do
      defs[j] = ctx.definition_ids[location] or ""
      lists[j] = { stepMatchArguments = match_arguments(plan.arguments[j]) }
    end
  elseif step.definition and step.status ~= "undefined" then
    defs[1] = ctx.definition_ids[step.definition] or ""
    lists[1] = { stepMatchArguments = json.array({}) }
  end
  return { id = id, pickleStepId = pickle_step_id or "", stepDefinitionIds = json.array(defs),
    stepMatchArgumentsLists = json.array(lists) }, pickle_step_id
end

-- A case's testCase envelope; returns its plan (ids of the case, its test steps and their pickle steps).
local function emit_test_case(ctx, case, pickle)
  local case_id = ctx.next_id()
  local test_steps, step_ids, pickle_step_ids = {}, {}, {}
  local lua_step = 0
  local steps, keys = test_steps_of(case)
  for i, step in ipairs(steps) do
    local id = ctx.next_id()
    step_ids[keys[i]] = id
    if step.hook then
      test_steps[#test_steps + 1] = { id = id, hookId = ctx.hook_ids[M.hook_key(step.hook)] or "" }
    else
      if not step.pickle_step then lua_step = lua_step + 1 end
      test_steps[#test_steps + 1], pickle_step_ids[keys[i]] = scenario_test_step(ctx, case, pickle, step, id,
        lua_step)
    end
  end
  ctx.emit({ testCase = { id = case_id, pickleId = pickle.id, testSteps = json.array(test_steps),
    testRunStartedId = ctx.run_id } })
  return { id = case_id, step_ids = step_ids, pickle_step_ids = pickle_step_ids }
end

-- One attempt of a case (n from 1 of total): started, per step started/suggestion/attachments/finished, finished.
local function emit_attempt(ctx, plan, attempt, n, total)
  local started_id = ctx.next_id()
  ctx.emit({ testCaseStarted = { id = started_id, testCaseId = plan.id, attempt = n - 1,
    timestamp = timestamp(attempt.started_at) } })
  local steps, keys = keyed_steps(attempt)
  for i, step in ipairs(steps) do
    local step_id = plan.step_ids[keys[i]] or ""
    ctx.emit({ testStepStarted = { testCaseStartedId = started_id, testStepId = step_id,
      timestamp = timestamp(step.started_at) } })
    if step.snippets and #step.snippets > 0 and n == 1 then
      -- The snippets that would define an undefined step, in Lua (fscript's step definitions' language).
      local list = {}
      for k, code in ipairs(step.snippets) do list[k] = { language = "lua", code = code } end
      ctx.emit({ suggestion = { id = ctx.next_id(), pickleStepId = plan.pickle_step_ids[keys[i]] or "",
        snippets = json.array(list) } })
    end
    attachment_envelopes(ctx.emit, step.attachments, { testCaseStartedId = started_id, testStepId = step_id })
    ctx.emit({ testStepFinished = { testCaseStartedId = started_id, testStepId = step_id,
      testStepResult = result_of(step),
      timestamp = timestamp((step.started_at or 0) + (step.duration or 0)) } })
  end
  attachment_envelopes(ctx.emit, attempt.attachments, { testCaseStartedId = started_id })
  ctx.emit({ testCaseFinished = { testCaseStartedId = started_id,
    timestamp = timestamp((attempt.started_at or 0) + (attempt.duration or 0)),
    willBeRetried = n < total } })
end

-- Test cases, all of them before any runs, as cucumber-js lists them; then each attempt of each.
local function emit_test_cases(ctx)
  local plans = {}
  for _, file in ipairs(ctx.run.files) do
    for _, case in ipairs(file.cases) do
      local pickle = ctx.pickle_of[case]
      if ran(case) and pickle then plans[case] = emit_test_case(ctx, case, pickle) end
    end
  end
  for _, file in ipairs(ctx.run.files) do
    for _, case in ipairs(file.cases) do
      local plan = plans[case]
      if plan then
        local attempts = {}
        for _, a in ipairs(case.attempts or {}) do attempts[#attempts + 1] = a end
        attempts[#attempts + 1] = case
        for n, attempt in ipairs(attempts) do emit_attempt(ctx, plan, attempt, n, #attempts) end
      end
    end
  end
end

local function emit_run_finished(ctx)
  local run = ctx.run
  local finished = { testRunStartedId = ctx.run_id, timestamp = timestamp(run.finished_at or run.started_at),
    success = run.exit_code == 0 }
  if run.exception then
    finished.message, finished.exception = M.exception(run.exception, "Error", run.exception_where)
  end
  ctx.emit({ testRunFinished = finished })
end

---Renders the run as NDJSON, one envelope a line.
---@param run fscript.RunResult
---@return string
function M.render(run)
  local lines = {}
  local counter = -1
  local ctx = { run = run, pickle_of = {}, definition_ids = {}, hook_ids = {} }
  function ctx.emit(envelope) lines[#lines + 1] = json.encode(envelope) end
  function ctx.next_id()
    counter = counter + 1
    return tostring(counter)
  end
  ctx.emit({ meta = meta.meta(M.PROTOCOL_VERSION) })
  emit_sources(ctx)
  emit_support(ctx)
  ctx.run_id = ctx.next_id()
  ctx.emit({ testRunStarted = { id = ctx.run_id, timestamp = timestamp(run.started_at) } })
  emit_run_hooks(ctx, "before_all")
  emit_test_cases(ctx)
  emit_run_hooks(ctx, "after_all")
  emit_run_finished(ctx)
  return table.concat(lines, "\n") .. "\n"
end

return M
