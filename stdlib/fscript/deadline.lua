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

---Arms the deadline `seconds` from now, or disarms it with nil.
---@param seconds? number
function M.set(seconds)
  local set_deadline = util.host().set_deadline
  if set_deadline then set_deadline(seconds) end
end

return M
