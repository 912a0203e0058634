---Cucumber Expressions generated from step text, for snippets: from left to right, the parameter type (of those
---used for snippets) whose regexp matches a whole word earliest and longest takes that text, and everything else
---stays literal with `(`, `{` and `/` escaped. `I have 42 "red" cukes` → `I have {int} {string} cukes`.
---Where several types tie, every combination is an expression, preferred types first, as cucumber lists them.
local util = require("fscript.util")

local M = {}

local function host_match(regex, text)
  return util.host().regex_match(regex, text)
end

-- True when the character around a match is a word boundary: space, punctuation or symbol (or the edge).
local function boundary(char)
  if char == "" then return true end
  return host_match("^[\\p{Z}\\p{P}\\p{S}]", char) ~= nil
end

-- The earliest whole-word match of `regexp` at or after byte `from` of `text`: start byte and matched text.
local function find(regexp, text, from)
  for start = from, #text do
    local byte = text:byte(start)
    local rest = (byte < 0x80 or byte >= 0xC0) and text:sub(start) or nil -- not inside a UTF-8 sequence
    local found = rest and host_match("^((?:" .. regexp .. "))", rest)
    if found and found[1] ~= "" then
      local before = text:sub(1, start - 1):match("[%z\1-\127\194-\244][\128-\191]*$") or ""
      local after = rest:sub(#found[1] + 1):match("^[%z\1-\127\194-\244][\128-\191]*") or ""
      if boundary(before) and boundary(after) then return start, found[1] end
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

---The expressions for `text`, best first (at least one), each `{source =, types =}`.
---@param text string
---@param types fscript.ParameterTypes
---@return {source: string, types: fscript.ParameterType[]}[]
function M.generate(text, types)
  local template, choices, pos = {}, {}, 1
  while pos <= #text do
    local candidates = {}
    for _, t in ipairs(types.order) do
      if t.use_for_snippets then
        for _, regexp in ipairs(t.regexps) do
          local start, matched = find(regexp, text, pos)
          if start then candidates[#candidates + 1] = { start = start, text = matched, type = t } end
        end
      end
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
  local results = {}
  local function combine(index, picked)
    if #results >= 256 then return end
    if index > #choices then
      local parts = {}
      for i, part in ipairs(template) do
        parts[i] = type(part) == "number" and ("{" .. picked[part].name .. "}") or part
      end
      results[#results + 1] = { source = table.concat(parts), types = { table.unpack(picked) } }
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
