---Gherkin: parses `.feature` files and compiles their scenarios into pickles (a scenario as the runner runs it:
---Background steps first, a Scenario Outline expanded once per Examples row, tags inherited).
---
---Written here because no Gherkin parser is packaged for Lua or in the Swift package mirror; it follows the
---official parser's grammar (cucumber/gherkin) line by line, and `Tests/lua/gherkin_conformance_spec.lua` checks
---it against that parser's own test data in `../shared/gherkin/`. Each state lists the line kinds it accepts in
---the order they are tried, as the reference parser does, so a line means what it would mean there (`Given x` in
---a description is description text). A line no state accepts is an error with its line and column; parsing
---goes on after it, so one run reports every error.
local grammar = require("fscript.gherkin.grammar")
local languages = require("fscript.gherkin.languages")
local lines_mod = require("fscript.gherkin.lines")
local util = require("fscript.util")

local matchers, prepare, trim, trim_left, width, starts_with = lines_mod.matchers, lines_mod.prepare,
  lines_mod.trim, lines_mod.trim_left, lines_mod.width, lines_mod.starts_with
local STATES, expected, nearest_keyword = grammar.STATES, grammar.expected, grammar.nearest_keyword

local M = {}

---The dialects fscript knows without help (`# language: de`): see `fscript.gherkin.languages`.
M.languages = languages

local Parser = {}
Parser.__index = Parser

