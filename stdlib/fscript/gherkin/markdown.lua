---Markdown with Gherkin (`.feature.md`, MDG), read as cucumber's gherkin reads it: the file is Markdown, and only
---some of its lines are Gherkin. Headings `# Feature:`, `## Rule:`, `## Background:`, `### Scenario:` (or
---`Scenario Outline:`), `#### Examples:` (one to six `#`); bullet steps `* Given …` (`*`, `+` or `-`, a step keyword
---other than `*`); tables indented two to five spaces (a `| --- |` line of a Markdown table is skipped); tags
---in backticks anywhere on a line (`` `@smoke` ``); doc strings fenced with three or more backticks. Every
---other line is prose: ignored, or a description's text once the description has begun. The first line that
---is no tag line is the feature line, whether or not it says `Feature:` (cucumber lets a document start with
---any heading). There is no `# language:` line: a heading is no comment.
---
---The parser is fscript's Gherkin parser (`fscript.gherkin.parser`) with these matchers in place of Gherkin's, so the
---grammar, the AST and the pickles are the same; the matchers follow cucumber's GherkinInMarkdownTokenMatcher,
---quirks included (a line of prose is an "Empty" line to the grammar, so prose does not break a scenario).
local gherkin = require("fscript.gherkin.parser")
local lines_mod = require("fscript.gherkin.lines")
local classic = lines_mod.matchers

local M = {}

local HEADING = "^(#+%s)"
local BULLET = "^(%s*[%*%+%-]%s*)"

-- A heading or bullet followed by one of `keywords` and `suffix`: the token, with where the keyword starts.
local function titled(line, prefix_pattern, keywords, suffix)
  local prefix = line.trimmed:match(prefix_pattern)
  if not prefix then return nil end
  if prefix_pattern == HEADING and #prefix - 1 > 6 then return nil end
  local rest = line.trimmed:sub(#prefix + 1)
  for _, keyword in ipairs(keywords) do
    if rest:sub(1, #keyword + #suffix) == keyword .. suffix then
      return { keyword = keyword, name = lines_mod.trim(rest:sub(#keyword + #suffix + 1)),
        indent = line.indent + lines_mod.width(prefix) }
    end
  end
end

-- Whether a row's cells hold a Markdown table's alignment line (`---`, `:--`, `--:`).
local function separator_row(line)
  if not lines_mod.starts_with(line.trimmed, "|") then return false end
  for _, cell in ipairs(classic.TableRow(line).cells) do
    if cell.value:match("^:?%-+:?$") then return true end
  end
  return false
end

---The matchers for one Markdown document (they keep state: whether the feature line was seen, the open fence).
---@return table matchers by line kind, as `gherkin.parse` takes them
function M.matchers()
  local m = {}
  local feature_seen = false
  local fence = nil -- the open doc string's backticks, or nil

  function m.EOF() return nil end
  function m.Language() return nil end

  function m.TagLine(line)
    local tags = {}
    local init = 1
    while true do
      local s, e, name = line.trimmed:find("`(@[^`]+)`", init)
      if not s then break end
      -- The column counts UTF-16 code units after the indentation, as cucumber's (JavaScript) does.
      tags[#tags + 1] = { name = name, line = line.number,
        column = line.indent + lines_mod.utf16_length(line.trimmed:sub(1, s - 1)) + 2 }
      init = e + 1
    end
    if #tags > 0 then return { kind = "TagLine", tags = tags } end
  end

  function m.FeatureLine(line, parser)
    if feature_seen then return nil end
    feature_seen = true
    local t = titled(line, HEADING, parser.dialect.feature, ":")
    if t then
      t.kind = "FeatureLine"
      return t
    end
    -- Any first line is the feature line: a document need not start with `# Feature:`.
    return { kind = "FeatureLine", keyword = nil, name = line.trimmed }
  end

  local function title(kind, token_kind)
    return function(line, parser)
      local t = titled(line, HEADING, parser.dialect[kind], ":")
      if t then
        t.kind, t.outline = token_kind, kind == "outline"
        return t
      end
    end
  end
  m.BackgroundLine = title("background", "BackgroundLine")
  m.RuleLine = title("rule", "RuleLine")
  m.ExamplesLine = title("examples", "ExamplesLine")
  local scenario_line, outline_line = title("scenario", "ScenarioLine"), title("outline", "ScenarioLine")
  function m.ScenarioLine(line, parser)
    return scenario_line(line, parser) or outline_line(line, parser)
  end

  function m.StepLine(line, parser)
    local keywords, types = {}, {}
    for _, step in ipairs(parser.dialect.steps) do
      if step.keyword ~= "* " then
        keywords[#keywords + 1] = step.keyword
        types[step.keyword] = step.type
      end
    end
    local t = titled(line, BULLET, keywords, "")
    if t then
      return { kind = "StepLine", keyword = t.keyword, type = types[t.keyword], text = t.name, indent = t.indent }
    end
  end

  -- A Gherkin table row is indented two to five spaces; a Markdown table's alignment line is not a row.
  function m.TableRow(line)
    if not line.text:match("^%s%s%s?%s?%s?|") or separator_row(line) then return nil end
    return classic.TableRow(line)
  end

  -- The alignment line of a Markdown table, at any indentation: skipped, as a comment is.
  function m.Comment(line)
    if separator_row(line) then return { kind = "Comment", hidden = true } end
  end

  function m.DocStringSeparator(line)
    if fence then
      if line.trimmed == fence then
        fence = nil
        return { kind = "DocStringSeparator", fence = line.trimmed }
      end
      return nil
    end
    local ticks, rest = line.trimmed:match("^(````*)(.*)")
    if not ticks then return nil end
    fence = ticks
    return { kind = "DocStringSeparator", fence = ticks, media_type = rest ~= "" and rest or nil }
  end

  -- An empty line, or one that is nothing else (prose). Like cucumber's, it asks every other matcher, and so
  -- has their effects (a fence it sees opens or closes a doc string).
  function m.Empty(line, parser)
    local other = m.TagLine(line, parser) or (not feature_seen and m.FeatureLine(line, parser))
      or m.ScenarioLine(line, parser) or m.BackgroundLine(line, parser) or m.ExamplesLine(line, parser)
      or m.RuleLine(line, parser) or m.TableRow(line, parser) or m.Comment(line, parser)
      or m.DocStringSeparator(line, parser) or m.StepLine(line, parser)
    if line.trimmed == "" or not other then return { kind = "Empty" } end
  end

  m.Other = classic.Other
  return m
end

---Parses a `.feature.md` document: as `gherkin.parse`, with Markdown's lines.
---@param text string
---@param opts? {languages?: table, strict?: boolean}
---@return {feature?: table, comments: table[]}
---@return fscript.GherkinError[] errors
---@return fscript.GherkinError[] warnings
function M.parse(text, opts)
  local o = { markdown = true }
  for k, v in pairs(opts or {}) do o[k] = v end
  return gherkin.parse(text, o)
end

return M
