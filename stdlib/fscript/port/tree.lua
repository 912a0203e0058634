---Reading Ripper's syntax tree (as `ripper_json.rb` prints it): a node is a list whose first element names it
---(`"command"`, `"@ident"`), a list of statements is a list of nodes, and a token carries `[line, column]`.
local M = {}

---The node's kind (`"call"`, `"@ident"` …), or nil for a list of nodes, `false` or a plain value.
---@param node any
---@return string?
function M.kind(node)
  if type(node) == "table" and type(node[1]) == "string" then return node[1] end
  return nil
end

---The first and last source lines of the tokens under `node` (nil when it has none).
---@param node any
---@return integer? first
---@return integer? last
function M.lines(node)
  local first, last
  local function walk(n)
    if type(n) ~= "table" then return end
    local k = M.kind(n)
    if k and k:sub(1, 1) == "@" and type(n[3]) == "table" and math.type(n[3][1]) == "integer" then
      local line = n[3][1]
      -- A token's text may run over several lines (a string's content): its last line counts.
      local _, breaks = tostring(n[2]):gsub("\n", "")
      if not first or line < first then first = line end
      if not last or line + breaks > last then last = line + breaks end
      return
    end
    for i = 1, #n do walk(n[i]) end
  end
  walk(node)
  return first, last
end

---Calls `visit(token)` for every token under `node`.
---@param node any
---@param visit fun(token: table)
function M.tokens(node, visit)
  if type(node) ~= "table" then return end
  local k = M.kind(node)
  if k and k:sub(1, 1) == "@" then
    visit(node)
    return
  end
  for i = 1, #node do M.tokens(node[i], visit) end
end

---A statement list without Ripper's empty statements.
---@param stmts any
---@return table[]
function M.statements(stmts)
  local out = {}
  for _, s in ipairs(type(stmts) == "table" and not M.kind(stmts) and stmts or {}) do
    if M.kind(s) ~= "void_stmt" then out[#out + 1] = s end
  end
  return out
end

---The argument nodes of a call's arguments (`args_add_block`, `arg_paren`, a bare list), and the `&block`
---argument when there is one. A splat (`*args`) is returned as its node, for the caller to refuse.
---@param args any
---@return table[] nodes
---@return table? block_pass
function M.arguments(args)
  local k = M.kind(args)
  if k == "arg_paren" then return M.arguments(args[2]) end
  if k == "args_add_block" then
    local list = M.arguments(args[2])
    return list, args[3] or nil
  end
  if k then return { args } end
  local out = {}
  for _, a in ipairs(type(args) == "table" and args or {}) do out[#out + 1] = a end
  return out
end

---The name of an identifier-like token node (`@ident`, `@const`, `@kw` …) or of `var_ref`/`vcall`/`fcall`.
---@param node any
---@return string?
function M.name(node)
  local k = M.kind(node)
  if not k then return nil end
  if k:sub(1, 1) == "@" then return node[2] end
  if k == "var_ref" or k == "vcall" or k == "fcall" or k == "var_field" or k == "const_ref" then
    return M.name(node[2])
  end
  return nil
end

return M
