---gesture_helper.rb and frank_helper.rb's `drag_with_initial_delay`: long presses, double taps, slider drags. Each
---sends Frank's own operation to every match and raises Frank's messages when nothing matched or a match refused.
local base = require("fscript.frank_compat.base")
local query = require("fscript.frank_compat.query")

local M = {}
local ops = base.ops

local function map_checked(selector, verb, refused, method, ...)
  return base.check_results(query.frankly_map(selector, method, ...), selector,
    ("Could not find anything matching [%s] to %s"):format(selector, verb), refused)
end

local LONG = "Some views could not be long touched (probably because they are not within the current viewport)"
local DOUBLE = "Some views could not be double tap (probably because they are not within the current viewport)"
local THUMB = "Some views could not had their thumbs dragged (are they even UISLiders?)"

---gesture_helper.rb `tap_and_hold(selector, duration = 1)`: a long press of `duration` seconds on every match.
---@param selector string
---@param duration? number seconds
---@return boolean[]
function M.tap_and_hold(selector, duration)
  return map_checked(selector, "long touch", LONG, ops.touch_and_hold, duration or 1)
end

---gesture_helper.rb `tap_and_hold_point(selector, x, y, duration = 1)`: a long press at (x, y) in each match
---(Frank's `touchAndHold:x:y:`; a target without it says so).
---@param selector string
---@param x number
---@param y number
---@param duration? number seconds
---@return boolean[]
function M.tap_and_hold_point(selector, x, y, duration)
  return map_checked(selector, "long touch", LONG, "touchAndHold:x:y:", duration or 1, x, y)
end

---gesture_helper.rb `double_tap(selector)`: two taps on every match.
---@param selector string
---@return boolean[]
function M.double_tap(selector)
  return map_checked(selector, "double tap", DOUBLE, ops.double_tap)
end

---gesture_helper.rb `double_tap_point(selector, x, y)`: two taps at (x, y) in each match (Frank's `doubleTapx:y:`;
---a target without it says so).
---@param selector string
---@param x number
---@param y number
---@return boolean[]
function M.double_tap_point(selector, x, y)
  return map_checked(selector, "double tap", DOUBLE, "doubleTapx:y:", x, y)
end

---gesture_helper.rb `drag_thumb_in_slider(selector, value, duration)`: sets each matching slider to `value` as a
---drag of its thumb would. fscript sends Frank's `FEX_dragThumbToValue:` without the duration: a drag that takes
---time is a fixed sleep, and the value it ends on is the same.
---@param selector string
---@param value number
---@param duration number seconds (accepted as Frank takes it; not waited)
---@return boolean[]
function M.drag_thumb_in_slider(selector, value, duration)
  if type(duration) ~= "number" then error("drag_thumb_in_slider: duration must be a number of seconds", 2) end
  return M.drag_thumb_in_slider_with_default_duration(selector, value)
end

---gesture_helper.rb `drag_thumb_in_slider_with_default_duration(selector, value)`.
---@param selector string
---@param value number
---@return boolean[]
function M.drag_thumb_in_slider_with_default_duration(selector, value)
  return map_checked(selector, "have its thumb dragged", THUMB, ops.drag_thumb_to_value, value)
end

---frank_helper.rb `drag_with_initial_delay(:from => sel, :to => sel)`: `drag_with_initial_delay{from =, to =}`
---drags the `from` view to the centre of the one `to` view. On a Mac app, as in Frank, a mouse down, drag and
---up, without Frank's 0.3 s sleeps between them.
---@param args {from: string, to: string}
function M.drag_with_initial_delay(args)
  if type(args) ~= "table" or args.from == nil then error("must specify a :from parameter", 2) end
  if args.to == nil then error("must specify a :to parameter", 2) end
  local dest = query.accessibility_frame(args.to)
  if tostring(base.app():device().device) == "mac" then
    local from = query.accessibility_frame(args.from)
    query.frankly_map(args.from, "FEX_mouseDownX:y:", from.center.x, from.center.y)
    query.frankly_map(args.from, "FEX_dragToX:y:", dest.center.x, dest.center.y)
    query.frankly_map(args.from, "FEX_mouseUpX:y:", dest.center.x, dest.center.y)
  else
    query.frankly_map(args.from, ops.drag, dest.center.x, dest.center.y)
  end
end

return M
