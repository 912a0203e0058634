---Gherkin's lines: what each kind of line looks like (a step, a tag line, a table row, a doc string fence…) in
---a dialect's keywords, the matchers the parser tries in order, and the small text helpers they share.
local M = {}

local NBSP = "\u{A0}"

-- Whether the byte at `i` starts white space: ASCII white space (one byte) or a NO-BREAK SPACE (two); returns
-- its length, or nil.
local function space_at(s, i)
  local b = s:byte(i)
  if b == 32 or (b and b >= 9 and b <= 13) then return 1 end
  if b == 0xC2 and s:sub(i, i + 1) == NBSP then return 2 end
  return nil
end

-- Trims the start of ASCII white space and NO-BREAK SPACE, in any mix, as the reference parser's \s does.
-- One pass over the bytes: gsub("%s+$") costs quadratic time on a long run of inner spaces.
function M.trim_left(s)
  local i = 1
  while true do
    local n = space_at(s, i)
    if not n then break end
    i = i + n
  end
  return i == 1 and s or s:sub(i)
end

-- Trims both ends of ASCII white space and NO-BREAK SPACE, in any mix.
function M.trim(s)
  s = M.trim_left(s)
  local j = #s
  while j > 0 do
    local b = s:byte(j)
    if b == 32 or (b >= 9 and b <= 13) then
      j = j - 1
    elseif j > 1 and s:sub(j - 1, j) == NBSP then
      j = j - 2
    else
      break
    end
  end
  return s:sub(1, j)
end

-- The number of characters (not bytes) in `s`.
function M.width(s)
  return utf8.len(s) or #s
end

function M.starts_with(s, prefix)
  return s:sub(1, #prefix) == prefix
end

-- A dialect's keywords ready for matching: each kind's list longest first (the reference parser prefers the
-- longest keyword: French "Etant donné que " before "Etant donné "), and each step keyword's type.
function M.prepare(spec)
  local function sorted(list)
    local copy = {}
    for i, k in ipairs(list or {}) do copy[i] = k end
    table.sort(copy, function(a, b) return M.width(a) > M.width(b) end)
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
    if M.width(a.keyword) ~= M.width(b.keyword) then return M.width(a.keyword) > M.width(b.keyword) end
    return a.keyword < b.keyword
  end)
  d.steps = steps
  return d
end

-- The line kinds and how each is matched. A matcher returns a token table or nil.
local matchers = {}
M.matchers = matchers

function matchers.Empty(line)
  if line.trimmed == "" then return { kind = "Empty" } end
end

function matchers.Comment(line)
  if M.starts_with(line.trimmed, "#") then return { kind = "Comment" } end
end

function matchers.Language(line)
  local code = line.trimmed:match("^#%s*language%s*:%s*([%w%-_]+)%s*$")
  if code then return { kind = "Language", code = code } end
end

function matchers.TagLine(line, parser)
  if not M.starts_with(line.trimmed, "@") then return nil end
  local text = line.trimmed
  local comment = text:find("%s#")
  if comment then text = text:sub(1, comment - 1) end
  local tags, offset = {}, line.indent
  -- Split on "@": each piece is one tag; its column counts the characters before it on the line.
  -- `before` counts the characters before the current piece's "@", kept as the pieces go (measuring the whole
  -- prefix again for each tag made 100,000 tags on one line quadratic).
  local position, before = 1, 0
  for piece in (text .. "@"):gmatch("(.-)@") do
    if position > 1 then
      local name = M.trim(piece)
      if name ~= "" then
        local column = offset + before + 1
        if name:find("%s") then
          parser:error(line.number, column, "a tag may not contain whitespace: '@" .. name .. "'")
        else
          tags[#tags + 1] = { name = "@" .. name, line = line.number, column = column }
        end
      end
    end
    before = before + (position > 1 and 1 or 0) + M.width(piece)
    position = position + #piece + 1
  end
  return { kind = "TagLine", tags = tags }
end

-- A title line: `Keyword: name`, with `kind` the dialect's list to try.
local function title(kind, token_kind)
  return function(line, parser)
    for _, keyword in ipairs(parser.dialect[kind]) do
      if M.starts_with(line.trimmed, keyword .. ":") then
        return { kind = token_kind, keyword = keyword, name = M.trim(line.trimmed:sub(#keyword + 2)),
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
    if M.starts_with(line.trimmed, step.keyword) then
      return { kind = "StepLine", keyword = step.keyword, type = step.type,
        text = M.trim(line.trimmed:sub(#step.keyword + 1)) }
    end
  end
end

function matchers.DocStringSeparator(line)
  for _, fence in ipairs({ '"""', "```" }) do
    if M.starts_with(line.trimmed, fence) then
      local media = M.trim(line.trimmed:sub(4))
      return { kind = "DocStringSeparator", fence = fence, media_type = media ~= "" and media or nil }
    end
  end
end

-- The length of `s` in UTF-16 code units, the unit cucumber's (JavaScript) parser counts a cell's column in.
local function utf16_length(s)
  local n = 0
  for _, cp in utf8.codes(s, true) do n = n + (cp > 0xFFFF and 2 or 1) end
  return n
end
M.utf16_length = utf16_length

-- The cells of a table row: split on unescaped pipes, with `\|`, `\\` and `\n` unescaped (any other backslash
-- stays), each trimmed. Whatever follows the last pipe is not a cell. `offset` is where the cell's text starts
-- counted from the row's first pipe (1), as cucumber's AST gives the cell's column.
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
      local untrimmed = text:sub(start, i - 1)
      local raw = M.trim(untrimmed)
      local value = raw:gsub("\\(.)", function(e)
        if e == "n" then return "\n" end
        if e == "|" or e == "\\" then return e end
        return "\\" .. e
      end)
      local lead = #untrimmed - #M.trim_left(untrimmed)
      cells[#cells + 1] = { value = value, offset = utf16_length(text:sub(1, start - 1 + lead)) + 1 }
      i = i + 1
      start = i
    else
      i = i + 1
    end
  end
  return cells
end

function matchers.TableRow(line)
  if M.starts_with(line.trimmed, "|") then
    return { kind = "TableRow", cells = cells_of(line) }
  end
end

function matchers.Other(line)
  return { kind = "Other", text = line.text }
end

return M