function Parser:error(line, column, message)
  self.errors[#self.errors + 1] = { line = line, column = column, message = message }
end

-- Valid Gherkin that probably is not what was meant: a warning, or an error when the parse is strict.
function Parser:warn(line, column, message)
  if self.strict then return self:error(line, column, message) end
  self.warnings[#self.warnings + 1] = { line = line, column = column, message = message }
end

-- The first kind `state` accepts that matches `line`, as a token, or nil.
function Parser:match(line)
  -- Inside a description the reference parser no longer tries Empty (a blank line there is text); in Markdown,
  -- where Empty also means a line of prose, that decides whether the prose is description text.
  local raw = self.description_raw
  local in_description = self.markdown and raw and raw.started
  for _, kind in ipairs(STATES[self.state]) do
    if kind ~= "EOF" and not (kind == "Language" and self.feature) and not (kind == "Empty" and in_description) then
      local token = self.matchers[kind](line, self)
      if token then return token end
    end
  end
end

-- Checks the table being built: every row as wide as the first.
function Parser:close_table()
  local rows = self.table_rows
  if not rows then return end
  for i = 2, #rows do
    if #rows[i].cells ~= #rows[1].cells then
      self:error(rows[i].line, rows[i].column, "inconsistent cell count within the table")
    end
  end
  self.table_rows = nil
end

local function new_step(token, line)
  return { keyword = token.keyword, type = token.type, text = token.text, line = line.number,
    column = (token.indent or line.indent) + 1 }
end

-- The list of steps being added to (a background's or a scenario's).
function Parser:steps()
  return (self.scenario or self.background).steps
end

-- Container for scenarios and backgrounds: the current rule, else the feature.
function Parser:container()
  return self.rule or self.feature
end

function Parser:start_table(row, line, into)
  self.table_rows = into
  for _, cell in ipairs(row.cells) do cell.column = line.indent + cell.offset end
  into[#into + 1] = { cells = row.cells, line = line.number, column = line.indent + 1 }
end

-- The lines of `node`'s description as cucumber's AST has them: `description_raw`, every line from the first
-- text (or comment) on, blank ones as written; `gherkin.description_text` makes the AST's string of it.
function Parser:start_description(node)
  node.description_raw = {}
  self.description_raw = node.description_raw
end

-- Handles one token in the current state and moves to the next state.
function Parser:take(token, line)
  local kind, state = token.kind, self.state
  if kind == "Empty" or kind == "Comment" then
    if self.description and kind == "Empty" then self.description[#self.description + 1] = "" end
    -- For cucumber's AST: every comment with its whole line, and the description as the reference reads it
    -- (a blank line or a comment inside a description does not end it; a blank line there is text).
    local raw = self.description_raw
    if kind == "Comment" then
      -- (A Markdown table's `| --- |` line is read as a comment but is none in cucumber's AST.)
      if not token.hidden then self.comments[#self.comments + 1] = { line = line.number, text = line.text } end
      if raw then raw.started = true end
    elseif raw and raw.started then
      raw[#raw + 1] = line.text
    end
    return
  end
  if kind ~= "TableRow" then self:close_table() end
  if kind == "Language" then
    local spec = self.languages[token.code]
    if not spec then
      self:error(line.number, line.indent + 1, ("language not supported: %s (known: %s)")
        :format(token.code, self:language_names()))
    else
      self.language, self.dialect = token.code, prepare(spec)
    end
    self.state = "start"
    return
  end
  if kind == "Other" then
    self.description[#self.description + 1] = token.text
    local raw = self.description_raw
    if raw then
      raw.started = true
      raw[#raw + 1] = token.text
    end
    -- Description text one typo away from a keyword (`Scenaro: …`) would silently swallow a scenario.
    -- So would a step keyword typo (`Givn …`) before a scenario's or background's first step. Cucumber reads
    -- both as text, and so do we (a description may well start with `The` or `An`), but say so. (Not in
    -- Markdown, where keywords are headings and bullets, and prose is meant as prose.)
    if self.markdown then return end
    local keyword, is_step = nearest_keyword(line.trimmed, self.dialect)
    if keyword and not is_step then
      self:warn(line.number, line.indent + 1, ("'%s' is read as description text; did you mean '%s:'?")
        :format(util.trim(line.trimmed:match("^[^:]+:") or line.trimmed), keyword))
    elseif keyword and (self.state == "scenario" or self.state == "background") then
      self:warn(line.number, line.indent + 1, ("'%s' is read as description text; did you mean '%s'?")
        :format(line.trimmed:match("^%S+"), keyword))
    end
    return
  end
  self.description, self.description_raw = nil, nil
  if kind == "TagLine" then
    for _, tag in ipairs(token.tags) do self.pending_tags[#self.pending_tags + 1] = tag end
    if not self.feature then
      self.state = "feature_tags"
    elseif state:find("^scenario") or state:find("^examples") then
      self.state = "scenario_tags" -- tags for Examples, a Scenario or a Rule
    else
      self.state = "tags" -- tags for a Scenario or a Rule
    end
    return
  end
  local tags = self.pending_tags
  self.pending_tags = {}
  -- A Markdown heading's keyword starts after its `#`s: the token says where.
  local at = { line = line.number, column = (token.indent or line.indent) + 1 }
  if kind == "FeatureLine" then
    self.feature = { keyword = token.keyword, name = token.name, tags = tags, line = at.line, column = at.column,
      language = self.language, children = {}, description = {} }
    self.description = self.feature.description
    self:start_description(self.feature)
    self.scenario, self.background, self.rule = nil, nil, nil
    self.state = "feature"
  elseif kind == "RuleLine" then
    self.rule = { keyword = token.keyword, name = token.name, tags = tags, line = at.line, column = at.column,
      children = {}, description = {} }
    self.feature.children[#self.feature.children + 1] = { rule = self.rule }
    self.description = self.rule.description
    self:start_description(self.rule)
    self.scenario, self.background = nil, nil
    self.state = "rule"
  elseif kind == "BackgroundLine" then
    self.background = { keyword = token.keyword, name = token.name, line = at.line, column = at.column, steps = {},
      description = {} }
    local c = self:container()
    c.children[#c.children + 1] = { background = self.background }
    self.description = self.background.description
    self:start_description(self.background)
    self.scenario = nil
    self.state = "background"
  elseif kind == "ScenarioLine" then
    self.scenario = { keyword = token.keyword, name = token.name, tags = tags, line = at.line, column = at.column,
      steps = {}, examples = {}, outline = token.outline, description = {} }
    local c = self:container()
    c.children[#c.children + 1] = { scenario = self.scenario }
    self.description = self.scenario.description
    self:start_description(self.scenario)
    self.background, self.examples = nil, nil
    self.state = "scenario"
  elseif kind == "ExamplesLine" then
    self.examples = { keyword = token.keyword, name = token.name, tags = tags, line = at.line, column = at.column,
      rows = {}, description = {} }
    self.scenario.examples[#self.scenario.examples + 1] = self.examples
    self.description = self.examples.description
    self:start_description(self.examples)
    self.state = "examples"
  elseif kind == "StepLine" then
    local steps = self:steps()
    steps[#steps + 1] = new_step(token, line)
    self.state = self.scenario and "scenario_step" or "background_step"
  elseif kind == "TableRow" then
    if state == "examples" or state == "examples_table" then
      if state == "examples" then self.table_rows = nil end
      if not self.table_rows then self.table_rows = self.examples.rows end
      self:start_table(token, line, self.table_rows)
      self.state = "examples_table"
    else
      local steps = self:steps()
      local step = steps[#steps]
      if not step.data_table then step.data_table = {} end
      self:start_table(token, line, step.data_table)
      self.state = (self.scenario and "scenario_table" or "background_table")
        .. (step.doc_string and "_done" or "")
    end
  elseif kind == "DocStringSeparator" then
    local steps = self:steps()
    local step = steps[#steps]
    self.doc = { step = step, fence = token.fence, media_type = token.media_type, indent = line.indent,
      lines = {}, line = line.number, column = line.indent + 1,
      back = (self.scenario and "scenario_doc" or "background_doc") .. (step.data_table and "_done" or "") }
    self.state = "doc"
  end
end

-- One line inside a doc string: its content with the opening fence's indentation removed, or the closing fence.
function Parser:doc_line(line)
  local doc = self.doc
  local closes
  if self.markdown then
    closes = self.matchers.DocStringSeparator(line, self) ~= nil
  else
    closes = starts_with(line.trimmed, doc.fence)
  end
  if closes then
    doc.step.doc_string = { content = table.concat(doc.lines, "\n"), media_type = doc.media_type,
      fence = doc.fence, line = doc.line, column = doc.column }
    self.doc, self.state = nil, doc.back
    return
  end
  local text = line.text
  local removed = 0
  while removed < doc.indent and text:match("^%s") do
    text = text:sub(2)
    removed = removed + 1
  end
  if not self.markdown then
    local escaped = doc.fence == '"""' and '\\"\\"\\"' or "\\`\\`\\`"
    text = text:gsub(escaped:gsub("%p", "%%%0"), doc.fence)
  end
  doc.lines[#doc.lines + 1] = text
end

function Parser:language_names()
  local names = {}
  for code in pairs(self.languages) do names[#names + 1] = code end
  table.sort(names)
  return table.concat(names, ", ")
end

---@class fscript.GherkinError
---@field line integer
---@field column integer 0 at the end of the file
---@field message string

---Parses a feature file's text. Returns the document (`feature` is nil for a file without one), the list of
---errors (empty when it parsed) and the list of warnings: valid Gherkin that looks like a typo, such as a
---description line starting with `The` (read as text; did you mean `Then`?). Cucumber accepts such a file, and
---so does this parser unless `strict` is set, which makes every warning an error.
---@param text string
---With `opts.markdown` the text is Markdown with Gherkin (a `.feature.md`), its lines read by
---`fscript.gherkin.markdown`'s matchers.
---`opts.languages`: keywords by code, as gherkin-languages.json holds them.
---@param opts? {languages?: table, strict?: boolean, markdown?: boolean}
---@return {feature?: table}
---@return fscript.GherkinError[] errors
---@return fscript.GherkinError[] warnings
function M.parse(text, opts)
  local langs = opts and opts.languages or languages
  local parser = setmetatable({ errors = {}, warnings = {}, strict = opts and opts.strict == true, state = "start",
    pending_tags = {}, comments = {}, languages = langs, matchers = matchers,
    markdown = opts and opts.markdown == true, language = "en", dialect = prepare(langs.en) }, Parser)
  if parser.markdown then parser.matchers = require("fscript.gherkin.markdown").matchers() end
  if text:sub(1, 3) == "\239\187\191" then text = text:sub(4) end
  local valid, bad_byte = utf8.len(text)
  if not valid then
    local line = select(2, text:sub(1, bad_byte):gsub("\n", "")) + 1
    return { feature = nil }, { { line = line, column = 1,
      message = ("the file is not UTF-8 (byte %d); save it as UTF-8"):format(bad_byte) } }, {}
  end
  local lines = {}
  -- Every line ending a text editor writes: LF, CRLF, and the old Mac's lone CR (read as LF, a CR-only file
  -- was one long line, and ran no step).
  text = text:gsub("\r\n?", "\n")
  for raw in (text .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = raw end
  if #lines > 0 and trim(lines[#lines]) == "" then lines[#lines] = nil end
  for number, raw in ipairs(lines) do
    local trimmed = trim_left(raw)
    local line = { number = number, text = raw, trimmed = trimmed, indent = width(raw) - width(trimmed) }
    if parser.state == "doc" then
      parser:doc_line(line)
    else
      local token = parser:match(line)
      if token then
        parser:take(token, line)
      else
        local shown = trim(raw)
        local message = ("expected %s; got '%s'"):format(expected(parser.state), shown)
        local keyword, is_step = nearest_keyword(shown, parser.dialect)
        if keyword then message = message .. (" (did you mean '%s%s'?)"):format(keyword, is_step and "" or ":") end
        parser:error(number, line.indent + 1, message)
      end
    end
  end
  parser:close_table()
  local eof = #lines + 1
  if parser.state == "doc" then
    parser:error(eof, 0, ("unexpected end of file: the doc string opened on line %d is not closed with %s")
      :format(parser.doc.line, parser.doc.fence))
  elseif STATES[parser.state][1] ~= "EOF" then
    parser:error(eof, 0, "unexpected end of file; expected " .. expected(parser.state))
  end
  return { feature = parser.feature, comments = parser.comments }, parser.errors, parser.warnings
end

---A node's description as cucumber's AST holds it: its lines from the first text on, as written (indentation
---kept, blank lines too), trailing blank lines dropped, joined with newlines; "" when it has none.
---@param node {description_raw?: string[]}
---@return string
function M.description_text(node)
  local raw = node.description_raw or {}
  local last = #raw
  while last > 0 and trim(raw[last]) == "" do last = last - 1 end
  return table.concat(raw, "\n", 1, last)
end

-- `text` with every `<name>` of the header replaced by the row's value.
---Compiles a parsed document into pickles: see `fscript.gherkin.pickles`.
M.pickles = require("fscript.gherkin.pickles").compile

return M
