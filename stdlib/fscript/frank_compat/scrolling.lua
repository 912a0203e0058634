---scroll_helper.rb: scrolling scroll views and table views with Frank's operations.
local base = require("fscript.frank_compat.base")
local query = require("fscript.frank_compat.query")

local M = {}
local ops = base.ops

-- Ruby's `to_i` on a number or a numeric string, for the row, section and offsets Frank converts.
local function to_i(v, what)
  local n = tonumber(v)
  if not n then error(("%s must be a number, got %s"):format(what, tostring(v)), 3) end
  return math.tointeger(n >= 0 and math.floor(n) or math.ceil(n))
end

---scroll_helper.rb `scroll_view_to_top(selector)`: returns one result per match.
---@param selector string
---@return any[]
function M.scroll_view_to_top(selector) return query.frankly_map(selector, ops.scroll_to_top) end

---scroll_helper.rb `scroll_view_to_bottom(selector)`.
---@param selector string
---@return any[]
function M.scroll_view_to_bottom(selector) return query.frankly_map(selector, ops.scroll_to_bottom) end

---scroll_helper.rb `scroll_view_to_position(selector, x, y)`: Frank's `FEX_setContentOffsetX:y:` (a target
---without it says so).
---@param selector string
---@param x number|string
---@param y number|string
---@return any[]
function M.scroll_view_to_position(selector, x, y)
  return query.frankly_map(selector, "FEX_setContentOffsetX:y:", to_i(x, "x"), to_i(y, "y"))
end

---scroll_helper.rb `scroll_table_view(selector, row, section = 0)`: scrolls each matching table to the row.
---@param selector string
---@param row integer|string
---@param section? integer|string
---@return any[]
function M.scroll_table_view(selector, row, section)
  return query.frankly_map(selector, ops.scroll_to_row, to_i(row, "row"), to_i(section or 0, "section"))
end

-- Older fscript names kept for step files ported before the Ruby names were complete.
M.scroll_to_top = M.scroll_view_to_top
M.scroll_to_bottom = M.scroll_view_to_bottom

return M
