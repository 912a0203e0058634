---Cucumber's JSON report (`--report cucumber:FILE`), the format CI plugins read (Jenkins cucumber-reports, the
---cucumber-html-reporter family): the array of features cucumber-ruby writes. Each file is a feature; each
---scenario an element of type `scenario` with its steps, their keyword, line, result status and duration in
---nanoseconds. A `.feature` file's scenarios list every step of the scenario, those after a failure `skipped`;
---an undefined step is `undefined`; the Background's steps come in an element of type `background` just before
---the scenario's, as cucumber-ruby writes them. An outline row's id is cucumber-ruby's
---`feature;outline;examples;row` (the header is row 1), so each row's id is its own. Data tables are a step's
---`rows`, doc strings its `doc_string`. A failure's screenshot is embedded (base64 PNG) on the failed step, as
---cucumber-ruby embeds one. Lua scripts appear too, a feature per file, their steps as they ran. A file with no
---case to show (its scenarios all left out) is no feature.
local json = require("fscript.json")
local util = require("fscript.util")

local M = {}

-- cucumber's ids: lower case, spaces as dashes.
local function id_of(s)
  return (tostring(s):lower():gsub("%s+", "-"))
end


local function nanoseconds(seconds)
  return math.floor((seconds or 0) * 1e9 + 0.5)
end

-- cucumber's JSON status words (the schemas' enum): its statuses pass as they are; an ambiguous step is failed
-- there (with its message listing the definitions), as cucumber-ruby's JSON has no word for it.
local STATUSES = { passed = true, failed = true, skipped = true, pending = true, undefined = true }

-- The result of a step as it ran: status, duration, and for a failure its message.
local function result_of(step)
  local status = STATUSES[step.status] and step.status or "failed"
  if step.error and step.error:find("^Undefined step: ") then status = "undefined" end
  local result = { status = status, duration = nanoseconds(step.duration) }
  if status ~= "passed" and step.error then result.error_message = json.valid_utf8(step.error) end
  return result
end

