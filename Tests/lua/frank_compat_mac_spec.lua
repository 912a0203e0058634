-- Spec: fscript.frank_compat's frank_mac_helper.rb part (frank_compat/mac.lua) and the Mac branch of
-- drag_with_initial_delay. fscript's simulator is an iOS device, so a recording stand-in plays a Frank server
-- inside a Mac app: each helper sends Frank's operations in Frank's order and raises Frank's messages. Against
-- the simulator, a view answers null to a Mac operation, which Frank's helpers (and these) do not count as false.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local support = require("fixtures.frank_support")
local F = require("fscript.frank_compat")
-- Points the global app (the current target) at a stand-in, or back.
local function use(target) rawset(_G, "app", target) end

local real = app
local sent, answer = {}, { true }
local FRAME = { origin = { x = 10, y = 20 }, size = { width = 100, height = 40 } }
local mac = {
  map = function(_, selector, method, ...)
    sent[#sent + 1] = table.concat({ selector, method, ... }, " ")
    if method == "FEX_accessibilityFrame" then return { FRAME } end
    return answer
  end,
  device = function() return { device = "mac", os_version = "10.8" } end,
}
local function record(fn, ...)
  sent = {}
  fn(...)
  return table.concat(sent, "; ")
end
use(mac)

check.equal(true, F.is_mac(), "is_mac on a Mac app")
check.equal("b FEX_accessibilityFrame; b FEX_mouseDownX:y: 60.0 40.0; b FEX_mouseUpX:y: 60.0 40.0",
  record(F.click, "b"), "click: mouse down and up at the centre")
check.equal(6, #(record(F.double_click, "b"):gsub("[^;]", "")) + 1, "double_click: two clicks")
local actions = { simulate_click = "FEX_simulateClick", bring_to_front = "FEX_raise", cancel = "FEX_cancel",
  confirm = "FEX_confirm", decrement_value = "FEX_decrement", delete_value = "FEX_delete",
  increment_value = "FEX_increment", pick = "FEX_pick", show_menu = "FEX_showMenu", expand_row = "FEX_expand",
  collapse_row = "FEX_collapse" }
for name, action in pairs(actions) do
  check.equal("row " .. action, record(F[name], "row"), name .. " sends Frank's " .. action)
end
check.equal(true, F.row_is_expanded("row"), "row_is_expanded: every row answered true")
answer = { true, false }
check.equal(false, F.row_is_expanded("row"), "row_is_expanded: one row is collapsed")
check.equal("some objects do not support that action", support.error_of(F.confirm, "row"),
  "an action: Frank's message when a view does not support it")
answer = {}
check.equal(false, F.row_is_expanded("row"), "row_is_expanded: false without a match")
check.equal("could not find anything matching [row] which supports that action", support.error_of(F.pick, "row"),
  "an action: Frank's message without a match")
answer = { true }
check.equal("to FEX_accessibilityFrame; from FEX_accessibilityFrame; from FEX_mouseDownX:y: 60.0 40.0; "
  .. "from FEX_dragToX:y: 60.0 40.0; from FEX_mouseUpX:y: 60.0 40.0",
  record(F.drag_with_initial_delay, { from = "from", to = "to" }),
  "drag_with_initial_delay on a Mac: mouse down, drag, up (Frank's sleeps left out)")

use(real)
frank.launch({})
check.equal(frank.null, F.frankly_map("button", "FEX_simulateClick")[1], "an iOS view answers null to a Mac action")
check.equal(nil, support.error_of(F.simulate_click, "button"), "null is not a refusal, as in Frank (only false is)")

check.finish("frank_compat_mac_spec")
