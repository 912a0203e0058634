---Ruby expressions as Lua expressions: literals, strings with interpolation, variables (instance variables in the
---scenario's `world`), operators, arrays, hashes and indexing. Method calls are `fscript.port.calls`'s. What has no
---faithful Lua form raises through `cx:nope`, so its statement is kept as a comment and a run-time error.
local tree = require("fscript.port.tree")
local text = require("fscript.port.lua_text")
local names = require("fscript.port.names")

local M = {}

local kind = tree.kind

-- Whether the string literal whose first text token is `token` is single-quoted ('…', %q…): the delimiter
-- before the token in the source says so (Ripper's tree does not keep it).
local function single_quoted(cx, token)
  if not token or kind(token) ~= "@tstring_content" then return false end
  local line, col = cx.lines[token[3][1]] or "", token[3][2]
  return line:sub(col, col) == "'" or line:sub(col - 2, col - 1) == "%q"
end

---The parts of a string literal's content as `{value = string}` or `{lua = expression}`.
---@return table[]
local function string_parts(cx, content)
  local parts, single = {}, single_quoted(cx, content[2])
  for i = 2, #content do
    local part = content[i]
    local k = kind(part)
    if k == "@tstring_content" then
      parts[#parts + 1] = { value = single and text.single_quoted(part[2]) or text.double_quoted(part[2]) }
    elseif k == "string_embexpr" then
      local stmts = tree.statements(part[2])
      if #stmts ~= 1 then cx:nope(part, "interpolation of several statements") end
      parts[#parts + 1] = { lua = M.operand(cx, stmts[1], true) }
    else
      cx:nope(part, "string part " .. tostring(k))
    end
  end
  return parts
end

---The Lua for a string's parts: a literal, or the parts joined with `..`.
local function join(parts)
  local merged = {}
  for _, p in ipairs(parts) do
    local last = merged[#merged]
    if p.value and last and last.value then last.value = last.value .. p.value
    elseif p.value then merged[#merged + 1] = { value = p.value }
    else merged[#merged + 1] = p end
  end
  if #merged == 0 then return '""' end
  local out = {}
  for i, p in ipairs(merged) do out[i] = p.value and text.quote(p.value) or p.lua end
  return table.concat(out, " .. ")
end

---A string literal's parts, `{value = text}` or `{lua = expression}` (interpolation), and the Lua joining them.
---@return table[] parts
M.string_parts = function(cx, node)
  if kind(node) ~= "string_literal" then cx:nope(node, "a string literal expected") end
  return string_parts(cx, node[2])
end
M.join = join

---The texts of literal parts (see `string_parts`), in order.
---@param parts table[]
---@return string[]
function M.map_values(parts)
  local out = {}
  for i, p in ipairs(parts) do out[i] = p.value end
  return out
end

---The value of a string literal without interpolation (a step's text, a hash key), or nil.
---@return string?
function M.literal_string(cx, node)
  if kind(node) ~= "string_literal" then return nil end
  local ok, parts = pcall(string_parts, cx, node[2])
  if not ok then return nil end
  local value = ""
  for _, p in ipairs(parts) do
    if not p.value then return nil end
    value = value .. p.value
  end
  return value
end

-- Ruby's regex flags as ICU's inline ones (Ruby's /m is ICU's dot-all `s`).
local FLAGS = { i = "i", m = "s", x = "x" }

---The source text of a regular expression literal in ICU's syntax, which fscript's step patterns and
---`fscript.regex_match` use (`/^I see (\d+)$/` → `^I see (\d+)$`). Flags become inline ones (`/i` → `(?i)`),
---and with `step` an expression without `^` or `$` (which cucumber-ruby finds anywhere in the step) is anchored
---as `^.*?(?:…)`, since fscript reads a pattern as a regular expression only when it has an anchor.
---@param step? boolean
---@return string
function M.regexp_source(cx, node, step)
  local pieces = {}
  for _, part in ipairs(node[2]) do
    if kind(part) ~= "@tstring_content" then cx:nope(node, "a regular expression with interpolation") end
    pieces[#pieces + 1] = (part[2]:gsub("\\/", "/"))
  end
  local source, flags = table.concat(pieces), {}
  for flag in (node[3] and node[3][2] or "/"):sub(2):gmatch(".") do
    if not FLAGS[flag] then cx:nope(node, "the regular expression flag " .. flag) end
    flags[#flags + 1] = FLAGS[flag]
  end
  local inline = #flags > 0 and table.concat(flags) or nil
  local anchored = source:sub(1, 1) == "^" or source:sub(-1) == "$"
  if source:sub(1, 1) == "^" and inline then return "^(?" .. inline .. ")" .. source:sub(2) end
  if step and not anchored then return "^.*?(?" .. (inline or "") .. ":" .. source .. ")" end
  if inline then return "(?" .. inline .. ":" .. source .. ")" end
  return source
end

-- A variable reference: locals, instance variables (the scenario's world), constants, globals, keywords.
local function variable(cx, token)
  local k, name = kind(token), token[2]
  if k == "@ident" then return names.lua_name(name) end
  if k == "@ivar" then
    cx:use("world")
    return "world." .. names.lua_name(name:sub(2))
  end
  if k == "@const" then
    if name == "ENV" then cx:nope(token, "ENV as a whole") end
    return name
  end
  if k == "@gvar" then return names.lua_name(name:sub(2)) end
  if k == "@kw" then
    if name == "true" or name == "false" or name == "nil" then return name end
    cx:nope(token, "the keyword " .. name)
  end
  cx:nope(token, "a variable of kind " .. tostring(k))
end

local BINARY = { ["=="] = "==", ["!="] = "~=", ["&&"] = "and", ["and"] = "and", ["||"] = "or", ["or"] = "or",
  ["-"] = "-", ["%"] = "%", ["<"] = "<", [">"] = ">", ["<="] = "<=", [">="] = ">=", ["**"] = "^" }

local function is_string(node)
  local k = kind(node)
  return k == "string_literal" or k == "string_concat"
end

local function binary(cx, node)
  local left, op, right = node[2], node[3], node[4]
  local should = require("fscript.port.rspec").binary(cx, node)
  if should then return should end
  if op == "=~" or op == "!~" then
    if kind(right) ~= "regexp_literal" then cx:nope(node, "=~ without a regular expression literal") end
    cx:use("ruby")
    local test = ("ruby.matches(%s, %s)"):format(M.expr(cx, left), text.long(M.regexp_source(cx, right)))
    return op == "=~" and test or "not " .. test
  end
  local l, r = M.operand(cx, left), M.operand(cx, right)
  if op == "+" then return l .. ((is_string(left) or is_string(right)) and " .. " or " + ") .. r end
  if op == "*" then
    if is_string(left) then return ("string.rep(%s, %s)"):format(M.expr(cx, left), M.expr(cx, right)) end
    return l .. " * " .. r
  end
  if op == "/" then return l .. ((kind(left) == "@int" and kind(right) == "@int") and " // " or " / ") .. r end
  if not BINARY[op] then cx:nope(node, "the operator " .. tostring(op)) end
  return l .. " " .. BINARY[op] .. " " .. r
end

-- A hash's entries as Lua table fields: `:timeout => 5`, `timeout: 5` and `'x' => 1` all become `timeout = 5`.
local function fields(cx, assocs)
  local out = {}
  for _, assoc in ipairs(assocs or {}) do
    if kind(assoc) ~= "assoc_new" then cx:nope(assoc, "a hash splat") end
    local key, value = assoc[2], M.expr(cx, assoc[3])
    local k = kind(key)
    local name
    if k == "@label" then name = key[2]:sub(1, -2)
    elseif k == "symbol_literal" then name = tree.name(key[2][2] or key[2])
    else name = M.literal_string(cx, key) end
    if name and name:find("^[%a_][%w_]*$") and not names.lua_name(name):find("_$") then
      out[#out + 1] = name .. " = " .. value
    elseif name then
      out[#out + 1] = "[" .. text.quote(name) .. "] = " .. value
    else
      out[#out + 1] = "[" .. M.expr(cx, key) .. "] = " .. value
    end
  end
  return "{" .. table.concat(out, ", ") .. "}"
end
M.fields = fields

-- `x[i]`: ENV['NAME'] is os.getenv; a string key is a field; an integer index counts from 1 in Lua.
local function aref(cx, node)
  local recv, args = node[2], tree.arguments(node[3])
  if #args ~= 1 then cx:nope(node, "indexing with several arguments") end
  if tree.name(recv) == "ENV" and kind(recv) == "var_ref" then return "os.getenv(" .. M.expr(cx, args[1]) .. ")" end
  local base, key = M.operand(cx, recv, true), args[1]
  local name = M.literal_string(cx, key)
  if name and name:find("^[%a_][%w_]*$") then return base .. "." .. name end
  if kind(key) == "@int" then return ("%s[%d]"):format(base, tonumber(key[2]) + 1) end
  return base .. "[" .. M.expr(cx, key) .. "]"
end

local HANDLERS = {
  ["@int"] = function(_, n) return (n[2]:gsub("_", "")) end,
  ["@float"] = function(_, n) return (n[2]:gsub("_", "")) end,
  ["@label"] = function(_, n) return text.quote(n[2]:sub(1, -2)) end,
  string_literal = function(cx, n) return join(string_parts(cx, n[2])) end,
  string_concat = function(cx, n) return M.expr(cx, n[2]) .. " .. " .. M.expr(cx, n[3]) end,
  symbol_literal = function(_, n) return text.quote(tree.name(n[2][2] or n[2]) or "") end,
  dyna_symbol = function(cx, n) return join(string_parts(cx, n[2])) end,
  var_ref = function(cx, n) return variable(cx, n[2]) end,
  binary = binary,
  unary = function(cx, n)
    local op = n[2]
    if op == "!" or op == "not" then return "not " .. M.operand(cx, n[3]) end
    if op == "-@" then return "-" .. M.operand(cx, n[3]) end
    cx:nope(n, "the operator " .. tostring(op))
  end,
  paren = function(cx, n)
    local stmts = tree.statements(kind(n[2]) and { n[2] } or n[2])
    if #stmts ~= 1 then cx:nope(n, "several statements in parentheses") end
    return "(" .. M.expr(cx, stmts[1]) .. ")"
  end,
  array = function(cx, n)
    local out = {}
    for i, item in ipairs(tree.arguments(n[2] or {})) do
      -- %w[a b] lists its words as bare string tokens.
      out[i] = kind(item) == "@tstring_content" and text.quote(item[2]) or M.expr(cx, item)
    end
    return "{" .. table.concat(out, ", ") .. "}"
  end,
  hash = function(cx, n) return fields(cx, n[2] and n[2][2] or {}) end,
  bare_assoc_hash = function(cx, n) return fields(cx, n[2]) end,
  aref = aref,
  defined = function(cx, n) return M.operand(cx, n[2]) .. " ~= nil" end,
  ifop = function(cx, n)
    return ("(%s and %s or %s)"):format(M.operand(cx, n[2]), M.operand(cx, n[3]), M.operand(cx, n[4]))
  end,
}

---The Lua for a Ruby expression.
---@param cx fscript.port.Context
---@param node table
---@return string
function M.expr(cx, node)
  local k = kind(node)
  local handler = HANDLERS[k]
  if handler then return handler(cx, node) end
  local call = require("fscript.port.calls").expr(cx, node)
  if call then return call end
  cx:nope(node, "Ruby's " .. tostring(k))
end

local SIMPLE = { var_ref = true, vcall = true, ["@int"] = true, ["@float"] = true, string_literal = true,
  method_add_arg = true, aref = true, paren = true, array = true, hash = true, symbol_literal = true }

-- Lua texts that need no parentheses as an operand: a name, `#name`, an index, a call, a call indexed, a method.
local SIMPLE_TEXT = { "^#?[%w_%.]+$", "^[%w_%.]+%b[]$", "^[%w_%.]+%b()%b[]$", "^[%w_%.]+%b()$",
  "^[%w_%.]+:[%w_]+%b()$" }

---The Lua for an operand of an operator (or a method's receiver, with `receiver`): parenthesised unless it is a
---name, a literal, a call or an index.
---@param cx fscript.port.Context
---@param node table
---@param receiver? boolean
---@return string
function M.operand(cx, node, receiver)
  local lua = M.expr(cx, node)
  if SIMPLE[kind(node)] and not (receiver and kind(node) == "string_literal") then return lua end
  for _, simple in ipairs(SIMPLE_TEXT) do
    if lua:find(simple) then return lua end
  end
  return "(" .. lua .. ")"
end

return M
