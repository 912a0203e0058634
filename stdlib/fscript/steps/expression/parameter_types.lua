---Parameter types: what a `{name}` in a Cucumber Expression matches (one or more regular expressions, ICU syntax)
---and how the matched text becomes the step function's argument. A registry holds cucumber's built-in types,
---fscript's `{ordinal}` and `{text}`, and a suite's own (`parameter_type{…}`), with cucumber's rules: names are
---unique, and of the types sharing a regexp at most one is preferred for regular-expression steps.
local util = require("fscript.util")

local M = {}

---@class fscript.ParameterType
---@field name string "" for the anonymous `{}`
---@field regexps string[]
---@field transformer fun(...: string?): any
---@field use_for_snippets boolean
---@field prefer_for_regexp_match boolean
---@field refuses_nil? boolean fscript's own types: a nil from the transformer means the text does not match

---@class fscript.ParameterTypes
---@field by_name table<string, fscript.ParameterType>
---@field by_regexp table<string, fscript.ParameterType[]>
---@field order fscript.ParameterType[] in definition order
---@field version integer counts the types added, so a pattern that met an unknown type knows to look again
local Registry = {}
Registry.__index = Registry

local INTEGER = { "-?\\d+", "\\d+" }
local FLOAT = { "[-+]?(?:\\d+(?:\\.\\d+)?|\\.\\d+)(?:[E][+-]?\\d+)?" }

local function integer(s)
  if not s then return nil end
  local n = tonumber(s)
  return math.tointeger(n) or n
end

local function float(s)
  if not s then return nil end
  local n = tonumber(s)
  return n and (n + 0.0)
end

local function same(s) return s end

-- `\"` inside double quotes and `\'` inside single quotes stand for the quote itself.
local function quoted(double, single)
  local s = double or single or ""
  return (s:gsub('\\"', '"'):gsub("\\'", "'"))
end

local ORDINALS = "\\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth"

local function unquoted(s)
  if not s or s == "" then return nil end
  return s:match("^'(.*)'$") or s:match('^"(.*)"$') or s
end

