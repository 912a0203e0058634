---Tag filters, as `--tags` takes them. Two forms:
---
---* Cucumber's tag expressions: `@smoke`, `@smoke and not @slow`, `(@a or @b) and not @wip`, with `and`, `or`,
---  `not` and parentheses (`not` binds tightest, then `and`, then `or`), and tags written with their `@`.
---* fscript's first form, still accepted: a comma-separated list where `smoke` includes and `~slow` excludes
---  (`smoke,~slow` = `@smoke and not @slow`; `a,b` = `@a or @b`; `~wip` = `not @wip`).
---
---An empty or missing filter runs everything. A malformed one is an expected failure: nil and a message that
---says where (`bad tag expression "@a and": expected a tag after 'and' at column 8`).
local util = require("fscript.util")

local M = {}

---@class fscript.TagFilter
---@field source string the filter as given
---@field test fun(tags: table<string, true>): boolean
---@field empty boolean true when the filter selects everything

local function normalize(tag)
  return (util.trim(tag):gsub("^@", ""))
end

-- The comma form: include terms are or-ed, exclude terms must all be absent.
local function parse_list(spec)
  local include, exclude, has_include = {}, {}, false
  for term in (spec .. ","):gmatch("([^,]*),") do
    local negated, name = term:match("^%s*(~?)(.-)%s*$")
    name = normalize(name)
    if name == "" or name:find("[%s~,()]") then
      return nil, ("bad tag filter %q: term %q is not a tag (write @smoke and not @slow, or smoke,~slow)")
        :format(spec, term)
    end
    if negated == "~" then exclude[name] = true else include[name], has_include = true, true end
  end
  return function(tags)
    for tag in pairs(exclude) do if tags[tag] then return false end end
    if not has_include then return true end
    for tag in pairs(include) do if tags[tag] then return true end end
    return false
  end
end

-- Cucumber's tag expressions, by recursive descent over words and parentheses.
local function parse_expression(spec)
  local tokens = {}
  local position = 1
  while position <= #spec do
    local space = spec:match("^%s+", position)
    if space then
      position = position + #space
    elseif spec:sub(position, position):match("[()]") then
      tokens[#tokens + 1] = { text = spec:sub(position, position), column = position }
      position = position + 1
    else
      local word = spec:match("^[^%s()]+", position)
      tokens[#tokens + 1] = { text = word, column = position }
      position = position + #word
    end
  end
  local index = 1
  local function fail(expected)
    local token = tokens[index]
    local where = token and ("at column %d, found '%s'"):format(token.column, token.text) or "at the end"
    return ("bad tag expression %q: expected %s %s"):format(spec, expected, where)
  end
  local parse_or
  local function parse_primary()
    local token = tokens[index]
    if token and token.text == "not" then
      index = index + 1
      local operand, err = parse_primary()
      if not operand then return nil, err end
      return function(tags) return not operand(tags) end
    elseif token and token.text == "(" then
      index = index + 1
      local inner, err = parse_or()
      if not inner then return nil, err end
      if not tokens[index] or tokens[index].text ~= ")" then return nil, fail("')'") end
      index = index + 1
      return inner
    elseif token and token.text:match("^@[^@]+$") then
      index = index + 1
      local name = token.text:sub(2)
      return function(tags) return tags[name] == true end
    end
    return nil, fail("a tag such as @smoke, 'not' or '('")
  end
  -- A left-associative chain of `operand`s joined by `keyword` ("and", "or").
  local function chain(operand, keyword, combine)
    return function()
      local left, err = operand()
      if not left then return nil, err end
      while tokens[index] and tokens[index].text == keyword do
        index = index + 1
        local right, rerr = operand()
        if not right then return nil, rerr end
        left = combine(left, right)
      end
      return left
    end
  end
  local parse_and = chain(parse_primary, "and", function(a, b) return function(tags) return a(tags) and b(tags) end end)
  parse_or = chain(parse_and, "or", function(a, b) return function(tags) return a(tags) or b(tags) end end)
  local test, err = parse_or()
  if not test then return nil, err end
  if tokens[index] then return nil, fail("'and', 'or' or the end") end
  return test
end

---True when `spec` is written as a cucumber tag expression rather than fscript's comma list.
---@param spec string
---@return boolean
function M.is_expression(spec)
  return spec:find("[()]") ~= nil or spec:find("%f[%w]and%f[%W]") ~= nil or spec:find("%f[%w]or%f[%W]") ~= nil
    or spec:find("%f[%w]not%f[%W]") ~= nil or (spec:find("@") ~= nil and not spec:find("[,~]"))
end

---Parses a filter.
---@param spec? string
---@return fscript.TagFilter? filter
---@return string? err
function M.parse(spec)
  if spec == nil or spec:match("^%s*$") then
    return { source = spec or "", empty = true, test = function() return true end }
  end
  local test, err
  if M.is_expression(spec) then test, err = parse_expression(spec) else test, err = parse_list(spec) end
  if not test then return nil, err end
  return { source = spec, empty = false, test = test }
end

---Whether a scenario with these tags runs under the filter.
---@param filter fscript.TagFilter
---@param tags string[]
---@return boolean
function M.matches(filter, tags)
  local set = {}
  for _, tag in ipairs(tags) do set[normalize(tag)] = true end
  return filter.test(set)
end

return M