-- The screenshot of a failed case, as cucumber's embedding.
local function embeddings(case)
  local out = {}
  for _, path in ipairs(case.artifacts or {}) do
    if path:match("%.png$") then
      local bytes = util.read_input(path)
      if bytes then out[#out + 1] = { mime_type = "image/png", data = util.base64(bytes) } end
    end
  end
  return out
end

-- The top-level steps a case ran (steps run by other steps, such as navigation, are inside their parent);
-- cucumber's hooks are not steps here (see `hook_records`).
local function ran_steps(case)
  local list = {}
  for _, step in ipairs(case.steps or {}) do
    if (step.depth or 0) == 0 and not step.hook then list[#list + 1] = step end
  end
  return list
end

-- What a step or hook attached, as cucumber's `embeddings` (data base64, as cucumber-ruby writes it).
local function attached(step)
  local out = {}
  for _, a in ipairs(step.attachments or {}) do
    local data = a.body
    if a.file then
      local bytes = util.read_input(a.file)
      data = bytes and util.base64(bytes) or ""
    elseif a.encoding ~= "BASE64" then
      data = util.base64(a.body or "")
    end
    out[#out + 1] = { mime_type = a.media_type, data = data, name = a.file_name }
  end
  return out
end

-- A case's Before or After hooks (`kind`) as cucumber's `before`/`after` lists.
local function hook_records(case, kind)
  local out = {}
  for _, step in ipairs(case.steps or {}) do
    if step.hook and step.hook.kind == kind then
      local record = { match = { location = step.hook.location }, result = result_of(step) }
      local shots = attached(step)
      if #shots > 0 then record.embeddings = shots end
      out[#out + 1] = record
    end
  end
  return out
end

local function step_record(keyword, text, line, result, definition)
  local record = { keyword = keyword, name = text, line = line or 0, result = result }
  if definition then record.match = { location = definition } end
  return record
end

-- A step record's data table as cucumber's `rows`.
local function rows_of(data_table)
  local rows = {}
  for r, row in ipairs(data_table) do rows[r] = { cells = row } end
  return rows
end

-- A Gherkin scenario's steps: each step of the pickle, with its result when it ran, else skipped; those of the
-- Background are marked, for `elements` to set apart.
local function gherkin_steps(case)
  local ran = ran_steps(case)
  local out = {}
  for i, step in ipairs(case.gherkin.steps) do
    local done = ran[i]
    local record = step_record(step.keyword, step.text, step.line,
      done and result_of(done) or { status = "skipped", duration = 0 }, done and done.definition)
    if step.data_table then record.rows = rows_of(step.data_table) end
    if step.doc_string then
      record.doc_string = { value = step.doc_string.content, content_type = step.doc_string.media_type,
        line = step.line + 1 }
    end
    if done then
      local shots = attached(done)
      if #shots > 0 then record.embeddings = shots end
    end
    out[i] = { record = record, background = step.background }
  end
  return out
end

-- A Lua scenario's steps, as they ran.
local function lua_steps(case)
  local out = {}
  for i, step in ipairs(ran_steps(case)) do
    local line = step.where and tonumber(step.where:match(":(%d+)$"))
    local record = step_record((step.keyword ~= "" and step.keyword or "*") .. " ", step.text, line,
      result_of(step), step.definition)
    if step.data_table then record.rows = rows_of(step.data_table) end
    if step.doc_string then record.doc_string = { value = step.doc_string, line = (line or 0) + 1 } end
    local shots = attached(step)
    if #shots > 0 then record.embeddings = shots end
    out[i] = { record = record }
  end
  return out
end

local function tag_records(case)
  local out = {}
  if case.gherkin then
    for i, tag in ipairs(case.gherkin.tags or {}) do out[i] = { name = tag.name, line = tag.line } end
  else
    for i, tag in ipairs(case.tags or {}) do out[i] = { name = "@" .. tostring(tag):gsub("^@", ""), line = 1 } end
  end
  return out
end

-- The element's id: cucumber's `feature;scenario`, for an outline row `feature;outline;examples;row`. Two Examples
-- tables of one outline with the same name (or none) are told apart by their position.
local function element_id(feature_id, case)
  local example = case.gherkin and case.gherkin.example
  if not example then return feature_id .. ";" .. id_of(case.name) end
  local examples = id_of(example.name)
  if example.shared_name then
    examples = id_of(example.name ~= "" and example.name or example.keyword) .. "-" .. example.index
  end
  return ("%s;%s;%s;%d"):format(feature_id, id_of(example.outline), examples, example.row)
end

-- The Background element cucumber-ruby writes before each scenario that has one.
local function background_element(g, steps)
  local info = g.background or { keyword = "Background", name = "", description = "",
    line = math.max((steps[1].line or 1) - 1, 1) }
  return { keyword = info.keyword, name = info.name, description = info.description or "", line = info.line,
    type = "background", steps = steps }
end

-- The case's elements: its Background's (when it has one), then the scenario's.
local function elements(feature_id, case)
  local g = case.gherkin
  local background, steps = {}, {}
  for _, s in ipairs(g and gherkin_steps(case) or lua_steps(case)) do
    local into = s.background and background or steps
    into[#into + 1] = s.record
  end
  -- A case that failed outside its steps and hooks (a load error, a record of an older report) gets a step that
  -- says so, so CI sees it. (A case the runner ran has a hook record for that: `fscript.run.cases`.)
  local failed_step, carried
  for _, list in ipairs({ background, steps }) do
    for _, s in ipairs(list) do
      if s.result.status ~= "passed" and s.result.status ~= "skipped" then failed_step = s end
    end
  end
  for _, step in ipairs(case.steps or {}) do
    if step.hook and (step.depth or 0) == 0 and step.status == "failed" then carried = true end
  end
  if case.status == "failed" and not failed_step and not carried then
    local message = case.failure and case.failure.message or "failed"
    failed_step = step_record("* ", "(the scenario failed outside its steps)", g and g.line or 0,
      { status = "failed", duration = 0, error_message = json.valid_utf8(message) })
    steps[#steps + 1] = failed_step
  end
  -- The failure screenshot: an attachment of the failed step now (see `fscript.run.cases`); a record from before
  -- that has it only among the case's artifacts.
  if failed_step and not failed_step.embeddings then
    local shots = embeddings(case)
    if #shots > 0 then failed_step.embeddings = shots end
  end
  local line = g and g.line or 1
  local scenario = {
    id = element_id(feature_id, case), keyword = g and g.keyword or "Scenario", name = case.name,
    line = line, description = "", type = "scenario", tags = tag_records(case), steps = steps,
  }
  -- cucumber's JSON has no word for a flaky scenario (it reports the last attempt): the description says it.
  if case.flaky then
    scenario.description = ("flaky: passed on attempt %d of %d"):format(#case.attempts + 1, #case.attempts + 1)
  end
  local before, after = hook_records(case, "before"), hook_records(case, "after")
  if #before > 0 then scenario.before = before end
  if #after > 0 then scenario.after = after end
  if #background == 0 then return { scenario } end
  return { background_element(g, background), scenario }
end

---Renders the run as cucumber-ruby's JSON.
---@param run fscript.RunResult
---@return string
function M.render(run)
  local features = {}
  for _, file in ipairs(run.files) do
    local first = file.cases[1]
    local g = first and first.gherkin
    local info = g and g.feature_info
    local name = g and g.feature or (file.path:match("([^/]+)$") or file.path)
    local feature = { uri = file.path, id = id_of(name), keyword = info and info.keyword or "Feature", name = name,
      line = info and info.line or 1, description = info and info.description or "", elements = {},
      tags = {} }
    for i, tag in ipairs(info and info.tags or {}) do feature.tags[i] = { name = tag.name, line = tag.line } end
    for _, case in ipairs(file.cases) do
      -- A scenario that did not run (a filter, an interrupt, --fail-fast) is none of cucumber's; one that
      -- skipped itself is, as cucumber-ruby lists it.
      if case.status ~= "skipped" or (not case.skip_reason and case.started_at ~= nil) then
        for _, e in ipairs(elements(feature.id, case)) do feature.elements[#feature.elements + 1] = e end
      end
    end
    if #feature.elements > 0 then features[#features + 1] = feature end
  end
  return json.encode(json.array(features), { indent = "  " }) .. "\n"
end

return M
