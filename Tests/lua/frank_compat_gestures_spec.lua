-- Spec: fscript.frank_compat's gestures, keyboard and scrolling (gesture_helper.rb, keyboard_helper.rb,
-- scroll_helper.rb, drag_with_initial_delay) against the embedded simulator: each does to the app what Frank's
-- does and raises Frank's messages. The operations the simulator does not implement (Frank's touchAndHold:x:y:,
-- doubleTapx:y:, FEX_setContentOffsetX:y:) are checked on a recording stand-in target: the operation and the
-- argument order Frank sends.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local support = require("fixtures.frank_support")
local F = require("fscript.frank_compat")
-- Points the global app (the current target) at a stand-in, or back.
local function use(target) rawset(_G, "app", target) end
local APP = here .. "fixtures/frank_compat_app.lua"
local function note() return app:map("label", "text")[1] end
local function field() return app:map("textField", "text")[1] end
frank.launch({ app = APP })

-- type_into_keyboard
F.touch("textField")
F.type_into_keyboard("abc", { append_return = false })
check.equal("abc", field(), "type_into_keyboard: types into the focused field")
check.equal("Hello", note(), "type_into_keyboard{append_return = false}: no Return")
F.type_into_keyboard("\bd")
check.equal("abd", field(), "type_into_keyboard: \\b presses Delete")
check.equal("returned", note(), "type_into_keyboard: a Return at the end by default")
check.contains(support.error_of(F.type_shortcut, "command", "q"), "type_shortcut: keyboard shortcuts with modifier",
  "type_shortcut refuses: Mac only")

-- tap_and_hold, double_tap
check.equal(true, F.tap_and_hold("button marked:'Hold'")[1], "tap_and_hold: the view answered true")
check.equal("held 1.0", note(), "tap_and_hold: Frank's default duration, 1 s")
F.tap_and_hold("button marked:'Hold'", 2)
check.equal("held 2.0", note(), "tap_and_hold: the duration given")
check.equal("Could not find anything matching [button marked:'Nowhere'] to long touch",
  support.error_of(F.tap_and_hold, "button marked:'Nowhere'"), "tap_and_hold: Frank's message")
local function sound() return app:map("view:'UISwitch'", "isOn")[1] end
local before = sound()
F.double_tap("view:'UISwitch'")
check.equal(before, sound(), "double_tap: the switch toggled twice")
check.equal("Could not find anything matching [button marked:'Nowhere'] to double tap",
  support.error_of(F.double_tap, "button marked:'Nowhere'"), "double_tap: Frank's message")

-- sliders
F.drag_thumb_in_slider("view:'UISlider'", 0.4, 1)
check.equal(0.4, app:map("view:'UISlider'", "value")[1], "drag_thumb_in_slider")
F.drag_thumb_in_slider_with_default_duration("view:'UISlider'", 0.9)
check.equal(0.9, app:map("view:'UISlider'", "value")[1], "drag_thumb_in_slider_with_default_duration")
check.equal("Could not find anything matching [button marked:'Nowhere'] to have its thumb dragged",
  support.error_of(F.drag_thumb_in_slider_with_default_duration, "button marked:'Nowhere'", 1),
  "drag_thumb_in_slider: Frank's message")
F.drag_with_initial_delay({ from = "view:'UISlider'", to = "button marked:'Hold'" })
local value = app:map("view:'UISlider'", "value")[1]
check.truthy(value > 0.3 and value < 0.4, "drag_with_initial_delay: the thumb went to the other view's centre")
check.contains(support.error_of(F.drag_with_initial_delay, { to = "button" }), "must specify a :from parameter",
  "drag_with_initial_delay: Frank's message without from")
check.contains(support.error_of(F.drag_with_initial_delay, { from = "button" }), "must specify a :to parameter",
  "drag_with_initial_delay: Frank's message without to")

-- scrolling
local function offset() return app:map("tableView", "contentOffset")[1].y end
F.scroll_table_view("tableView", "20")
check.truthy(offset() > 0, "scroll_table_view: the table scrolled to row 20 (a string, as Ruby's to_i takes)")
F.scroll_view_to_top("tableView")
check.equal(0, offset(), "scroll_view_to_top")
F.scroll_view_to_bottom("tableView")
local bottom = offset()
check.truthy(bottom > 0, "scroll_view_to_bottom")
F.scroll_table_view("tableView", 0, 0)
check.equal(0, offset(), "scroll_table_view: row 0 of section 0")
check.equal(F.scroll_view_to_top, F.scroll_to_top, "scroll_to_top: fscript's older name kept")

-- A recording stand-in target: the operations the simulator lacks are sent as Frank sends them.
local real, sent = app, nil
use(setmetatable({ map = function(_, sel, method, ...)
  sent = { sel, method, ... }
  return { true }
end }, { __index = real }))
F.tap_and_hold_point("button", 5, 6)
check.equal("touchAndHold:x:y:|1|5|6", table.concat(sent, "|", 2), "tap_and_hold_point: duration 1, x, y")
F.tap_and_hold_point("button", 5, 6, 3)
check.equal("touchAndHold:x:y:|3|5|6", table.concat(sent, "|", 2), "tap_and_hold_point: the duration given")
F.double_tap_point("button", 7, 8)
check.equal("doubleTapx:y:|7|8", table.concat(sent, "|", 2), "double_tap_point")
F.scroll_view_to_position("scrollView", "10.7", 20)
check.equal("FEX_setContentOffsetX:y:|10|20", table.concat(sent, "|", 2), "scroll_view_to_position: to_i")
use(setmetatable({ map = function() return { true, false } end }, { __index = real }))
check.equal("Some views could not be long touched (probably because they are not within the current viewport)",
  support.error_of(F.tap_and_hold, "button"), "tap_and_hold: Frank's message when a view refused")
check.equal("Some views could not be double tap (probably because they are not within the current viewport)",
  support.error_of(F.double_tap_point, "button", 1, 2), "double_tap_point: Frank's message when a view refused")
check.equal("Some views could not had their thumbs dragged (are they even UISLiders?)",
  support.error_of(F.drag_thumb_in_slider, "button", 1, 1), "drag_thumb_in_slider: Frank's message")
use(real)

check.finish("frank_compat_gestures_spec")
