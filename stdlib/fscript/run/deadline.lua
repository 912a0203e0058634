---The test deadline: `fscript.set_deadline(seconds)` from the host installs a debug hook that raises
---"test timed out after N s" inside a hung loop or wait; `nil` removes it. Without the host function
---(plain `lua5.4`) there is no deadline and these calls do nothing.
local util = require("fscript.util")

local M = {}

---True when the host can interrupt a hung test.
---@return boolean
function M.available()
  return util.host().set_deadline ~= nil
end

---Arms the deadline `seconds` from now, or disarms it with nil. Disarming returns what stopped the code
---meanwhile ("interrupted", "test timed out after 2 s"), if anything did: code that caught the stop with
---`pcall` or `xpcall` and returned must still fail.
---@param seconds? number
---@return string? stopped
---@return "interrupt"|"timeout"|nil kind what stopped it
function M.set(seconds)
  local set_deadline = util.host().set_deadline
  if set_deadline then return set_deadline(seconds) end
end

return M
