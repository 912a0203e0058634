---Ready-to-paste step definitions for undefined steps, as cucumber prints them: the step text with its quoted
---strings and numbers turned into placeholders (`I add "milk" 2 times` → `I add {string} {int} times`), one
---parameter per placeholder, and a body that fails as pending until it is written.
local pattern = require("fscript.pattern")

local M = {}

local NAMES = { string = "text", int = "n", float = "x", word = "word" }

---One snippet.
---@param text string the undefined step's text
---@param argument? "table"|"doc" the step's data table or doc string, passed as the last parameter
---@return string
function M.snippet(text, argument)
  local generalized = pattern.generalize(text)
  local params, seen = {}, {}
  for kind in generalized:gmatch("{(%a+)}") do
    local base = NAMES[kind] or kind
    seen[base] = (seen[base] or 0) + 1
    params[#params + 1] = seen[base] > 1 and (base .. seen[base]) or base
  end
  if argument == "table" then params[#params + 1] = "rows" elseif argument == "doc" then params[#params + 1] = "doc" end
  return ('step(%q, function(%s)\n  error("pending: write this step", 0)\nend)'):format(generalized,
    table.concat(params, ", "))
end

---The block for a list of undefined steps (each `{text =, argument =, where =}`), each text once: where they
---are, then their snippets. Empty when the list is.
---@param undefined {text: string, argument?: string, where?: string}[]
---@return string
function M.block(undefined)
  if #undefined == 0 then return "" end
  local lines, snippets, seen = {}, {}, {}
  lines[1] = ("%d undefined step%s:"):format(#undefined, #undefined == 1 and "" or "s")
  for _, u in ipairs(undefined) do
    lines[#lines + 1] = ("  %s%s"):format(u.text, u.where and ("  (" .. u.where .. ")") or "")
    local snippet = M.snippet(u.text, u.argument)
    if not seen[snippet] then
      seen[snippet] = true
      snippets[#snippets + 1] = snippet
    end
  end
  lines[#lines + 1] = ""
  lines[#lines + 1] = "Define them in a Lua file under step_definitions/ (these compile as they are):"
  lines[#lines + 1] = ""
  lines[#lines + 1] = table.concat(snippets, "\n\n")
  return table.concat(lines, "\n") .. "\n"
end

return M
