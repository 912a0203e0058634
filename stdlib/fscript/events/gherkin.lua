---Cucumber Messages for a feature file: the `source`, `gherkinDocument` and `pickle` envelopes exactly as
---cucumber's gherkin produces them (every field, ids handed out in the order its AST builder and pickle compiler
---hand them out), so a message stream fscript writes reads like cucumber-js's to any tool that consumes one.
---
---The document comes from fscript's own parser (`fscript.gherkin.parser`, or `fscript.gherkin.markdown` for a
---`.feature.md`); this module only shapes it. Its pickles come in `gherkin.pickles(doc)` order, the order the
---runner's cases carry as `case.pickle_index`, so the message writer pairs each case with its pickle message.
local gherkin = require("fscript.gherkin.parser")
local pickles_mod = require("fscript.gherkin.pickles")

local M = {}

---The media type cucumber gives each kind of feature file.
M.MEDIA_TYPES = {
  feature = "text/x.cucumber.gherkin+plain",
  markdown = "text/x.cucumber.gherkin+markdown",
}

---Whether `path` names Markdown with Gherkin (`x.feature.md`) rather than a plain `.feature`.
---@param path string
---@return boolean
function M.is_markdown(path)
  return path:sub(-11) == ".feature.md"
end

local function location(node, column)
  return { line = node.line, column = column or node.column }
end

-- The AST of a parsed document with cucumber's ids, assigned in the order cucumber's AstBuilder assigns them: a
-- node gets its id when it is complete, so a step's table rows come before the step, a scenario's steps and
-- examples before the scenario, its tags after its examples, and the feature's tags last of all.
local Builder = {}
Builder.__index = Builder

function Builder:tags(list)
  local out = {}
  for i, tag in ipairs(list or {}) do
    out[i] = { location = location(tag), name = tag.name, id = self.ids() }
    self.tag_ids[tag] = out[i].id
  end
  return out
end

function Builder:rows(rows)
  local out = {}
  for i, row in ipairs(rows) do
    local cells = {}
    for c, cell in ipairs(row.cells) do
      cells[c] = { location = { line = row.line, column = cell.column }, value = cell.value }
    end
    out[i] = { id = self.ids(), location = location(row), cells = cells }
    self.row_ids[row] = out[i].id
  end
  return out
end

function Builder:step(step)
  local out = { location = location(step), keyword = step.keyword, keywordType = step.type, text = step.text }
  if step.data_table then
    local rows = self:rows(step.data_table)
    out.dataTable = { location = rows[1].location, rows = rows }
  end
  if step.doc_string then
    local d = step.doc_string
    out.docString = { location = { line = d.line, column = d.column }, content = d.content, delimiter = d.fence,
      mediaType = d.media_type }
  end
  out.id = self.ids()
  self.step_ids[step] = out.id
  return out
end

function Builder:steps(steps)
  local out = {}
  for i, step in ipairs(steps) do out[i] = self:step(step) end
  return out
end

function Builder:background(node)
  local steps = self:steps(node.steps)
  return { id = self.ids(), location = location(node), keyword = node.keyword, name = node.name,
    description = gherkin.description_text(node), steps = steps }
end

function Builder:examples(node)
  local rows = self:rows(node.rows)
  local tags = self:tags(node.tags)
  local body = {}
  for i = 2, #rows do body[#body + 1] = rows[i] end
  return { id = self.ids(), tags = tags, location = location(node), keyword = node.keyword, name = node.name,
    description = gherkin.description_text(node), tableHeader = rows[1], tableBody = body }
end

function Builder:scenario(node)
  local steps = self:steps(node.steps)
  local examples = {}
  for i, e in ipairs(node.examples) do examples[i] = self:examples(e) end
  local tags = self:tags(node.tags)
  local out = { id = self.ids(), tags = tags, location = location(node), keyword = node.keyword, name = node.name,
    description = gherkin.description_text(node), steps = steps, examples = examples }
  self.scenario_ids[node] = out.id
  return out
end

function Builder:children(children)
  local out = {}
  for i, child in ipairs(children) do
    if child.background then
      out[i] = { background = self:background(child.background) }
    elseif child.scenario then
      out[i] = { scenario = self:scenario(child.scenario) }
    else
      local rule = child.rule
      local ruled = self:children(rule.children)
      local tags = self:tags(rule.tags)
      out[i] = { rule = { id = self.ids(), location = location(rule), keyword = rule.keyword, name = rule.name,
        description = gherkin.description_text(rule), children = ruled, tags = tags } }
    end
  end
  return out
end

function Builder:feature(feature)
  local children = self:children(feature.children)
  return { tags = self:tags(feature.tags), location = location(feature), language = feature.language,
    keyword = feature.keyword, name = feature.name, description = gherkin.description_text(feature),
    children = children }
end

