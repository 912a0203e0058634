---Ruby statements as Lua lines: assignments (locals declared where Ruby first assigns them), if/unless/case,
---loops, begin/rescue, return, def, and calls (`fscript.port.special` first: step definitions, `step`/`steps`,
---`sleep`, loops over blocks, launches). Each statement is translated on its own: one that cannot be is kept as
---its Ruby lines in comments and an `error("not ported: FILE:LINE: …")`, so a run fails there and nowhere else.
local tree = require("fscript.port.tree")
local context = require("fscript.port.context")
local names = require("fscript.port.names")
local expr_mod = require("fscript.port.expr")

local M = {}

local kind = tree.kind
local expr, operand = expr_mod.expr, expr_mod.operand

---Indents every line of `lines` (each may hold several) by `depth` levels of two spaces.
---@param lines string[]
---@param depth integer
---@return string[]
function M.indent(lines, depth)
  local out, pad = {}, ("  "):rep(depth)
  for _, line in ipairs(lines) do
    for piece in (line .. "\n"):gmatch("(.-)\n") do out[#out + 1] = piece == "" and "" or pad .. piece end
  end
  return out
end

-- The lines of a statement that cannot be translated: its Ruby source as comments and a run-time error.
local function not_ported(cx, node, why)
  local first, last = tree.lines(node)
  first = first or cx.line_hint or 0
  last = last or first
  local out = {}
  for _, line in ipairs(cx:source(first, last)) do out[#out + 1] = "-- " .. line:match("^%s*(.-)$") end
  local ruby = (cx.lines[first] or ""):match("^%s*(.-)%s*$")
  out[#out + 1] = ("error(%s, 0)"):format(require("fscript.port.lua_text").quote(
    ("not ported: %s:%d: %s"):format(cx.file, first, ruby)))
  cx.failed[#cx.failed + 1] = { line = first, ruby = ruby, why = why }
  return out
end

-- The Ruby comments on their own lines before line `first` (and after the last statement written), as Lua ones.
local function comments_before(cx, first, out)
  for line = (cx.comment_cursor or 0) + 1, first - 1 do
    local c = cx.comments and cx.comments[line]
    if c and not cx.comments_used[line] then
      cx.comments_used[line] = true
      out[#out + 1] = "-- " .. c.text:gsub("^#+%s?", "")
    end
  end
end

-- A Ruby comment at the end of a statement's last line, added to its Lua (unless the Ruby lines are kept as
-- comments, which hold it already). Moves the comment cursor past the statement.
local function trailing_comment(cx, last, lines)
  local c = cx.comments and cx.comments[last]
  if c and not cx.comments_used[last] then
    cx.comments_used[last] = true
    local kept = false
    for _, l in ipairs(lines) do if l:sub(1, 3) == "-- " then kept = true end end
    if not kept and #lines > 0 then lines[#lines] = lines[#lines] .. "  -- " .. c.text:gsub("^#+%s?", "") end
  end
  if last > (cx.comment_cursor or 0) then cx.comment_cursor = last end
end

-- A Lua expression text that may stand as a statement: a call.
local function is_call_text(lua)
  return lua:sub(-1) == ")" or lua:sub(-1) == "}" or lua:match("^[%w_.:]+%s*%b[]$") ~= nil
    or lua:match("end%)$") ~= nil
end

local function assign(cx, target, value)
  local k = kind(target)
  if k == "var_field" and kind(target[2]) == "@ident" then
    local name = names.lua_name(target[2][2])
    if cx:is_local(name) then return { name .. " = " .. value } end
    cx:declare(name)
    return { "local " .. name .. " = " .. value }
  end
  if k == "var_field" then
    local ref = expr(cx, { "var_ref", target[2] })
    return { ref .. " = " .. value }
  end
  if k == "aref_field" then return { expr(cx, { "aref", target[2], target[3] }) .. " = " .. value } end
  if k == "field" then return { operand(cx, target[2], true) .. "." .. target[4][2] .. " = " .. value } end
  cx:nope(target, "assigning to " .. tostring(k))
end

local OPASSIGN = { ["+="] = "+", ["-="] = "-", ["*="] = "*", ["/="] = "/" }

local function condition(cx, node, negate)
  local lua = expr(cx, node)
  if not negate then return lua end
  return "not " .. operand(cx, node)
end

-- if / unless with elsif and else chains.
local function if_chain(cx, node, implicit)
  local out = { ("if %s then"):format(condition(cx, node[2], kind(node) == "unless")) }
  local function add_body(stmts)
    for _, l in ipairs(M.indent(M.body(cx, stmts, implicit), 1)) do out[#out + 1] = l end
  end
  add_body(node[3])
  local rest = node[4]
  while rest do
    if kind(rest) == "elsif" then
      out[#out + 1] = ("elseif %s then"):format(condition(cx, rest[2]))
      add_body(rest[3])
      rest = rest[4]
    else
      out[#out + 1] = "else"
      add_body(rest[2])
      rest = nil
    end
  end
  out[#out + 1] = "end"
  return out
end

local function case_chain(cx, node, implicit)
  local subject = operand(cx, node[2])
  local out, clause, first = {}, node[3], true
  while clause do
    if kind(clause) == "when" then
      local tests = {}
      for _, value in ipairs(tree.arguments(clause[2])) do
        if kind(value) == "regexp_literal" then cx:nope(value, "a regular expression in when") end
        tests[#tests + 1] = subject .. " == " .. operand(cx, value)
      end
      out[#out + 1] = (first and "if " or "elseif ") .. table.concat(tests, " or ") .. " then"
      for _, l in ipairs(M.indent(M.body(cx, clause[3], implicit), 1)) do out[#out + 1] = l end
      clause, first = clause[4], false
    else
      out[#out + 1] = "else"
      for _, l in ipairs(M.indent(M.body(cx, clause[2], implicit), 1)) do out[#out + 1] = l end
      clause = nil
    end
  end
  out[#out + 1] = "end"
  return out
end

-- begin … rescue [=> e] … ensure … end, as pcall.
local function begin_block(cx, bodystmt, implicit)
  local rescue, else_, ensure = bodystmt[3], bodystmt[4], bodystmt[5]
  if not rescue then
    local out = { "do" }
    for _, l in ipairs(M.indent(M.body(cx, bodystmt[2], implicit), 1)) do out[#out + 1] = l end
    if ensure then for _, l in ipairs(M.indent(M.body(cx, ensure[2], false), 1)) do out[#out + 1] = l end end
    out[#out + 1] = "end"
    return out
  end
  if else_ or rescue[5] then cx:nope(rescue, "rescue with else or several rescue clauses") end
  local out = { "local ok, err = pcall(" .. M.function_text(cx, {}, { "body", bodystmt[2] }, false) .. ")",
    "if not ok then" }
  local var = rescue[3] and rescue[3][2] and rescue[3][2][2]
  cx:push()
  if var then
    cx:declare(names.lua_name(var))
    out[#out + 1] = "  local " .. names.lua_name(var) .. " = err"
  end
  for _, l in ipairs(M.indent(M.body(cx, rescue[4], implicit), 1)) do out[#out + 1] = l end
  cx:pop()
  out[#out + 1] = "end"
  if ensure then for _, l in ipairs(M.body(cx, ensure[2], false)) do out[#out + 1] = l end end
  return out
end

local function while_loop(cx, node)
  local k = kind(node)
  local special = require("fscript.port.special").wait_loop(cx, node)
  if special then return special end
  local cond = condition(cx, node[2], k == "until" or k == "until_mod")
  local body = (k == "while" or k == "until") and node[3] or { node[3] }
  local out = { "while " .. cond .. " do" }
  for _, l in ipairs(M.indent(M.loop_body(cx, body), 1)) do out[#out + 1] = l end
  out[#out + 1] = "end"
  return out
end

---A loop's body: `next` in it is `goto continue` (with the label at its end), `break` is `break`.
---@return string[]
function M.loop_body(cx, stmts)
  local saved_loop, saved_continue = cx.loop, cx.continue_used
  cx.loop, cx.continue_used = "for", false
  local body = M.body(cx, stmts, false)
  if cx.continue_used then body[#body + 1] = "::continue::" end
  cx.loop, cx.continue_used = saved_loop, saved_continue
  return body
end

-- `next` and `break`: in a loop, Lua's goto and break; in a block (map, select, wait_until), a return.
local function jump(cx, node)
  local args = tree.arguments(node[2] or {})
  if kind(node) == "break" then
    if cx.loop ~= "for" or #args > 0 then cx:nope(node, "break outside a loop") end
    return { "break" }
  end
  if cx.loop == "for" and #args == 0 then
    cx.continue_used = true
    return { "goto continue" }
  end
  if cx.loop == "block" and #args <= 1 then return { "return" .. (args[1] and " " .. expr(cx, args[1]) or "") } end
  cx:nope(node, "next outside a loop or block")
end

local COMPOUND = { ["if"] = true, unless = true, case = true, begin = true, ["while"] = true, ["until"] = true }

-- The local variables first assigned inside a compound statement (not inside its blocks or methods): Ruby sees
-- them after it, so Lua declares them before it.
local function assigned_inside(cx, node, into, seen)
  if type(node) ~= "table" then return end
  local k = kind(node)
  if k == "brace_block" or k == "do_block" or k == "def" then return end
  if (k == "assign" or k == "opassign") and kind(node[2]) == "var_field" and kind(node[2][2]) == "@ident" then
    local name = names.lua_name(node[2][2][2])
    if not cx:is_local(name) and not seen[name] then
      seen[name] = true
      into[#into + 1] = name
    end
  end
  for i = 1, #node do assigned_inside(cx, node[i], into, seen) end
end

local statement

-- A compound statement, after a `local` line for the variables it assigns first.
local function compound(cx, node, implicit)
  local declared = {}
  assigned_inside(cx, node, declared, {})
  for _, name in ipairs(declared) do cx:declare(name) end
  local lines = statement(cx, node, implicit, true)
  if #declared > 0 then table.insert(lines, 1, "local " .. table.concat(declared, ", ")) end
  return lines
end

-- One statement as Lua lines; `implicit` when its value is the block's (Ruby's last expression).
function statement(cx, node, implicit, hoisted)
  local k = kind(node)
  if COMPOUND[k] and not hoisted then return compound(cx, node, implicit) end
  local special = require("fscript.port.special").statement(cx, node)
  if special then return special end
  if k == "assign" then return assign(cx, node[2], expr(cx, node[3])) end
  if k == "opassign" then
    local op, target = node[3][2], node[2]
    local current = expr(cx, kind(target) == "var_field" and { "var_ref", target[2] } or target)
    if op == "||=" then return assign(cx, target, current .. " or " .. expr(cx, node[4])) end
    if not OPASSIGN[op] then cx:nope(node, "the operator " .. op) end
    return assign(cx, target, current .. " " .. OPASSIGN[op] .. " " .. operand(cx, node[4]))
  end
  if k == "if" or k == "unless" then return if_chain(cx, node, implicit) end
  if k == "if_mod" or k == "unless_mod" then
    return if_chain(cx, { k == "if_mod" and "if" or "unless", node[2], { node[3] }, false }, false)
  end
  if k == "case" then return case_chain(cx, node, implicit) end
  if k == "while" or k == "until" or k == "while_mod" or k == "until_mod" then return while_loop(cx, node) end
  if k == "begin" then return begin_block(cx, node[2], implicit) end
  if k == "return0" then return { "return" } end
  if k == "next" or k == "break" then return jump(cx, node) end
  if k == "return" then
    local args = tree.arguments(node[2])
    if #args ~= 1 then cx:nope(node, "return of several values") end
    return { "return " .. expr(cx, args[1]) }
  end
  if k == "def" then return require("fscript.port.special").def(cx, node) end
  if k == "module" then return M.body(cx, node[3][2], false) end
  if k == "binary" and node[3] == "<<" then
    local list = operand(cx, node[2], true)
    return { ("%s[#%s + 1] = %s"):format(list, list, expr(cx, node[4])) }
  end
  local lua = expr(cx, node)
  if implicit then return { "return " .. lua } end
  if is_call_text(lua) and kind(node) ~= "var_ref" then return { lua } end
  return { "local _ = " .. lua }
end

---A statement list as Lua lines, each statement on its own so one that is not ported leaves the rest.
---@param cx fscript.port.Context
---@param stmts table[]
---@param implicit boolean whether the last statement's value is returned
---@return string[]
function M.body(cx, stmts, implicit)
  local out = {}
  local list = tree.statements(stmts)
  for i, node in ipairs(list) do
    local call = require("fscript.port.calls").parts(node)
    cx.sleep_last = i == #list
    if call and not call.recv and call.name == "sleep" and i < #list then
      local sleep_first, sleep_last = tree.lines(node)
      comments_before(cx, sleep_first or 0, out)
      -- The sleep's own comment stays on its commented line, not inside the retried checks.
      if sleep_last then trailing_comment(cx, sleep_last, { "-- " }) end
      local rest = { table.unpack(list, i + 1) }
      local ok, waited = pcall(require("fscript.port.special").sleep_then_checks, cx, node, rest)
      if ok and waited then
        for _, l in ipairs(waited) do out[#out + 1] = l end
        return out
      end
    end
    local first, last = tree.lines(node)
    if first then
      comments_before(cx, first, out)
      cx.line_hint = first
    end
    local ok, lines = pcall(statement, cx, node, implicit and i == #list and M.has_value(node))
    if not ok then
      if require("fscript.util").is_fatal(lines) then error(lines, 0) end
      -- A tree shape the converter does not expect is not ported either, rather than stopping the whole port.
      local why = context.is_not_ported(lines) and lines.not_ported or ("the converter failed: " .. tostring(lines))
      lines = not_ported(cx, node, why)
    end
    if last then trailing_comment(cx, last, lines) end
    for _, l in ipairs(lines) do out[#out + 1] = l end
  end
  return out
end

local NO_VALUE = { assign = true, opassign = true, ["if"] = true, unless = true, if_mod = true, unless_mod = true,
  case = true, ["while"] = true, ["until"] = true, while_mod = true, until_mod = true, begin = true,
  ["return"] = true, return0 = true, def = true, module = true }

---Whether a statement has a value Ruby would return as a block's last expression.
---@return boolean
function M.has_value(node)
  if NO_VALUE[kind(node)] then return false end
  local call = require("fscript.port.calls").parts(node)
  if call and not call.recv and (call.name == "sleep" or call.name == "puts" or call.name == "raise"
      or call.name == "step" or call.name == "steps" or call.name == "fail") then
    return false
  end
  if call and call.recv == nil and call.block then return false end
  return true
end

---A Lua function of `params` whose body is a block's (or a `{"body", stmts}`'s) statements.
---@param cx fscript.port.Context
---@param params string[]
---@param block table a brace_block, do_block, or {"body", stmts}
---@param implicit boolean
---@param loop? boolean the body of a Lua loop (`each` as `for`) rather than of a function
---@return string
function M.function_text(cx, params, block, implicit, loop)
  local stmts = block[3] or block[2]
  if kind(stmts) == "bodystmt" then
    if stmts[3] or stmts[5] then
      stmts = { { "begin", stmts } }
    else
      stmts = stmts[2]
    end
  end
  cx:push()
  for _, p in ipairs(params) do cx:declare(p) end
  local saved_launched, saved_top, saved_loop = cx.launched, cx.top_level, cx.loop
  cx.launched, cx.top_level = nil, false
  local body
  if loop then
    body = M.loop_body(cx, stmts)
  else
    -- In a method a `next` means nothing; in a block it returns from the block.
    cx.loop = block[1] ~= "def" and block[1] ~= "body" and "block" or nil
    body = M.body(cx, stmts, implicit)
  end
  cx.launched, cx.top_level, cx.loop = saved_launched, saved_top, saved_loop
  cx:pop()
  local lines = { ("function(%s)"):format(table.concat(params, ", ")) }
  for _, l in ipairs(M.indent(body, 1)) do lines[#lines + 1] = l end
  lines[#lines + 1] = "end"
  return table.concat(lines, "\n")
end

return M