-- name, regexps, transformer, use_for_snippets, prefer_for_regexp_match (cucumber's choices for its own types)
local BUILT_IN = {
  { "int", INTEGER, integer, true, true },
  { "float", FLOAT, float, true, false },
  { "word", { "[^\\s]+" }, same, false, false },
  { "string", { "\"([^\"\\\\]*(\\\\.[^\"\\\\]*)*)\"|'([^'\\\\]*(\\\\.[^'\\\\]*)*)'" }, quoted, true, false },
  { "", { ".*" }, same, false, true },
  { "double", FLOAT, float, false, false },
  { "bigdecimal", FLOAT, same, false, false },
  { "byte", INTEGER, integer, false, false },
  { "short", INTEGER, integer, false, false },
  { "long", INTEGER, integer, false, false },
  { "biginteger", INTEGER, same, false, false },
}

-- Preferred types first, then by name: the order cucumber lists (and picks) candidates in.
local function compare(a, b)
  if a.prefer_for_regexp_match ~= b.prefer_for_regexp_match then return a.prefer_for_regexp_match end
  return a.name < b.name
end

---A registry with the built-in types.
---@return fscript.ParameterTypes
function M.new()
  local self = setmetatable({ by_name = {}, by_regexp = {}, order = {}, version = 0 }, Registry)
  for _, t in ipairs(BUILT_IN) do
    self:add({ name = t[1], regexps = t[2], transformer = t[3], use_for_snippets = t[4],
      prefer_for_regexp_match = t[5] })
  end
  self:add({ name = "ordinal", regexps = { ORDINALS }, transformer = util.ordinal, use_for_snippets = false,
    prefer_for_regexp_match = false, refuses_nil = true })
  self:add({ name = "text", regexps = { ".+?" }, transformer = unquoted, use_for_snippets = false,
    prefer_for_regexp_match = false, refuses_nil = true })
  return self
end

---Adds a checked type; a name used twice, or two preferred types for one regexp, raise cucumber's errors.
---@param t fscript.ParameterType
function Registry:add(t)
  if self.by_name[t.name] then
    if t.name == "" then error("The anonymous parameter type has already been defined", 0) end
    error(("There is already a parameter type with name %s"):format(t.name), 0)
  end
  for _, regexp in ipairs(t.regexps) do
    local list = self.by_regexp[regexp]
    if list and list[1].prefer_for_regexp_match and t.prefer_for_regexp_match then
      error(("There can only be one preferential parameter type per regexp. The regexp /%s/ is used for two "
        .. "preferential parameter types, {%s} and {%s}"):format(regexp, list[1].name, t.name), 0)
    end
  end
  self.by_name[t.name] = t
  self.order[#self.order + 1] = t
  self.version = self.version + 1
  for _, regexp in ipairs(t.regexps) do
    local list = self.by_regexp[regexp] or {}
    list[#list + 1] = t
    table.sort(list, compare)
    self.by_regexp[regexp] = list
  end
end

---The type named `name`, or nil.
---@param name string
---@return fscript.ParameterType?
function Registry:lookup(name)
  return self.by_name[name]
end

---The types whose regexps include `regexp` exactly, preferred first.
---@param regexp string
---@return fscript.ParameterType[]
function Registry:by_source(regexp)
  return self.by_regexp[regexp] or {}
end

local FIELDS = { name = true, regexp = true, transformer = true, use_for_snippets = true,
  prefer_for_regexp_match = true }

-- A regexp given as a string or a non-empty list of strings, as a list.
local function regexp_list(regexp)
  if type(regexp) == "string" then return { regexp } end
  if type(regexp) ~= "table" or #regexp == 0 then return nil end
  for _, r in ipairs(regexp) do
    if type(r) ~= "string" then return nil end
  end
  return { table.unpack(regexp) }
end

---Declares a suite's parameter type from `parameter_type{name =, regexp =, transformer =, use_for_snippets =,
---prefer_for_regexp_match =}`: a name without `{ } ( ) \ /`, one regexp or a list (ICU syntax, without anchors
---or slashes), a transformer receiving the group's text (or the regexp's own groups' texts) and returning the
---argument, the text itself when there is none. Raises a message for anything malformed.
---@param spec table
function Registry:define(spec)
  if type(spec) ~= "table" then error(("parameter_type expects a table, got %s"):format(type(spec)), 0) end
  for key in pairs(spec) do
    if not FIELDS[key] then
      error(("parameter_type: unknown field %q (known: name, regexp, transformer, use_for_snippets, "
        .. "prefer_for_regexp_match)"):format(tostring(key)), 0)
    end
  end
  local name = spec.name
  if type(name) ~= "string" then error("parameter_type: name must be a string, e.g. name = \"color\"", 0) end
  if name:find("[{}()\\/]") then
    error(("Illegal character in parameter name {%s}. Parameter names may not contain '{', '}', '(', ')', '\\' "
      .. "or '/'"):format(name), 0)
  end
  local regexps = regexp_list(spec.regexp)
  if not regexps then
    error(("parameter_type %q: regexp must be a string or a list of strings"):format(name), 0)
  end
  for _, r in ipairs(regexps) do
    local ok, err = pcall(util.host().regex_match, r, "")
    if not ok then error(("parameter_type %q: %s"):format(name, tostring(err)), 0) end
  end
  if spec.transformer ~= nil and type(spec.transformer) ~= "function" then
    error(("parameter_type %q: transformer must be a function"):format(name), 0)
  end
  for _, flag in ipairs({ "use_for_snippets", "prefer_for_regexp_match" }) do
    if spec[flag] ~= nil and type(spec[flag]) ~= "boolean" then
      error(("parameter_type %q: %s must be a boolean"):format(name, flag), 0)
    end
  end
  self:add({ name = name, regexps = regexps, transformer = spec.transformer or same,
    use_for_snippets = spec.use_for_snippets ~= false, prefer_for_regexp_match = spec.prefer_for_regexp_match == true })
end

return M
