---Step patterns: Cucumber Expressions, or regular expressions.
---
---A pattern is a Cucumber Expression as cucumber-js, cucumber-ruby and cucumber-jvm read them: literal text,
---optional text `cuke(s)`, alternation `belly/stomach`, parameters `{int}`, and `\` escaping `(` `)` `{` `}` `/`
---`\` and space. The parameter types (see `fscript.steps.expression.parameter_types`):
---
---| parameter | matches | passes |
---|---|---|
---| `{int}` `{byte}` `{short}` `{long}` | `-?\d+` | an integer |
---| `{float}` `{double}` | `1`, `-2.5`, `.5`, `1.5E3` | a float |
---| `{bigdecimal}` `{biginteger}` | a number as above | the text (no precision lost) |
---| `{word}` | a run of non-space characters | a string |
---| `{string}` | `'…'` or `"…"`, `\"` / `\'` inside | the text inside the quotes, escapes resolved |
---| `{}` | anything | a string |
---| `{ordinal}` | `1st` `2nd` `3rd` `4th` … or `first` … `tenth` | an integer (fscript's own) |
---| `{text}` | any non-empty text (fscript's own, for names with spaces) | a string, quotes around it removed |
---
---plus a suite's own, declared with `parameter_type{…}`. The whole step text must match.
---
---A pattern that starts with `^` or ends with `$` is a regular expression instead, as Frank's and
---cucumber-ruby's step files write them (`^I wait for ([\d\.]+) second(?:s)?$`). A group whose regexp is a
---parameter type's (`(\d+)` is `{int}`'s) is transformed by that type, as cucumber does; any other group passes
---its text, `false` for a group that took no part.
---
---Both kinds are matched as regular expressions by the host (ICU, `fscript.regex_match`, compiled once per
---pattern): Lua patterns cannot express alternation or optional groups, and a regex engine in Lua would be
---slower and a second dialect. Each expression is compiled once, on its first match (so a parameter type may be
---declared after the steps using it); a literal word every matching text must contain skips the host call for
---most definitions.
local compiler = require("fscript.steps.expression.compiler")
local generator = require("fscript.steps.expression.generator")
local groups = require("fscript.steps.expression.groups")
local parser = require("fscript.steps.expression.parser")
local util = require("fscript.util")

local M = {}

---@class fscript.Matcher
---@field source string the pattern as written (trimmed)
---@field regex? string the compiled regular expression, once prepared
---@field is_regex boolean a regular-expression pattern
---@field required? string literal text every matching step contains
---@field types fscript.ParameterTypes
---@field problem? string why it cannot match anything (an undefined parameter type), while that holds
---@field problem_version? integer the parameter types' version the problem was found at
---@field params? {group: fscript.expression.Group, type?: fscript.ParameterType, ambiguous?: fscript.ParameterType[]}[]

-- The longest run of top-level literal text (outside optionals and alternations). Runs are measured as they grow
-- and only the longest is joined: joining each run node by node copied it once a node (seconds for 100 KB).
local function required_text(ast)
  local best_from, best_to, best_length = nil, nil, 0
  local from, length = nil, 0
  local nodes = ast.nodes
  for i, node in ipairs(nodes) do
    if node.type == "TEXT_NODE" then
      from, length = from or i, length + #node.token
      if length > best_length then best_from, best_to, best_length = from, i, length end
    else
      from, length = nil, 0
    end
  end
  if not best_from then return nil end
  local parts = {}
  for i = best_from, best_to do parts[#parts + 1] = nodes[i].token end
  return table.concat(parts)
end

-- The literal text a regular expression starts with after `^` (`^I tap (\w+)$` → `I tap `), without a last
-- character a quantifier may make optional; nil when there is none or an alternation may bypass it.
local function regex_prefix(source)
  if source:find("|", 1, true) then return nil end
  local literal = source:match("^%^([^\\%^%$%.%|%?%*%+%(%)%[%]%{%}]*)")
  if not literal then return nil end
  local after = source:sub(#literal + 2, #literal + 2)
  if after == "?" or after == "*" or after == "{" then literal = literal:sub(1, -2) end
  return literal ~= "" and literal or nil
end

local function host()
  local match = util.host().regex_match
  if not match then error("step patterns need fscript (fscript.regex_match)", 0) end
  return match
end

---Compiles a step pattern. A malformed Cucumber Expression or regular expression raises here; an unknown
---parameter type is looked up on the first match, when every parameter type has been declared, and while it is
---unknown the pattern matches nothing and says why in `problem` (cucumber skips such a definition too).
---@param pattern string
---@param types fscript.ParameterTypes
---@return fscript.Matcher
function M.compile(pattern, types)
  local trimmed = util.trim(pattern)
  if trimmed:sub(1, 1) == "^" or trimmed:sub(-1) == "$" then
    host()(trimmed, "") -- raises for an expression that does not compile, where the step is defined
    return { source = trimmed, is_regex = true, types = types, required = regex_prefix(trimmed) }
  end
  compiler.compile(trimmed, types, true) -- raises for a malformed expression, where the step is defined
  return { source = trimmed, is_regex = false, types = types, required = required_text(parser.parse(trimmed)) }
end

-- Compiles the regex and assigns a parameter type to each top-level group, once.
local function prepare(matcher)
  if matcher.params then return true end
  -- An undefined parameter type stays a problem until a type is added (then the expression is tried again).
  if matcher.problem and matcher.problem_version == matcher.types.version then return false end
  local regex, parameters
  if matcher.is_regex then
    regex = matcher.source
  else
    local ok, compiled, list = pcall(compiler.compile, matcher.source, matcher.types)
    if not ok then
      matcher.problem, matcher.problem_version = tostring(compiled), matcher.types.version
      return false
    end
    regex, parameters, matcher.problem = compiled, list, nil
  end
  local params = {}
  for i, group in ipairs(groups.tree(regex).children) do
    if parameters then
      params[i] = { group = group, type = parameters[i] }
    else
      local candidates = matcher.types:by_source(group.source)
      if #candidates > 1 and not candidates[1].prefer_for_regexp_match then
        params[i] = { group = group, ambiguous = candidates }
      else
        params[i] = { group = group, type = candidates[1] }
      end
    end
  end
  matcher.regex, matcher.params = regex, params
  return true
end

local function ambiguous(matcher, param, text)
  local names, expressions = {}, {}
  for i, t in ipairs(param.ambiguous) do names[i] = "{" .. t.name .. "}" end
  for i, e in ipairs(generator.generate(text, matcher.types)) do expressions[i] = e.source end
  error(("Your Regular Expression /%s/\nmatches multiple parameter types with regexp %s:\n   %s\n\n"
    .. "I couldn't decide which one to use. You have two options:\n\n"
    .. "1) Use a Cucumber Expression instead of a Regular Expression. Try one of these:\n   %s\n\n"
    .. "2) Make one of the parameter types preferential and continue to use a Regular Expression.\n")
    :format(matcher.source, param.group.source, table.concat(names, "\n   "), table.concat(expressions, "\n   ")), 0)
end

-- The argument of one parameter: its type's transformer applied to the group (or to the type's own groups).
local function argument(param, captures)
  local whole = captures[param.group.index]
  if whole == false then return false end
  local t = param.type
  if not t then return whole end
  local values = {}
  if #param.group.children > 0 then
    for i, child in ipairs(param.group.children) do values[i] = captures[child.index] or nil end
  else
    values[1] = whole
  end
  local value = t.transformer(table.unpack(values, 1, math.max(#param.group.children, 1)))
  if value == nil and t.refuses_nil then return nil, true end
  return value
end

---Matches step text against a compiled pattern.
---@param matcher fscript.Matcher
---@param text string
---@return any[]? args the converted parameter values (`n` holds their count), or nil when the text does not match
---(also when the expression names a parameter type nobody declared: `matcher.problem` says so)
function M.match(matcher, text)
  text = util.trim(text)
  if matcher.required and not text:find(matcher.required, 1, true) then return nil end
  if not prepare(matcher) then return nil end
  local captures = host()(matcher.regex, text)
  if not captures then return nil end
  local args = { n = #matcher.params }
  for i, param in ipairs(matcher.params) do
    if param.ambiguous then ambiguous(matcher, param, text) end
    local value, refused = argument(param, captures)
    if refused then return nil end
    args[i] = value
  end
  return args
end

-- The position of byte `i` of `text` in UTF-16 code units from 0, as cucumber's (JavaScript's) match groups count.
local function utf16_offset(text, i)
  local units = 0
  for _, code in utf8.codes(text:sub(1, i - 1)) do units = units + (code > 0xFFFF and 2 or 1) end
  return units
end

-- A group of the match as cucumber's messages write it: where it starts, its text, its inner groups; a group
-- that took no part in the match has neither start nor value. The captures carry no positions, so each is found
-- in the text from where its enclosing group (or previous sibling) left off.
local function message_group(group, captures, text, from)
  local node = {}
  local value = captures[group.index]
  local at = from
  if type(value) == "string" then
    local start = text:find(value, from, true) or from
    node.start, node.value, at = utf16_offset(text, start), value, start
  end
  if #group.children > 0 then
    node.children = {}
    local cursor = at
    for i, child in ipairs(group.children) do
      local c, next_at = message_group(child, captures, text, cursor)
      node.children[i], cursor = c, next_at
    end
  end
  local after = type(value) == "string" and (at + #value) or from
  return node, after
end

---The parameters of a match as cucumber's `stepMatchArguments`: `{group = {start, value, children}, parameterTypeName}`
---for each parameter, or nil when the text does not match.
---@param matcher fscript.Matcher
---@param text string
---@return table[]?
function M.groups(matcher, text)
  text = util.trim(text)
  if not prepare(matcher) then return nil end
  local ok, captures = pcall(host(), matcher.regex, text)
  if not ok or not captures then return nil end
  local out, cursor = {}, 1
  for i, param in ipairs(matcher.params) do
    local group
    group, cursor = message_group(param.group, captures, text, cursor)
    out[i] = { group = group, parameterTypeName = param.type and param.type.name or nil }
  end
  return out
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
