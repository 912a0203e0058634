---Ruby method calls as Lua: Frank's helpers and the project's own methods called as they are (same names, same
---argument order, a block as a last function argument), Ruby's value methods (`to_i`, `strip`, `first` …) as
---Lua's, data tables' `raw`/`hashes`/`rows_hash`, ENV, and Enumerable blocks through `fscript.frank_compat.ruby`.
local tree = require("fscript.port.tree")
local names = require("fscript.port.names")

local M = {}

local kind = tree.kind
local function expr(cx, node) return require("fscript.port.expr").expr(cx, node) end
local function operand(cx, node) return require("fscript.port.expr").operand(cx, node, true) end

---A call's parts, whatever Ripper node holds it: receiver (nil for a call on self), method name, argument
---nodes, block node, and whether it had parentheses. Nil for a node that is not a call.
---@return {recv: table?, name: string, args: table[], block: table?, node: table}?
function M.parts(node)
  local k = kind(node)
  if k == "vcall" then return { name = tree.name(node), args = {}, node = node } end
  if k == "fcall" then return { name = tree.name(node), args = {}, node = node } end
  if k == "command" then return { name = node[2][2], args = tree.arguments(node[3]), node = node } end
  if k == "call" then
    local name = kind(node[4]) and node[4][2] or "call"
    return { recv = node[2], name = name, args = {}, node = node }
  end
  if k == "command_call" then
    return { recv = node[2], name = node[4][2], args = tree.arguments(node[5]), node = node }
  end
  if k == "method_add_arg" then
    local inner = M.parts(node[2])
    if not inner then return nil end
    local args, pass = tree.arguments(node[3])
    inner.args, inner.node, inner.pass = args, node, pass
    return inner
  end
  if k == "method_add_block" then
    local inner = M.parts(node[2])
    if not inner then return nil end
    inner.block, inner.node = node[3], node
    return inner
  end
  return nil
end

---The parameter names of a block (`do |a, b|`), as Lua names.
---@return string[]
function M.block_params(cx, block)
  local var = block[2]
  if not var then return {} end
  local params = var[2]
  for i = 3, 8 do
    if params[i] and params[i] ~= false and not (type(params[i]) == "table" and #params[i] == 0) then
      cx:nope(block, "block parameters other than plain names")
    end
  end
  local out = {}
  for i, p in ipairs(params[2] or {}) do
    if kind(p) ~= "@ident" then cx:nope(block, "a destructuring block parameter") end
    out[i] = names.lua_name(p[2])
  end
  return out
end

---A block as a Lua function whose last expression is returned, as Ruby's block returns it.
---@return string
function M.block_function(cx, block)
  return require("fscript.port.stmt").function_text(cx, M.block_params(cx, block), block, true)
end

local function arglist(cx, call)
  if call.pass then cx:nope(call.node, "a block passed with &") end
  local out = {}
  for i, a in ipairs(call.args) do
    if kind(a) == "args_add_star" then cx:nope(a, "a splat argument") end
    out[i] = expr(cx, a)
  end
  if call.block then out[#out + 1] = M.block_function(cx, call.block) end
  return table.concat(out, ", ")
end

local function one_arg(cx, call)
  if #call.args ~= 1 or call.block then cx:nope(call.node, call.name .. " with other than one argument") end
  return expr(cx, call.args[1])
end

-- Calls on self: the project's methods, Frank's helpers, Ruby's Kernel methods that mean something here.
local function on_self(cx, call)
  local name = call.name
  if cx.defs[name] or names.FRANK[name:gsub("[?!]$", "")] then
    return names.lua_name(name) .. "(" .. arglist(cx, call) .. ")"
  end
  if name == "puts" or name == "print" or name == "p" then return "print(" .. arglist(cx, call) .. ")" end
  if name == "raise" or name == "fail" then
    cx:use("ruby")
    local args = call.args
    local message = args[2] or args[1]
    if not message then return "ruby.fail()" end
    if not args[2] and kind(message) == "var_ref" and kind(message[2]) == "@const" then
      return ("ruby.fail(%q)"):format(message[2][2])
    end
    return "ruby.fail(" .. expr(cx, message) .. ")"
  end
  if name == "pending" then
    cx:use("ruby")
    return "ruby.pending(" .. arglist(cx, call) .. ")"
  end
  if (name == "lambda" or name == "proc") and call.block and #call.args == 0 then
    return M.block_function(cx, call.block)
  end
  if name == "step" then
    if #call.args < 1 or #call.args > 2 or call.block then cx:nope(call.node, "step with these arguments") end
    return "Given(" .. arglist(cx, call) .. ")"
  end
  if name == "Integer" or name == "Float" then return "tonumber(" .. one_arg(cx, call) .. ")" end
  cx:nope(call.node, ("%s is neither a Frank helper nor a method this project defines"):format(name))
end

-- Methods of Ruby's strings, numbers and arrays, without arguments: Lua for a receiver `R`.
local VALUE = {
  to_i = "tonumber(R)", to_f = "tonumber(R)", to_s = "tostring(R)", to_sym = "R", to_str = "R",
  strip = 'R:match("^%s*(.-)%s*$")', lstrip = 'R:match("^%s*(.*)$")', rstrip = 'R:match("^(.-)%s*$")',
  chomp = 'R:gsub("\\r?\\n$", "")', downcase = "R:lower()", upcase = "R:upper()", length = "#R",
  size = "#R", count = "#R", first = "R[1]", last = "R[#R]", ["nil?"] = "R == nil",
  ["empty?"] = "ruby.is_empty(R)", reverse = "R:reverse()", abs = "math.abs(R)", floor = "math.floor(R)",
  ceil = "math.ceil(R)", round = "math.floor(R + 0.5)", to_a = "R", message = "tostring(R)",
}
-- A data table's helpers (cucumber's Table): the same names on fscript's data tables.
local TABLE = { raw = true, hashes = true, rows_hash = true, rows = true, transpose = true }
-- Fields of the frames and points Frank's helpers return (accessibility_frame's x, y, width, height …).
local FIELDS = { x = true, y = true, width = true, height = true, center = true, origin = true, size = true }
-- Enumerable methods with a block, through fscript.frank_compat.ruby.
local ENUM = { map = "map", collect = "map", select = "select", filter = "select", reject = "reject",
  find = "find", detect = "find", ["any?"] = "any", ["all?"] = "all" }

