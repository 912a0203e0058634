---One Ruby file of a Frank suite as one Lua file: Frank's helpers installed, the runtime modules it needs
---required, the methods it defines declared first (so steps above their `def` find them), and its top-level
---statements translated one by one with the blank lines between them kept.
local tree = require("fscript.port.tree")
local context = require("fscript.port.context")
local names = require("fscript.port.names")
local stmt = require("fscript.port.stmt")

local M = {}

local kind = tree.kind

---The methods a syntax tree defines with `def` (at any depth: in modules too), by name.
---@param node any
---@param into table<string, table> each name's `def` node
function M.defs(node, into)
  if type(node) ~= "table" then return end
  if kind(node) == "def" then into[node[2][2]] = node end
  for i = 1, #node do M.defs(node[i], into) end
end

-- The top-level statements, with those of a `module … end` spliced in (its methods are World methods).
local function top_statements(program)
  local out = {}
  for _, s in ipairs(tree.statements(program[2])) do
    if kind(s) == "module" then
      for _, inner in ipairs(tree.statements(s[3][2])) do out[#out + 1] = inner end
    else
      out[#out + 1] = s
    end
  end
  return out
end

---@class fscript.port.UnitResult
---@field lua string the Lua file's content (without fscript port's header line)
---@field stepdefs {line: integer, whole: boolean}[]
---@field failed {line: integer, ruby: string, why: string}[]
---@field notes {line: integer, text: string}[]

---Translates one file's syntax tree.
---@param file string the Ruby file, relative to the features folder
---@param source string its text
---@param parsed table `{tree = program node, comments = {{line, column, text}…}}` or `{error = …}`
---@param defs table<string, table> the methods the whole project defines
---@param support boolean a support file (its methods become globals)
---@return fscript.port.UnitResult
function M.translate(file, source, parsed, defs, support)
  local lines = {}
  for line in (source .. "\n"):gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  local cx = context.new(file, lines, defs, support)
  cx.stepdefs, cx.failed, cx.top_level = {}, {}, true
  cx.comments, cx.comment_cursor, cx.comments_used = {}, 0, {}
  for _, c in ipairs(parsed.comments or {}) do cx.comments[c[1]] = { column = c[2], text = c[3] } end
  local program = parsed.tree
  local body = {}
  if parsed.error then
    cx.failed[1] = { line = 0, ruby = "", why = "Ruby cannot parse it: " .. parsed.error }
    body[1] = ("error(%q, 0)"):format(("not ported: %s: Ruby cannot parse it: %s"):format(file, parsed.error))
  else
    local own = {}
    if not support then
      M.defs(program, own)
      local list = {}
      for name in pairs(own) do list[#list + 1] = names.lua_name(name) end
      table.sort(list)
      for _, name in ipairs(list) do cx:declare(name) end
      if #list > 0 then body[#body + 1] = "local " .. table.concat(list, ", ") .. "  -- methods defined below" end
    end
    local previous_last, previous_multi = nil, #body > 0
    for _, node in ipairs(top_statements(program)) do
      local first, last = tree.lines(node)
      local out = stmt.body(cx, { node }, false)
      if #out > 0 then
        local multi = #out > 1
        if #body > 0 and (multi or previous_multi or (first and previous_last and first > previous_last + 1)) then
          body[#body + 1] = ""
        end
        for _, l in ipairs(out) do body[#body + 1] = l end
        previous_multi = multi
      end
      previous_last = last or previous_last
    end
    while body[#body] == "" do body[#body] = nil end
  end
  local head = { 'require("fscript.frank_compat").install()' }
  if cx.uses.ruby or cx.uses.world then head[#head + 1] = 'local ruby = require("fscript.frank_compat.ruby")' end
  if cx.uses.expect then head[#head + 1] = 'local expect = require("fscript.frank_compat.expect")' end
  if cx.uses.world then head[#head + 1] = "local world = ruby.world  -- the scenario's instance variables" end
  local all = {}
  for _, l in ipairs(head) do all[#all + 1] = l end
  all[#all + 1] = ""
  for _, l in ipairs(body) do all[#all + 1] = l end
  local text = table.concat(all, "\n"):gsub("\n\n\n+", "\n\n") .. "\n"
  return { lua = text, stepdefs = cx.stepdefs, failed = cx.failed, notes = cx.notes }
end

return M
