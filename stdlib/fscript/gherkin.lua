---Gherkin: parses `.feature` files and compiles their scenarios into pickles (a scenario as the runner runs it:
---Background steps first, a Scenario Outline expanded once per Examples row, tags inherited).
---
---Written here because no Gherkin parser is packaged for Lua or in the Swift package mirror; it follows the
---official parser's grammar (cucumber/gherkin) line by line, and `Tests/lua/gherkin_conformance_spec.lua` checks
---it against that parser's own test data in `../shared/gherkin/`. Each state lists the line kinds it accepts in
---the order they are tried, as the reference parser does, so a line means what it would mean there (`Given x` in
---a description is description text). A line no state accepts is an error with its line and column; parsing
---goes on after it, so one run reports every error.
local languages = require("fscript.gherkin_languages")

local M = {}

---The dialects fscript knows without help (`# language: de`): see `fscript.gherkin_languages`.
M.languages = languages

local function trim_left(s)
  repeat
    local before = s
    s = s:gsub("^%s+", "")
    if s:sub(1, 2) == "\u{A0}" then s = s:sub(3) end
  until s == before
  return s
end

-- Trims both ends of ASCII whitespace and NO-BREAK SPACE, in any mix, as the reference parser's \s does.
local function trim(s)
  repeat
    local before = s
    s = s:gsub("^%s+", ""):gsub("%s+$", "")
    if s:sub(1, 2) == "\u{A0}" then s = s:sub(3) end
    if s:sub(-2) == "\u{A0}" then s = s:sub(1, -3) end
  until s == before
  return s
end

-- The number of characters (not bytes) in `s`.
local function width(s)
  return utf8.len(s) or #s
end