-- A pickle step's argument as cucumber's message has it: its doc string and data table as `fscript.gherkin.pickles`
-- filled them in, each saying which argument it is when a step has both.
local function argument(step)
  local d, t = step.doc_string, step.data_table
  local doc, table_ = nil, nil
  if d then doc = { content = d.content, mediaType = d.media_type } end
  if t then
    local rows = {}
    for r, row in ipairs(t) do
      local cells = {}
      for c, value in ipairs(row) do cells[c] = { value = value } end
      rows[r] = { cells = cells }
    end
    table_ = { rows = rows }
  end
  if doc and table_ then
    -- Both: each says which argument it is, in the order they are written.
    local node = step.ast
    local table_first = node.doc_string.line > node.data_table[1].line
    doc.argumentIndex, table_.argumentIndex = table_first and 2 or 1, table_first and 1 or 2
  end
  if doc or table_ then return { docString = doc, dataTable = table_ } end
end

-- The pickles of the document as cucumber's compiler makes them: `fscript.gherkin.pickles`' own (the one compiler of
-- backgrounds, outlines and tags), each node they came from named by the id this builder gave it, and ids handed
-- out in cucumber's order (a pickle's steps, then the pickle).
function Builder:pickles(doc, uri)
  local out = {}
  if not doc.feature then return out end
  local language = doc.feature.language
  for i, p in ipairs(pickles_mod.compile(doc)) do
    local row = p.ast.row
    local steps = {}
    for s, step in ipairs(p.steps) do
      local ast = { self.step_ids[step.ast] }
      if row and not step.background then ast[2] = self.row_ids[row] end
      steps[s] = { id = self.ids(), text = step.text, type = step.type, argument = argument(step), astNodeIds = ast }
    end
    local tags = {}
    for t, tag in ipairs(p.ast.tags) do tags[t] = { name = tag.name, astNodeId = self.tag_ids[tag] } end
    local ast = { self.scenario_ids[p.ast.scenario] }
    if row then ast[2] = self.row_ids[row] end
    out[i] = { id = self.ids(), uri = uri, location = location(row or p.ast.scenario), astNodeIds = ast,
      tags = tags, name = p.name, language = language, steps = steps }
  end
  return out
end

---@class fscript.PickleIds
---@field id string the pickle's id
---@field steps string[] its steps' ids, in order

---The envelopes cucumber emits for one feature file: `{source=…}`, `{gherkinDocument=…}`, then one `{pickle=…}`
---per pickle; and, for each pickle in `gherkin.pickles(doc)` order, its id and its steps' ids. A file that does
---not parse gives its source and one `{parseError=…}` per error instead, and no pickles; so does one whose
---Examples row expands a text past `pickles.EXPANSION_LIMIT` (after its document), as `features.load` refuses it.
---@param path string the uri as the run names the file (relative, as given on the command line)
---@param text string the file's text
---@param ids fun(): string the stream's id generator ("0", "1", …)
---@param opts? {languages?: table} as for `gherkin.parse`
---@return table[] envelopes
---@return fscript.PickleIds[] pickles
function M.envelopes(path, text, ids, opts)
  assert(type(path) == "string", "messages.gherkin.envelopes: path must be a string")
  assert(type(text) == "string", "messages.gherkin.envelopes: text must be a string")
  assert(type(ids) == "function", "messages.gherkin.envelopes: ids must be a function")
  local markdown = M.is_markdown(path)
  local envelopes = { { source = { data = text, uri = path,
    mediaType = markdown and M.MEDIA_TYPES.markdown or M.MEDIA_TYPES.feature } } }
  local parse_opts = { markdown = markdown }
  for k, v in pairs(opts or {}) do parse_opts[k] = v end
  local doc, errors = gherkin.parse(text, parse_opts)
  if #errors > 0 then
    for _, e in ipairs(errors) do
      envelopes[#envelopes + 1] = { parseError = { source = { uri = path,
        location = { line = e.line, column = e.column > 0 and e.column or nil } },
        message = ("(%d:%d): %s"):format(e.line, e.column, e.message) } }
    end
    return envelopes, {}
  end
  local b = setmetatable({ ids = ids, tag_ids = {}, row_ids = {}, step_ids = {}, scenario_ids = {} }, Builder)
  local comments = {}
  for i, c in ipairs(doc.comments or {}) do
    comments[i] = { location = { line = c.line, column = 1 }, text = c.text }
  end
  local document = { uri = path, comments = comments }
  if doc.feature then document.feature = b:feature(doc.feature) end
  envelopes[#envelopes + 1] = { gherkinDocument = document }
  local compiled, list = pcall(b.pickles, b, doc, path)
  if not compiled then
    if not pickles_mod.is_expansion_error(list) then error(list, 0) end
    envelopes[#envelopes + 1] = { parseError = { source = { uri = path, location = { line = list.line or 0 } },
      message = list.message } }
    return envelopes, {}
  end
  local pickles = {}
  for i, p in ipairs(list) do
    envelopes[#envelopes + 1] = { pickle = p }
    local steps = {}
    for s, step in ipairs(p.steps) do steps[s] = step.id end
    pickles[i] = { id = p.id, steps = steps }
  end
  return envelopes, pickles
end

return M