local function is_const(node, name)
  return kind(node) == "var_ref" and kind(node[2]) == "@const" and (name == nil or node[2][2] == name)
end

local function on_value(cx, call)
  local name, recv = call.name, call.recv
  if (kind(recv) == "const_path_ref" or is_const(recv)) and names.FRANK[name:gsub("[?!]$", "")] then
    return names.lua_name(name) .. "(" .. arglist(cx, call) .. ")"
  end
  if is_const(recv, "ENV") then
    if name == "key?" or name == "has_key?" or name == "include?" then
      return "(os.getenv(" .. one_arg(cx, call) .. ") ~= nil)"
    end
    if name == "fetch" and #call.args == 2 then
      return ("(os.getenv(%s) or %s)"):format(expr(cx, call.args[1]), expr(cx, call.args[2]))
    end
    if name == "fetch" or name == "[]" then return "os.getenv(" .. one_arg(cx, call) .. ")" end
    cx:nope(call.node, "ENV." .. name)
  end
  local rspec = require("fscript.port.rspec").call(cx, call)
  if rspec then return rspec end
  if call.block then
    if ENUM[name] and #call.args == 0 then
      cx:use("ruby")
      return ("ruby.%s(%s, %s)"):format(ENUM[name], expr(cx, recv), M.block_function(cx, call.block))
    end
    cx:nope(call.node, ("the block method %s here"):format(name))
  end
  if #call.args == 0 then
    if VALUE[name] then
      if name == "empty?" then cx:use("ruby") end
      local r = operand(cx, recv)
      return (VALUE[name]:gsub("R", function() return r end))
    end
    if TABLE[name] then return operand(cx, recv) .. ":" .. name .. "()" end
    if FIELDS[name] then return operand(cx, recv) .. "." .. name end
  end
  if name == "include?" then
    cx:use("ruby")
    return ("ruby.includes(%s, %s)"):format(expr(cx, recv), one_arg(cx, call))
  end
  if name == "join" and #call.args <= 1 then
    return ("table.concat(%s%s)"):format(expr(cx, recv), #call.args == 1 and ", " .. expr(cx, call.args[1]) or "")
  end
  if name == "split" and #call.args <= 1 then
    cx:use("ruby")
    return ("ruby.split(%s%s)"):format(expr(cx, recv), #call.args == 1 and ", " .. expr(cx, call.args[1]) or "")
  end
  if name == "count" and #call.args == 0 then return "#" .. operand(cx, recv) end
  cx:nope(call.node, ("the method %s"):format(name))
end

---The Lua for a call node, or nil when `node` is no call.
---@param cx fscript.port.Context
---@param node table
---@return string?
function M.expr(cx, node)
  local call = M.parts(node)
  if not call then return nil end
  if call.recv == nil then return on_self(cx, call) end
  return on_value(cx, call)
end

return M
