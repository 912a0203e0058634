---Cucumber Expressions generated from step text, for snippets: from left to right, the parameter type (of those
---used for snippets) whose regexp matches a whole word earliest and longest takes that text, and everything else
---stays literal with `(`, `{` and `/` escaped. `I have 42 "red" cukes` → `I have {int} {string} cukes`.
---Where several types tie, every combination is an expression, preferred types first, as cucumber lists them.
---
---The work is linear in the text's length: parameters are looked for in its first `M.LIMIT` bytes only (a longer
---step is literal after them, gets one expression, and says so with `searched`), each regexp tries each word
---start once, and no try copies more than those bytes.
local util = require("fscript.util")

local M = {}

---How many bytes of a step are searched for parameters.
M.LIMIT = 1024

local function host_match(regex, text)
  return util.host().regex_match(regex, text)
end

-- Whether byte `b` continues a UTF-8 sequence (10xxxxxx).
local function continuation(b)
  return b ~= nil and b >= 0x80 and b < 0xC0
end

-- The character that ends just before byte `i` ("" at the start): at most four bytes are looked at.
local function char_before(text, i)
  local j = i - 1
  while j > 1 and j > i - 4 and continuation(text:byte(j)) do j = j - 1 end
  return text:sub(math.max(j, 1), i - 1)
end

-- The character that starts at byte `i` ("" past the end).
local function char_at(text, i)
  local j = i
  while j < i + 3 and continuation(text:byte(j + 1)) do j = j + 1 end
  return text:sub(i, j)
end

-- True when a character is a word boundary: space, punctuation or symbol (or the edge). In ASCII those are the
-- space and Lua's `%p` exactly; other characters ask the host's Unicode classes.
local function boundary(char)
  if char == "" then return true end
  if #char == 1 and char:byte() < 0x80 then return char == " " or char:find("^%p") ~= nil end
  return host_match("^[\\p{Z}\\p{P}\\p{S}]", char) ~= nil
end

-- The earliest whole-word match of `anchored` (a type's regexp behind `^`) starting in bytes `from`…`last` of
-- `text`, matched against `text` up to `last` only: its start byte and matched text. Only word starts are tried.
local function find(anchored, text, from, last)
  for start = from, last do
    if not continuation(text:byte(start)) and boundary(char_before(text, start)) then
      local found = host_match(anchored, text:sub(start, last))
      if found and found[1] ~= "" and boundary(char_at(text, start + #found[1])) then return start, found[1] end
    end
  end
  return nil
end

local function escape_text(s)
  return (s:gsub("[%(%{/]", "\\%0"))
end

local function compare(a, b)
  if a.start ~= b.start then return a.start < b.start end
  if #a.text ~= #b.text then return #a.text > #b.text end
  if a.type.prefer_for_regexp_match ~= b.type.prefer_for_regexp_match then return a.type.prefer_for_regexp_match end
  return a.type.name < b.type.name
end

-- The last byte searched for parameters: `M.LIMIT`, moved back to the end of a whole character.
local function search_end(text)
  if #text <= M.LIMIT then return #text end
  local last = M.LIMIT
  while last > 0 and continuation(text:byte(last + 1)) do last = last - 1 end
  return last
end

---The expressions for `text`, best first (at least one), each `{source =, types =, searched =}`; `searched`
---is the number of bytes looked at for parameters when the text is longer than that (nil otherwise).
---@param text string
---@param types fscript.ParameterTypes
---@return {source: string, types: fscript.ParameterType[], searched?: integer}[]
function M.generate(text, types)
  local last = search_end(text)
  -- Each type's regexps with the earliest match found so far: the text only moves forward, so a match at or
  -- after the current position (or none at all) stays the answer, and each word start is tried once per regexp.
  local searches = {}
  for _, t in ipairs(types.order) do
    if t.use_for_snippets then
      for _, regexp in ipairs(t.regexps) do
        searches[#searches + 1] = { type = t, anchored = "^((?:" .. regexp .. "))" }
      end
    end
  end
  local template, choices, pos = {}, {}, 1
  while pos <= last do
    local candidates = {}
    for _, s in ipairs(searches) do
      if not s.done and (not s.start or s.start < pos) then
        s.start, s.text = find(s.anchored, text, pos, last)
        s.done = s.start == nil
      end
      if s.start then candidates[#candidates + 1] = { start = s.start, text = s.text, type = s.type } end
    end
    if #candidates == 0 then break end
    table.sort(candidates, compare)
    local best, tied, seen = candidates[1], {}, {}
    for _, c in ipairs(candidates) do
      if c.start == best.start and #c.text == #best.text and not seen[c.type] then
        seen[c.type] = true
        tied[#tied + 1] = c.type
      end
    end
    template[#template + 1] = escape_text(text:sub(pos, best.start - 1))
    template[#template + 1] = #choices + 1
    choices[#choices + 1] = tied
    pos = best.start + #best.text
  end
  template[#template + 1] = escape_text(text:sub(pos))
  local searched = last < #text and last or nil
  -- cucumber's 256 combinations at most; a step past the limit gets its best one only, so what is kept stays
  -- within a few times the step's own length.
  local most = searched and 1 or 256
  local results = {}
  local function combine(index, picked)
    if #results >= most then return end
    if index > #choices then
      local parts = {}
      for i, part in ipairs(template) do
        parts[i] = type(part) == "number" and ("{" .. picked[part].name .. "}") or part
      end
      results[#results + 1] = { source = table.concat(parts), types = { table.unpack(picked) }, searched = searched }
      return
    end
    for _, t in ipairs(choices[index]) do
      picked[index] = t
      combine(index + 1, picked)
    end
  end
  combine(1, {})
  return results
end

return M
