---Pickles: a parsed Gherkin document's scenarios as the runner runs them (Background steps first, a Scenario
---Outline expanded once per Examples row with its placeholders filled in, tags inherited from the feature, rule
---and examples), as cucumber's compiler makes them.
local M = {}

---The most bytes an Examples row may expand one text (a step, a cell, a doc string, a name) to.
M.EXPANSION_LIMIT = 1024 * 1024

---Raised when a row expands a text past `EXPANSION_LIMIT`; `features.load` turns it into a load error.
---@class fscript.ExpansionError
---@field line integer
---@field message string
local ExpansionError = {}
ExpansionError.__index = ExpansionError
function ExpansionError.__tostring(e) return e.message end

---True when `err` is an expansion error.
function M.is_expansion_error(err)
  return getmetatable(err) == ExpansionError
end

-- Fills in `<name>` placeholders from an Examples row in one pass: a value that holds a placeholder stays as it
-- is (cucumber replaces column after column, so values that name each other grew to 10^8 characters inside one
-- gsub); a text past EXPANSION_LIMIT is an error at the row's line, not a run that swells without bound.
-- The line of the Examples row being expanded, for the error that stops a runaway expansion.
local row_line

local function interpolate(text, header, values)
  if text == nil then return nil end
  local value_of = {}
  for i, name in ipairs(header) do
    if value_of[name] == nil then value_of[name] = values[i] or "" end
  end
  local size = 0
  local out = text:gsub("<([^<>]*)>", function(name)
    local value = value_of[name]
    if value == nil then return nil end
    size = size + #value
    if size > M.EXPANSION_LIMIT then
      error(setmetatable({ line = row_line, message = ("the Examples row at line %d expands a text past %d bytes")
        :format(row_line or 0, M.EXPANSION_LIMIT) }, ExpansionError), 0)
    end
    return value
  end)
  return out
end

local function pickle_step(step, header, values, last_type)
  local type = step.type == "Conjunction" and last_type or step.type
  local out = { keyword = step.keyword, type = type, line = step.line, column = step.column, ast = step,
    text = header and interpolate(step.text, header, values) or step.text }
  if step.data_table then
    local rows = {}
    for r, row in ipairs(step.data_table) do
      local cells = {}
      for c, cell in ipairs(row.cells) do
        cells[c] = header and interpolate(cell.value, header, values) or cell.value
      end
      rows[r] = cells
    end
    out.data_table = rows
  end
  if step.doc_string then
    local d = step.doc_string
    out.doc_string = { content = header and interpolate(d.content, header, values) or d.content,
      media_type = header and interpolate(d.media_type, header, values) or d.media_type }
  end
  return out, type
end

