---The converter's state for one Ruby file: its name and lines (for messages and kept comments), the project's
---helper methods, the Lua locals in scope, the runtime modules the Lua uses, and the notes for PORT.md.
local M = {}

---@class fscript.port.Context
---@field file string the Ruby file, relative to the features folder (`step_definitions/x.rb`)
---@field lines string[] its source lines
---@field defs table<string, table> every method a Ruby file of the project defines with `def` (its node)
---@field global_defs boolean true in support files: their methods are globals, as World methods are
---@field uses table<string, boolean> runtime modules used: `ruby`, `expect`, `world`
---@field notes {line: integer, text: string}[] what PORT.md says about this file beside the lines not ported
---@field scopes table<string, boolean>[]
---@field launched boolean? a relaunch was already written in the current function
---@field line_hint integer? the line of the statement being translated, for a node without tokens (`next`)
---@field loop? "for"|"block" what `next` leaves: a Lua loop's body or a block's function
---@field continue_used? boolean a `goto continue` was written in the current loop body
---@field sleep_last? boolean the statement being translated is the last of its block
---@field launchers table<string, boolean> variables that hold a Frank launcher (sim_launcher's client …)
local Context = {}
Context.__index = Context

---@param file string
---@param lines string[]
---@param defs table<string, table>
---@param global_defs boolean
---@return fscript.port.Context
function M.new(file, lines, defs, global_defs)
  return setmetatable({ file = file, lines = lines, defs = defs, global_defs = global_defs, uses = {}, notes = {},
    scopes = { {} }, launchers = {} }, Context)
end

---Stops translating `node`: the statement holding it is kept as a comment and a run-time error.
---@param node any
---@param why string
function Context:nope(node, why) -- luacheck: ignore 212/self
  error({ not_ported = why, node = node }, 0)
end

---True for the error `nope` raises.
---@param err any
---@return boolean
function M.is_not_ported(err)
  return type(err) == "table" and err.not_ported ~= nil
end

---Marks a runtime module (`ruby`, `expect`) or the `world` table as used, so the file requires it.
---@param what string
function Context:use(what) self.uses[what] = true end

---Adds a note for PORT.md.
---@param line integer
---@param text string
function Context:note(line, text) self.notes[#self.notes + 1] = { line = line, text = text } end

function Context:push() self.scopes[#self.scopes + 1] = {} end
function Context:pop() self.scopes[#self.scopes] = nil end

---Declares a Lua local in the innermost scope.
---@param name string
function Context:declare(name) self.scopes[#self.scopes][name] = true end

---True when `name` is a Lua local in scope.
---@param name string
---@return boolean
function Context:is_local(name)
  for i = #self.scopes, 1, -1 do
    if self.scopes[i][name] then return true end
  end
  return false
end

---The Ruby source of lines `first`..`last`, each trimmed of trailing blanks.
---@param first integer
---@param last integer
---@return string[]
function Context:source(first, last)
  local out = {}
  for i = first, last do out[#out + 1] = ((self.lines[i] or ""):gsub("%s+$", "")) end
  return out
end

return M
