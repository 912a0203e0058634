---frank_mac_helper.rb: Frank's helpers for Mac apps, which a Frank server inside a Mac app answers as an iOS one
---does (`--target URL`). Each sends Frank's own operation; a view that does not know it (any view of fscript's
---simulator, an iOS device) answers null, which Frank's helpers, and these, do not count as a refusal.
local base = require("fscript.frank_compat.base")
local query = require("fscript.frank_compat.query")

local M = {}

---frank_mac_helper.rb `click(selector)`: a mouse down and up at the centre of the one match.
---@param selector string
function M.click(selector)
  local frame = query.accessibility_frame(selector)
  query.frankly_map(selector, "FEX_mouseDownX:y:", frame.center.x, frame.center.y)
  query.frankly_map(selector, "FEX_mouseUpX:y:", frame.center.x, frame.center.y)
end

---frank_mac_helper.rb `double_click(selector)`: two clicks.
---@param selector string
function M.double_click(selector)
  M.click(selector)
  M.click(selector)
end

---frank_mac_helper.rb `perform_action_on_selector(action, selector)` (@api private): sends the action to every
---match; raises Frank's messages when nothing matched or a match does not support it.
---@param action string
---@param selector string
function M.perform_action_on_selector(action, selector)
  base.check_results(query.frankly_map(selector, action), selector,
    ("could not find anything matching [%s] which supports that action"):format(selector),
    "some objects do not support that action")
end

-- frank_mac_helper.rb's one-operation actions: Lua name → Frank's operation.
local ACTIONS = {
  simulate_click = "FEX_simulateClick", bring_to_front = "FEX_raise", cancel = "FEX_cancel",
  confirm = "FEX_confirm", decrement_value = "FEX_decrement", delete_value = "FEX_delete",
  increment_value = "FEX_increment", pick = "FEX_pick", show_menu = "FEX_showMenu", expand_row = "FEX_expand",
  collapse_row = "FEX_collapse",
}
for name, action in pairs(ACTIONS) do
  ---frank_mac_helper.rb's action of the same name (`simulate_click`, `bring_to_front`, `cancel`, `confirm`,
  ---`decrement_value`, `delete_value`, `increment_value`, `pick`, `show_menu`, `expand_row`, `collapse_row`).
  ---@param selector string
  M[name] = function(selector) M.perform_action_on_selector(action, selector) end
end

---frank_mac_helper.rb `row_is_expanded(selector)`: whether every matching outline row is expanded (false when
---nothing matched).
---@param selector string
---@return boolean
function M.row_is_expanded(selector)
  local results = query.frankly_map(selector, "FEX_isExpanded")
  if #results == 0 then return false end
  for _, r in ipairs(results) do
    if r == false then return false end
  end
  return true
end

return M
