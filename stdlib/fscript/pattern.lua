---Step patterns: literal text with placeholders, compiled to Lua patterns.
---
---| placeholder | matches | passes |
---|---|---|
---| `{string}` | `'…'` or `"…"` (no escapes; ends at the next quote of the same kind) | the text inside the quotes |
---| `{int}` | `-?digits` | an integer |
---| `{float}` | a decimal number, `1`, `-2.5`, `.5` | a float |
---| `{word}` | a run of non-space characters | a string |
---| `{ordinal}` | `1st` `2nd` `3rd` `4th` … or `first` … `tenth` | an integer (fscript's own) |
---| `{text}` | any non-empty text (fscript's own, for names with spaces) | a string, quotes around it removed |
---
---The whole step text must match: a pattern is anchored at both ends, and spaces match any run of spaces.
---
---A pattern that starts with `^` or ends with `$` is a regular expression instead, as Frank's and
---cucumber-ruby's step files write them (`^I wait for ([\d\.]+) second(?:s)?$`): the host matches it (ICU
---syntax) and each group is passed as a string, `false` for a group that took no part.
local util = require("fscript.util")

local M = {}

-- Each kind is a list of Lua sub-patterns (alternatives) and a converter returning nil to refuse the match.
local KINDS = {
  string = { alternatives = { "'([^']*)'", '"([^"]*)"' }, convert = function(s) return s end },
  int = { alternatives = { "(%-?%d+)" }, convert = function(s) return math.tointeger(tonumber(s)) end },
  float = {
    alternatives = { "(%-?%d*%.?%d+)" },
    convert = function(s)
      local n = tonumber(s)
      return n and (n + 0.0)
    end,
  },
  word = { alternatives = { "(%S+)" }, convert = function(s) return s end },
  ordinal = { alternatives = { "(%w+)" }, convert = util.ordinal },
  text = {
    alternatives = { "(.-)" },
    convert = function(s)
      if s == "" then return nil end
      return s:match("^'(.*)'$") or s:match('^"(.*)"$') or s
    end,
  },
}

---@class fscript.Matcher
---@field source string the pattern as written
---@field regex? string set for a regular-expression pattern
---@field variants {lua: string, kinds: string[]}[] one Lua pattern per choice of quote kinds

local function escape(literal)
  local escaped = literal:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0")
  return (escaped:gsub("%s+", "%%s+"))
end

-- Splits "I touch {string} now" into {"I touch ", {kind="string"}, " now"}; unknown placeholders raise.
local function tokens(pattern)
  local list, pos = {}, 1
  for start, name, stop in pattern:gmatch("(){(%w+)}()") do
    if not KINDS[name] then
      error(("unknown placeholder {%s} in step pattern %q (known: {string} {int} {float} {word} {ordinal} {text})")
        :format(name, pattern), 0)
    end
    list[#list + 1] = pattern:sub(pos, start - 1)
    list[#list + 1] = { kind = name }
    pos = stop
  end
  list[#list + 1] = pattern:sub(pos)
  return list
end

-- Expands the alternatives of every placeholder into whole Lua patterns (2^n for n {string}s).
local function expand(list)
  local variants = { { lua = "", kinds = {} } }
  for _, token in ipairs(list) do
    local next_variants = {}
    for _, v in ipairs(variants) do
      if type(token) == "string" then
        next_variants[#next_variants + 1] = { lua = v.lua .. escape(token), kinds = v.kinds }
      else
        for _, alt in ipairs(KINDS[token.kind].alternatives) do
          local kinds = { table.unpack(v.kinds) }
          kinds[#kinds + 1] = token.kind
          next_variants[#next_variants + 1] = { lua = v.lua .. alt, kinds = kinds }
        end
      end
    end
    variants = next_variants
  end
  for _, v in ipairs(variants) do v.lua = "^" .. v.lua .. "$" end
  return variants
end

---Compiles a step pattern. An unknown placeholder raises.
---@param pattern string
---@return fscript.Matcher
function M.compile(pattern)
  local trimmed = util.trim(pattern)
  if trimmed:sub(1, 1) == "^" or trimmed:sub(-1) == "$" then
    local host = util.host().regex_match
    if not host then error("regular-expression step patterns need fscript (fscript.regex_match)", 0) end
    host(trimmed, "") -- raises for an expression that does not compile, where the step is defined
    return { source = pattern, regex = trimmed, variants = {} }
  end
  return { source = pattern, variants = expand(tokens(trimmed)) }
end

local function convert(variant, captures)
  local args = {}
  for i, kind in ipairs(variant.kinds) do
    local value = KINDS[kind].convert(captures[i])
    if value == nil then return nil end
    args[i] = value
  end
  return args
end

---Matches step text against a compiled pattern.
---@param matcher fscript.Matcher
---@param text string
---@return any[]? args the converted placeholder values, or nil when the text does not match
function M.match(matcher, text)
  text = util.trim(text)
  if matcher.regex then return util.host().regex_match(matcher.regex, text) end
  for _, variant in ipairs(matcher.variants) do
    local captures = { text:match(variant.lua) }
    if captures[1] ~= nil then
      if #variant.kinds == 0 then return {} end
      local args = convert(variant, captures)
      if args then return args end
    end
  end
  return nil
end

---The step text with quoted strings and numbers replaced by placeholders, for comparing with patterns.
---@param text string
---@return string
function M.generalize(text)
  local s = text:gsub("'[^']*'", "{string}"):gsub('"[^"]*"', "{string}")
  s = s:gsub("%f[%w%-]%-?%d+%.%d+%f[^%w]", "{float}"):gsub("%f[%w%-]%-?%d+%f[^%w]", "{int}")
  return s
end

return M