-- The tag nodes of the lists in turn (the feature's, the rule's, the scenario's, the examples'): the pickle's
-- tags, which it keeps as they are for the message writer to name each by its id.
local function tag_nodes(...)
  local out = {}
  for _, list in ipairs({ ... }) do
    for _, tag in ipairs(list) do out[#out + 1] = tag end
  end
  return out
end

local function tag_names(nodes)
  local out = {}
  for i, tag in ipairs(nodes) do out[i] = tag.name end
  return out
end

-- The same tags with where they stand, for reports that want their lines (cucumber's JSON).
local function tag_records(nodes)
  local out = {}
  for i, tag in ipairs(nodes) do out[i] = { name = tag.name, line = tag.line } end
  return out
end

---@class fscript.PickleStep
---@field keyword string
---@field type string
---@field text string
---@field line integer
---@field data_table? string[][]
---@field doc_string? {content: string, media_type?: string}
---@field ast table the step's node in the document

---@class fscript.Pickle
---@field name string
---@field line integer
---@field column integer
---@field tags string[]
---@field steps fscript.PickleStep[]
---@field feature string
---@field rule? string
---@field language string
---@field tag_records {name: string, line: integer}[] the tags with their lines
---@field feature_info {keyword: string, line: integer, description: string, tags: {name: string, line: integer}[]}
---@field background? fscript.PickleBackground the Background its first steps come from (they have `background = true`)
---@field example? fscript.PickleExample for a Scenario Outline's row: which row it is
---@field ast fscript.PickleAst the document's nodes it comes from

---The nodes of the parsed document a pickle was compiled from, so the message writer (`fscript.events.gherkin`)
---names them by the ids it gave them instead of compiling the document again; the runner ignores them.
---@class fscript.PickleAst
---@field scenario table the Scenario (or Scenario Outline) node
---@field row? table for an outline's pickle, its Examples row node
---@field tags table[] the tag nodes, in the order of `tags`

---@class fscript.PickleBackground
---@field keyword string
---@field name string
---@field line integer
---@field description string

---@class fscript.PickleExample
---@field outline string the outline's name as written, `<placeholders>` and all
---@field keyword string the Examples keyword
---@field name string the Examples table's name ("" when it has none)
---@field line integer the Examples line
---@field index integer which Examples table of the outline (1 for the first)
---@field shared_name boolean another Examples table of the same outline has the same name
---@field row integer the row's number in its table, counting the header as row 1 (as cucumber's JSON ids do)
---@field values string[] the row's cells
---@field distinct boolean the outline's expanded names already tell all its rows apart

---The scenarios of a parsed document as the runner runs them: Background steps (the feature's, then the rule's)
---before each scenario's own, a Scenario Outline once per Examples row with its `<placeholders>` replaced, tags
---of the feature, rule, scenario and examples together. Background steps are marked `background = true`; an
---outline row says which row it is (`example`), since its name alone may not.
---@param doc {feature?: table}
---@return fscript.Pickle[]
function M.compile(doc)
  local feature = doc.feature
  local out = {}
  if not feature then return out end
  local description = {}
  for _, text in ipairs(feature.description) do description[#description + 1] = text end
  while description[#description] == "" do description[#description] = nil end
  local feature_info = { keyword = feature.keyword, line = feature.line, tags = tag_records(feature.tags),
    description = table.concat(description, "\n") }
  -- The Background node each Background step comes from, for reports that show it apart (cucumber's JSON).
  local background_of = {}
  local function note_background(node)
    local lines = {}
    for _, text in ipairs(node.description) do lines[#lines + 1] = text end
    while lines[#lines] == "" do lines[#lines] = nil end
    local info = { keyword = node.keyword, name = node.name, line = node.line, description = table.concat(lines, "\n") }
    for _, step in ipairs(node.steps) do background_of[step] = info end
  end
  local function compile(scenario, background_steps, inherited, rule)
    local function steps_for(header, values)
      local list, last = {}, "Unknown"
      if #scenario.steps == 0 then return list end
      for _, step in ipairs(background_steps) do
        list[#list + 1], last = pickle_step(step, nil, nil, last)
        list[#list].background = true
      end
      for _, step in ipairs(scenario.steps) do
        list[#list + 1], last = pickle_step(step, header, values, last)
      end
      return list
    end
    local base = { feature = feature.name, rule = rule and rule.name, language = feature.language,
      keyword = scenario.keyword, feature_info = feature_info,
      background = #scenario.steps > 0 and background_steps[1] and background_of[background_steps[1]] or nil }
    if #scenario.examples == 0 then
      local tags = tag_nodes(inherited, scenario.tags)
      local p = { name = scenario.name, line = scenario.line, column = scenario.column,
        tags = tag_names(tags), tag_records = tag_records(tags), steps = steps_for(nil, nil),
        ast = { scenario = scenario, tags = tags } }
      for k, v in pairs(base) do p[k] = v end
      out[#out + 1] = p
      return
    end
    local rows_of, names, table_names, distinct = {}, {}, {}, true
    for t, examples in ipairs(scenario.examples) do
      local rows = examples.rows
      table_names[examples.name] = (table_names[examples.name] or 0) + 1
      if #rows > 0 then
        local header = {}
        for i, cell in ipairs(rows[1].cells) do header[i] = cell.value end
        for r = 2, #rows do
          local values = {}
          for i, cell in ipairs(rows[r].cells) do values[i] = cell.value end
          row_line = rows[r].line
          local tags = tag_nodes(inherited, scenario.tags, examples.tags)
          local p = { name = interpolate(scenario.name, header, values), line = rows[r].line,
            column = rows[r].column, tags = tag_names(tags), tag_records = tag_records(tags),
            steps = steps_for(header, values), examples = examples.name, outline_line = scenario.line,
            example = { outline = scenario.name, keyword = examples.keyword, name = examples.name,
              line = examples.line, index = t, row = r, values = values },
            ast = { scenario = scenario, row = rows[r], tags = tags } }
          for k, v in pairs(base) do p[k] = v end
          out[#out + 1] = p
          rows_of[#rows_of + 1] = p
          if names[p.name] then distinct = false end
          names[p.name] = true
        end
      end
    end
    for _, p in ipairs(rows_of) do
      p.example.distinct = distinct
      p.example.shared_name = table_names[p.example.name] > 1
    end
  end
  local feature_background = {}
  for _, child in ipairs(feature.children) do
    if child.background then
      feature_background = child.background.steps
      note_background(child.background)
    elseif child.scenario then
      compile(child.scenario, feature_background, feature.tags, nil)
    elseif child.rule then
      local rule, rule_background = child.rule, {}
      for _, step in ipairs(feature_background) do rule_background[#rule_background + 1] = step end
      local inherited = {}
      for _, t in ipairs(feature.tags) do inherited[#inherited + 1] = t end
      for _, t in ipairs(rule.tags) do inherited[#inherited + 1] = t end
      for _, rchild in ipairs(rule.children) do
        if rchild.background then
          note_background(rchild.background)
          for _, step in ipairs(rchild.background.steps) do rule_background[#rule_background + 1] = step end
        elseif rchild.scenario then
          compile(rchild.scenario, rule_background, inherited, rule)
        end
      end
    end
  end
  return out
end

return M