local function starts_with(s, prefix)
  return s:sub(1, #prefix) == prefix
end

-- A dialect's keywords ready for matching: each kind's list longest first (the reference parser prefers the
-- longest keyword: French "Etant donné que " before "Etant donné "), and each step keyword's type.
local function prepare(spec)
  local function sorted(list)
    local copy = {}
    for i, k in ipairs(list or {}) do copy[i] = k end
    table.sort(copy, function(a, b) return width(a) > width(b) end)
    return copy
  end
  local d = { feature = sorted(spec.feature), rule = sorted(spec.rule), background = sorted(spec.background),
    scenario = sorted(spec.scenario), outline = sorted(spec.scenarioOutline), examples = sorted(spec.examples) }
  local kinds = {}
  local function note(list, kind)
    for _, k in ipairs(list or {}) do
      kinds[k] = kinds[k] or {}
      kinds[k][kind] = true
    end
  end
  note(spec.given, "Context")
  note(spec.when, "Action")
  note(spec["then"], "Outcome")
  note(spec["and"], "Conjunction")
  note(spec.but, "Conjunction")
  local steps = {}
  for keyword, set in pairs(kinds) do
    local count, only = 0, nil
    for kind in pairs(set) do count, only = count + 1, kind end
    steps[#steps + 1] = { keyword = keyword, type = count == 1 and only or "Unknown" }
  end
  table.sort(steps, function(a, b)
    if width(a.keyword) ~= width(b.keyword) then return width(a.keyword) > width(b.keyword) end
    return a.keyword < b.keyword
  end)
  d.steps = steps
  return d
end

-- The line kinds and how each is matched. A matcher returns a token table or nil.
local matchers = {}

function matchers.Empty(line)
  if line.trimmed == "" then return { kind = "Empty" } end
end

function matchers.Comment(line)
  if starts_with(line.trimmed, "#") then return { kind = "Comment" } end
end

function matchers.Language(line)
  local code = line.trimmed:match("^#%s*language%s*:%s*([%w%-_]+)%s*$")
  if code then return { kind = "Language", code = code } end
end

function matchers.TagLine(line, parser)
  if not starts_with(line.trimmed, "@") then return nil end
  local text = line.trimmed
  local comment = text:find("%s#")
  if comment then text = text:sub(1, comment - 1) end
  local tags, offset = {}, line.indent
  -- Split on "@": each piece is one tag; its column counts the characters before it on the line.
  local position = 1
  for piece in (text .. "@"):gmatch("(.-)@") do
    if position > 1 then
      local name = piece:gsub("%s+$", "")
      if name ~= "" then
        local column = offset + width(text:sub(1, position - 2)) + 1
        if name:find("%s") then
          parser:error(line.number, column, "a tag may not contain whitespace: '@" .. name .. "'")
        else
          tags[#tags + 1] = { name = "@" .. name, line = line.number, column = column }
        end
      end
    end
    position = position + #piece + 1
  end
  return { kind = "TagLine", tags = tags }
end

-- A title line: `Keyword: name`, with `kind` the dialect's list to try.
local function title(kind, token_kind)
  return function(line, parser)
    for _, keyword in ipairs(parser.dialect[kind]) do
      if starts_with(line.trimmed, keyword .. ":") then
        return { kind = token_kind, keyword = keyword, name = trim(line.trimmed:sub(#keyword + 2)),
          outline = kind == "outline" }
      end
    end
  end
end
matchers.FeatureLine = title("feature", "FeatureLine")
matchers.RuleLine = title("rule", "RuleLine")
matchers.BackgroundLine = title("background", "BackgroundLine")
matchers.ExamplesLine = title("examples", "ExamplesLine")
local outline_line, scenario_line = title("outline", "ScenarioLine"), title("scenario", "ScenarioLine")
function matchers.ScenarioLine(line, parser)
  return outline_line(line, parser) or scenario_line(line, parser)
end

function matchers.StepLine(line, parser)
  for _, step in ipairs(parser.dialect.steps) do
    if starts_with(line.trimmed, step.keyword) then
      return { kind = "StepLine", keyword = step.keyword, type = step.type,
        text = trim(line.trimmed:sub(#step.keyword + 1)) }
    end
  end
end

function matchers.DocStringSeparator(line)
  for _, fence in ipairs({ '"""', "```" }) do
    if starts_with(line.trimmed, fence) then
      local media = trim(line.trimmed:sub(4))
      return { kind = "DocStringSeparator", fence = fence, media_type = media ~= "" and media or nil }
    end
  end
end

-- The cells of a table row: split on unescaped pipes, with `\|`, `\\` and `\n` unescaped (any other backslash
-- stays), each trimmed. Whatever follows the last pipe is not a cell.
local function cells_of(line)
  local cells = {}
  local text = line.trimmed
  local i, start = 2, 2
  while i <= #text do
    local c = text:sub(i, i)
    if c == "\\" then
      i = i + 2
    elseif c == "|" then
      -- Trimmed before unescaping: an escaped "\n" at either end is content.
      local raw = trim(text:sub(start, i - 1))
      local value = raw:gsub("\\(.)", function(e)
        if e == "n" then return "\n" end
        if e == "|" or e == "\\" then return e end
        return "\\" .. e
      end)
      cells[#cells + 1] = { value = value }
      i = i + 1
      start = i
    else
      i = i + 1
    end
  end
  return cells
end

function matchers.TableRow(line)
  if starts_with(line.trimmed, "|") then
    return { kind = "TableRow", cells = cells_of(line) }
  end
end

function matchers.Other(line)
  return { kind = "Other", text = line.text }
end

-- The states: the line kinds each accepts, in the order the reference parser tries them. `scenario_end` lists
-- what may follow a scenario's last line (another scenario, examples, a rule, tags for one of them).
local AFTER_SCENARIO = { "TagLine", "ExamplesLine", "ScenarioLine", "RuleLine" }
local function with(list, more)
  local out = {}
  for _, k in ipairs(list) do out[#out + 1] = k end
  for _, k in ipairs(more) do out[#out + 1] = k end
  return out
end
local STATES = {
  start = { "EOF", "Language", "TagLine", "FeatureLine", "Comment", "Empty" },
  feature_tags = { "TagLine", "FeatureLine", "Comment", "Empty" },
  feature = { "EOF", "Empty", "Comment", "BackgroundLine", "TagLine", "ScenarioLine", "RuleLine", "Other" },
  rule = { "EOF", "Empty", "Comment", "BackgroundLine", "TagLine", "ScenarioLine", "RuleLine", "Other" },
  tags = { "TagLine", "ScenarioLine", "RuleLine", "Comment", "Empty" },
  background = { "EOF", "Empty", "Comment", "StepLine", "TagLine", "ScenarioLine", "RuleLine", "Other" },
  background_step = { "EOF", "TableRow", "DocStringSeparator", "StepLine", "TagLine", "ScenarioLine", "RuleLine",
    "Comment", "Empty" },
  -- A step may have a data table and a doc string, one after the other (either order), but one of each.
  background_table = { "EOF", "TableRow", "DocStringSeparator", "StepLine", "TagLine", "ScenarioLine", "RuleLine",
    "Comment", "Empty" },
  background_table_done = { "EOF", "TableRow", "StepLine", "TagLine", "ScenarioLine", "RuleLine", "Comment",
    "Empty" },
  background_doc = { "EOF", "TableRow", "StepLine", "TagLine", "ScenarioLine", "RuleLine", "Comment", "Empty" },
  background_doc_done = { "EOF", "StepLine", "TagLine", "ScenarioLine", "RuleLine", "Comment", "Empty" },
  scenario = with({ "EOF", "Empty", "Comment", "StepLine" }, with(AFTER_SCENARIO, { "Other" })),
  scenario_step = with({ "EOF", "TableRow", "DocStringSeparator", "StepLine" }, with(AFTER_SCENARIO,
    { "Comment", "Empty" })),
  scenario_table = with({ "EOF", "TableRow", "DocStringSeparator", "StepLine" }, with(AFTER_SCENARIO,
    { "Comment", "Empty" })),
  scenario_table_done = with({ "EOF", "TableRow", "StepLine" }, with(AFTER_SCENARIO, { "Comment", "Empty" })),
  scenario_doc = with({ "EOF", "TableRow", "StepLine" }, with(AFTER_SCENARIO, { "Comment", "Empty" })),
  scenario_doc_done = with({ "EOF", "StepLine" }, with(AFTER_SCENARIO, { "Comment", "Empty" })),
  scenario_tags = { "TagLine", "ExamplesLine", "ScenarioLine", "RuleLine", "Comment", "Empty" },
  examples = with({ "EOF", "Empty", "Comment", "TableRow" }, with(AFTER_SCENARIO, { "Other" })),
  examples_table = with({ "EOF", "TableRow" }, with(AFTER_SCENARIO, { "Comment", "Empty" })),
}

-- The Levenshtein distance between two byte strings.
local function edit_distance(a, b)
  local prev = {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = { [0] = i }
    for j = 1, #b do
      cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a:sub(i, i) == b:sub(j, j) and 0 or 1))
    end
    prev = cur
  end
  return prev[#b]
end

local function util_trim(s)
  return (s:gsub("^%s+", ""):gsub("%s+$", ""))
end

-- The keyword a mistyped line probably meant (`Scenaro: x` → `Scenario:`, `Givn x` → `Given `), or nil; an
-- exact keyword is not a typo. Returns the keyword and whether it is a step keyword.
local function nearest_keyword(text, dialect)
  local word = text:match("^([^:]+):")
  if not word then
    local first = text:match("^(%S+)%s")
    if not first then return nil end
    local best, best_distance
    for _, step in ipairs(dialect.steps) do
      local keyword = util_trim(step.keyword)
      local d = edit_distance(first:lower(), keyword:lower())
      if keyword ~= "*" and d > 0 and d <= math.max(1, #keyword // 4) and (not best_distance or d < best_distance) then
        best, best_distance = keyword, d
      end
    end
    return best, true
  end
  local best, best_distance
  for _, kind in ipairs({ "feature", "rule", "background", "scenario", "outline", "examples" }) do
    for _, keyword in ipairs(dialect[kind]) do
      local d = edit_distance(word:lower(), keyword:lower())
      if d > 0 and d <= math.max(2, #keyword // 4) and (not best_distance or d < best_distance) then
        best, best_distance = keyword, d
      end
    end
  end
  return best
end

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
  for _, kind in ipairs(STATES[self.state]) do
    if kind ~= "EOF" and not (kind == "Language" and self.feature) then
      local token = matchers[kind](line, self)
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
    column = line.indent + 1 }
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
  into[#into + 1] = { cells = row.cells, line = line.number, column = line.indent + 1 }
end

-- Handles one token in the current state and moves to the next state.
function Parser:take(token, line)
  local kind, state = token.kind, self.state
  if kind == "Empty" or kind == "Comment" then
    if self.description and kind == "Empty" then self.description[#self.description + 1] = "" end
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
    -- Description text one typo away from a keyword (`Scenaro: …`) would silently swallow a scenario.
    -- So would a step keyword typo (`Givn …`) before a scenario's or background's first step. Cucumber reads
    -- both as text, and so do we (a description may well start with `The` or `An`), but say so.
    local keyword, is_step = nearest_keyword(line.trimmed, self.dialect)
    if keyword and not is_step then
      self:warn(line.number, line.indent + 1, ("'%s' is read as description text; did you mean '%s:'?")
        :format(util_trim(line.trimmed:match("^[^:]+:") or line.trimmed), keyword))
    elseif keyword and (self.state == "scenario" or self.state == "background") then
      self:warn(line.number, line.indent + 1, ("'%s' is read as description text; did you mean '%s'?")
        :format(line.trimmed:match("^%S+"), keyword))
    end
    return
  end
  self.description = nil
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
  local at = { line = line.number, column = line.indent + 1 }
  if kind == "FeatureLine" then
    self.feature = { keyword = token.keyword, name = token.name, tags = tags, line = at.line, column = at.column,
      language = self.language, children = {}, description = {} }
    self.description = self.feature.description
    self.scenario, self.background, self.rule = nil, nil, nil
    self.state = "feature"
  elseif kind == "RuleLine" then
    self.rule = { keyword = token.keyword, name = token.name, tags = tags, line = at.line, column = at.column,
      children = {}, description = {} }
    self.feature.children[#self.feature.children + 1] = { rule = self.rule }
    self.description = self.rule.description
    self.scenario, self.background = nil, nil
    self.state = "rule"
  elseif kind == "BackgroundLine" then
    self.background = { keyword = token.keyword, name = token.name, line = at.line, column = at.column, steps = {},
      description = {} }
    local c = self:container()
    c.children[#c.children + 1] = { background = self.background }
    self.description = self.background.description
    self.scenario = nil
    self.state = "background"
  elseif kind == "ScenarioLine" then
    self.scenario = { keyword = token.keyword, name = token.name, tags = tags, line = at.line, column = at.column,
      steps = {}, examples = {}, outline = token.outline, description = {} }
    local c = self:container()
    c.children[#c.children + 1] = { scenario = self.scenario }
    self.description = self.scenario.description
    self.background, self.examples = nil, nil
    self.state = "scenario"
  elseif kind == "ExamplesLine" then
    self.examples = { keyword = token.keyword, name = token.name, tags = tags, line = at.line, column = at.column,
      rows = {} }
    self.scenario.examples[#self.scenario.examples + 1] = self.examples
    self.description = {}
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
      lines = {}, line = line.number,
      back = (self.scenario and "scenario_doc" or "background_doc") .. (step.data_table and "_done" or "") }
    self.state = "doc"
  end
end

-- One line inside a doc string: its content with the opening fence's indentation removed, or the closing fence.
function Parser:doc_line(line)
  local doc = self.doc
  if starts_with(line.trimmed, doc.fence) then
    doc.step.doc_string = { content = table.concat(doc.lines, "\n"), media_type = doc.media_type,
      fence = doc.fence, line = doc.line }
    self.doc, self.state = nil, doc.back
    return
  end
  local text = line.text
  local removed = 0
  while removed < doc.indent and text:match("^%s") do
    text = text:sub(2)
    removed = removed + 1
  end
  local escaped = doc.fence == '"""' and '\\"\\"\\"' or "\\`\\`\\`"
  text = text:gsub(escaped:gsub("%p", "%%%0"), doc.fence)
  doc.lines[#doc.lines + 1] = text
end

function Parser:language_names()
  local names = {}
  for code in pairs(self.languages) do names[#names + 1] = code end
  table.sort(names)
  return table.concat(names, ", ")
end

-- What the state expected, for an error message: `a step, a table row, …`.
local WORDS = { EOF = "the end of the file", Language = "# language:", TagLine = "a tag line",
  FeatureLine = "Feature:", RuleLine = "Rule:", BackgroundLine = "Background:", ScenarioLine = "Scenario:",
  ExamplesLine = "Examples:", StepLine = "a step", TableRow = "a table row", DocStringSeparator = '"""',
  Comment = "a comment", Empty = "an empty line", Other = "a description" }

local function expected(state)
  local out = {}
  for _, kind in ipairs(STATES[state]) do
    if kind ~= "Comment" and kind ~= "Empty" and kind ~= "Language" then out[#out + 1] = WORDS[kind] end
  end
  return table.concat(out, ", ")
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
---@param opts? {languages?: table, strict?: boolean} languages: keywords by code, as gherkin-languages.json holds them
---@return {feature?: table}
---@return fscript.GherkinError[] errors
---@return fscript.GherkinError[] warnings
function M.parse(text, opts)
  local langs = opts and opts.languages or languages
  local parser = setmetatable({ errors = {}, warnings = {}, strict = opts and opts.strict == true, state = "start",
    pending_tags = {}, languages = langs, language = "en", dialect = prepare(langs.en) }, Parser)
  if text:sub(1, 3) == "\239\187\191" then text = text:sub(4) end
  local valid, bad_byte = utf8.len(text)
  if not valid then
    local line = select(2, text:sub(1, bad_byte):gsub("\n", "")) + 1
    return { feature = nil }, { { line = line, column = 1,
      message = ("the file is not UTF-8 (byte %d); save it as UTF-8"):format(bad_byte) } }, {}
  end
  local lines = {}
  for raw in (text .. "\n"):gmatch("(.-)\r?\n") do lines[#lines + 1] = raw end
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
  return { feature = parser.feature }, parser.errors, parser.warnings
end

-- `text` with every `<name>` of the header replaced by the row's value.
local function interpolate(text, header, values)
  if text == nil then return nil end
  for i, name in ipairs(header) do
    local pattern = "<" .. name:gsub("%p", "%%%0") .. ">"
    local replacement = (values[i] or ""):gsub("%%", "%%%%")
    text = text:gsub(pattern, replacement)
  end
  return text
end

local function pickle_step(step, header, values, last_type)
  local type = step.type == "Conjunction" and last_type or step.type
  local out = { keyword = step.keyword, type = type, line = step.line, column = step.column,
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

local function tag_names(...)
  local out = {}
  for _, list in ipairs({ ... }) do
    for _, tag in ipairs(list) do out[#out + 1] = tag.name end
  end
  return out
end

-- The same tags with where they stand, for reports that want their lines (cucumber's JSON).
local function tag_records(...)
  local out = {}
  for _, list in ipairs({ ... }) do
    for _, tag in ipairs(list) do out[#out + 1] = { name = tag.name, line = tag.line } end
  end
  return out
end

---@class fscript.Pickle
---@field name string
---@field line integer
---@field column integer
---@field tags string[]
---@field steps {keyword: string, type: string, text: string, line: integer, data_table?: string[][], doc_string?: {content: string, media_type?: string}}[]
---@field feature string
---@field rule? string
---@field language string
---@field tag_records {name: string, line: integer}[] the tags with their lines
---@field feature_info {keyword: string, line: integer, description: string, tags: {name: string, line: integer}[]}
---@field background? fscript.PickleBackground the Background its first steps come from (they have `background = true`)
---@field example? fscript.PickleExample for a Scenario Outline's row: which row it is

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
function M.pickles(doc)
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
      local p = { name = scenario.name, line = scenario.line, column = scenario.column,
        tags = tag_names(inherited, scenario.tags), tag_records = tag_records(inherited, scenario.tags),
        steps = steps_for(nil, nil) }
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
          local p = { name = interpolate(scenario.name, header, values), line = rows[r].line,
            column = rows[r].column, tags = tag_names(inherited, scenario.tags, examples.tags),
            tag_records = tag_records(inherited, scenario.tags, examples.tags),
            steps = steps_for(header, values), examples = examples.name, outline_line = scenario.line,
            example = { outline = scenario.name, keyword = examples.keyword, name = examples.name,
              line = examples.line, index = t, row = r, values = values } }
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
