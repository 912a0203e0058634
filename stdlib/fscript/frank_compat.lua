---Frank's Ruby helper API in Lua, so a team ports its own step definitions line by line:
---`local F = require("fscript.frank_compat")` and call `F.touch(…)`, or `require("fscript.frank_compat").install()`
---for globals named as in Ruby (`touch`, `element_exists`, `wait_until` …), as Frank's helpers are mixed into
---cucumber's world. Each function names its Ruby original (frank_helper.rb, wait_helper.rb, keyboard_helper.rb,
---gesture_helper.rb, scroll_helper.rb) and keeps its arguments and meaning; the differences are fscript's:
---no fixed sleeps, waits that park on the target's change feed, and failures that say what the screen shows.
local util = require("fscript.util")
local config = require("fscript.config")
local failure = require("fscript.failure")
local ui = require("fscript.ui")

local M = {}

local function app()
  local a = util.app()
  if not a then error("no target: the global 'app' is not set", 0) end
  return a
end

-- Fails the step with `message` (an expected failure, like an rspec expectation in Frank).
local function expect(ok, message, selector)
  if not ok then failure.raise(message, selector) end
end

---frank_helper.rb `frankly_map(selector, method_name, *method_args)`: the method's result for every match.
---@param selector string
---@param method string
---@return any[]
function M.frankly_map(selector, method, ...)
  return app():map(selector, method, ...)
end

---frank_helper.rb `touch(selector)`: touches every match (Frank's way); fails when nothing matches.
---@param selector string
---@return boolean[]
function M.touch(selector)
  local results = M.frankly_map(selector, "touch")
  expect(#results > 0, ("could not find anything matching [%s] to touch; the screen shows: %s")
    :format(selector, ui.shown()), selector)
  return results
end

---frank_helper.rb `element_exists(selector)`.
---@param selector string
---@return boolean
function M.element_exists(selector)
  return #M.frankly_map(selector, "FEX_accessibilityLabel") > 0
end

---frank_helper.rb `element_is_not_hidden(selector)`: a match exists and at least one is visible.
---@param selector string
---@return boolean
function M.element_is_not_hidden(selector)
  for _, visible in ipairs(M.frankly_map(selector, frank.operations.is_visible)) do
    if util.truthy(visible) then return true end
  end
  return false
end

---frank_helper.rb `check_element_exists(selector)`.
---@param selector string
function M.check_element_exists(selector)
  expect(M.element_exists(selector), ("Could not find element matching selector (%s); the screen shows: %s")
    :format(selector, ui.shown()), selector)
end

---frank_helper.rb `check_element_exists_and_is_visible(selector)`.
---@param selector string
function M.check_element_exists_and_is_visible(selector)
  expect(M.element_is_not_hidden(selector), ("Could not find visible element matching selector (%s)"):format(selector),
    selector)
end

---frank_helper.rb `check_element_does_not_exist(selector)`.
---@param selector string
function M.check_element_does_not_exist(selector)
  expect(not M.element_exists(selector),
    ("Found element matching selector when it should not exist (%s)"):format(selector), selector)
end

---frank_helper.rb `check_element_does_not_exist_or_is_not_visible(selector)`.
---@param selector string
function M.check_element_does_not_exist_or_is_not_visible(selector)
  expect(not M.element_is_not_hidden(selector),
    ("Found visible element matching selector when it should not be visible (%s)"):format(selector), selector)
end

---frank_helper.rb `get_selector_quote(text)`: `'`, or `"` when the text holds a `'`.
---@param text string
---@return string
function M.get_selector_quote(text)
  return text:find("'", 1, true) and '"' or "'"
end

local function marked(mark)
  local q = M.get_selector_quote(mark)
  return ("view marked:%s%s%s"):format(q, mark, q)
end

---frank_helper.rb `view_with_mark_exists(mark)`.
---@param mark string
---@return boolean
function M.view_with_mark_exists(mark) return M.element_exists(marked(mark)) end
---frank_helper.rb `check_view_with_mark_exists(mark)`.
---@param mark string
function M.check_view_with_mark_exists(mark) M.check_element_exists(marked(mark)) end
---frank_helper.rb `check_view_with_mark_does_not_exist(mark)`.
---@param mark string
function M.check_view_with_mark_does_not_exist(mark) M.check_element_does_not_exist(marked(mark)) end

---wait_helper.rb `wait_until(:timeout => s, :message => m) { … }`: `wait_until({timeout =, message =}, fn)`
---(or `wait_until(fn)`). Calls fn until it returns a true value, pacing on the target's change feed; raises
---`message` (or a default) after `timeout` seconds (default: the wait limit, `--wait`).
---@param opts table|function
---@param fn? function
---@return any the first true value
function M.wait_until(opts, fn)
  if type(opts) == "function" then opts, fn = {}, opts end
  opts = opts or {}
  local timeout = opts.timeout
  if not timeout or timeout == false then timeout = config.get("wait") end
  local value
  local ok, err = pcall(app().wait_until, app(), function()
    value = fn()
    return value
  end, { timeout = timeout })
  if not ok then
    if util.is_fatal(err) or failure.is(err) then error(err, 0) end
    failure.raise(opts.message and ("%s (within %g s)"):format(opts.message, timeout) or tostring(err))
  end
  return value
end

---frank_helper.rb `wait_for_element_to_exist(*selectors, &block)`: waits until any selector matches; a function
---as the last argument is called with each selector that matches, as Ruby's block is.
---@param ... string|function
function M.wait_for_element_to_exist(...)
  local selectors, block = { ... }, nil
  if type(selectors[#selectors]) == "function" then block = table.remove(selectors) end
  M.wait_until({ message = "Waited for element matching any of " .. table.concat(selectors, ", ") .. " to exist" },
    function()
      local found = false
      for _, sel in ipairs(selectors) do
        if M.element_exists(sel) then
          found = true
          if block then block(sel) end
        end
      end
      return found
    end)
end

---frank_helper.rb `wait_for_element_to_not_exist(selector)`.
---@param selector string
function M.wait_for_element_to_not_exist(selector)
  M.wait_until({ message = ("Waited for element %s to not exist"):format(selector) },
    function() return not M.element_exists(selector) end)
end

---frank_helper.rb `wait_for_element_to_exist_and_then_touch_it(*selectors)`.
---@param ... string
function M.wait_for_element_to_exist_and_then_touch_it(...)
  local selectors = { ... }
  local touched = false
  selectors[#selectors + 1] = function(sel)
    if not touched then
      M.touch(sel)
      touched = true
    end
  end
  M.wait_for_element_to_exist(table.unpack(selectors))
end

---frank_helper.rb `wait_for_nothing_to_be_animating(timeout = false)`: waits for the app to be idle (no
---animation, no network request in flight on the simulator; nothing `isAnimating` elsewhere).
---@param timeout? number|false
function M.wait_for_nothing_to_be_animating(timeout)
  app():wait_for_idle({ timeout = (timeout and timeout ~= false) and timeout or config.get("wait") })
end

---frank_helper.rb `accessibility_frame(selector)`: the one match's frame as `{x, y, width, height, center}`.
---@param selector string
---@return {x: number, y: number, width: number, height: number, center: {x: number, y: number}}
function M.accessibility_frame(selector)
  local frames = M.frankly_map(selector, "FEX_accessibilityFrame")
  expect(#frames > 0, ("the supplied selector [%s] did not match any views"):format(selector), selector)
  expect(#frames == 1, ("the supplied selector [%s] matched more than one views (%d views matched)")
    :format(selector, #frames), selector)
  local f = frames[1]
  local r = { x = f.origin.x, y = f.origin.y, width = f.size.width, height = f.size.height }
  r.center = { x = r.x + r.width / 2, y = r.y + r.height / 2 }
  return r
end

---frank_helper.rb `drag_with_initial_delay(:from => sel, :to => sel)`: `drag_with_initial_delay{from =, to =}`.
---@param args {from: string, to: string}
function M.drag_with_initial_delay(args)
  if type(args) ~= "table" or not args.from then error("must specify a from parameter", 2) end
  if not args.to then error("must specify a to parameter", 2) end
  local dest = M.accessibility_frame(args.to)
  M.frankly_map(args.from, "FEX_dragWithInitialDelayToX:y:", dest.center.x, dest.center.y)
end

---frank_helper.rb `app_exec(method_sig, *method_args)`.
---@param method string
---@return any
function M.app_exec(method, ...)
  return app():app_exec(method, ...)
end

---frank_helper.rb `fill_in(placeholder, :with => text)`: `fill_in("Name", {with = "Pete"})`; sets the text of the
---text fields with this placeholder.
---@param placeholder string
---@param options {with: string}
function M.fill_in(placeholder, options)
  if type(options) ~= "table" or options.with == nil then error("Must pass a table containing the key with", 2) end
  local q = M.get_selector_quote(placeholder)
  local modified = M.frankly_map(("textField placeholder:%s%s%s"):format(q, placeholder, q), "setText:", options.with)
  expect(#modified > 0, ("could not find text fields with placeholder %s%s%s"):format(q, placeholder, q))
end

---frank_helper.rb `frankly_dump`: prints the view tree (as fscript's REPL shows it) and returns it.
---@return table
function M.frankly_dump()
  local tree = app():dump()
  print(require("fscript.pretty").tree(tree))
  return tree
end

---frank_helper.rb `frankly_screenshot(filename)`.
---@param filename string
function M.frankly_screenshot(filename) app():screenshot(filename) end

---frank_helper.rb `frankly_current_orientation`: `portrait` or `landscape`.
---@return string
function M.frankly_current_orientation()
  local o = app():orientation()
  if type(o) == "table" then o = o.orientation or o.detailed_orientation end
  return (tostring(o):match("^(%a+)")) or tostring(o)
end
---frank_helper.rb `frankly_oriented_portrait?`.
function M.frankly_oriented_portrait() return M.frankly_current_orientation() == "portrait" end
---frank_helper.rb `frankly_oriented_landscape?`.
function M.frankly_oriented_landscape() return M.frankly_current_orientation() == "landscape" end
---frank_helper.rb `frankly_set_orientation(orientation)`: `landscape` and `portrait` as Frank takes them.
---@param orientation string
function M.frankly_set_orientation(orientation)
  app():set_orientation(({ landscape = "landscape_left" })[orientation] or orientation)
end

---frank_helper.rb `frankly_os_version`: the target's iOS version as a string.
---@return string
function M.frankly_os_version()
  return tostring(app():device().os_version or "")
end

---frank_helper.rb `use_shelley_from_now_on`: fscript always speaks Shelley; kept so env.rb ports unchanged.
function M.use_shelley_from_now_on() end

---keyboard_helper.rb `type_into_keyboard(text, :append_return => true)`: types into the focused field, with a
---Return at the end unless `{append_return = false}`.
---@param text string
---@param options? {append_return?: boolean}
function M.type_into_keyboard(text, options)
  if not (options and options.append_return == false) and text:sub(-1) ~= "\n" then text = text .. "\n" end
  app():type(text)
end

---gesture_helper.rb `tap_and_hold(selector, duration = 1)`.
---@param selector string
---@param duration? number seconds
function M.tap_and_hold(selector, duration)
  app():touch_and_hold(selector, duration or 1, { all = true })
end

---gesture_helper.rb `double_tap(selector)`.
---@param selector string
function M.double_tap(selector) app():double_tap(selector, { all = true }) end

---scroll_helper.rb `scroll_view_to_top(selector)` (also `scroll_to_top`).
---@param selector string
function M.scroll_view_to_top(selector) M.frankly_map(selector, "FEX_scrollToTop") end
---scroll_helper.rb `scroll_view_to_bottom(selector)` (also `scroll_to_bottom`).
---@param selector string
function M.scroll_view_to_bottom(selector) M.frankly_map(selector, "FEX_scrollToBottom") end
---scroll_helper.rb `scroll_table_view(selector, row, section = 0)`.
---@param selector string
---@param row integer
---@param section? integer
function M.scroll_table_view(selector, row, section)
  M.frankly_map(selector, "FEX_scrollToRow:inSection:", row, section or 0)
end
M.scroll_to_top = M.scroll_view_to_top
M.scroll_to_bottom = M.scroll_view_to_bottom

---host_scripting.rb `quit_simulator` / `simulator_reset_data`: fscript relaunches the app fresh through its
---lifecycle (the simulator, fscript serve, --launch), and says so when the target has none.
function M.quit_simulator()
  local done, why = frank.reset({ keep_env = true })
  if done == false then failure.raise("quit_simulator: " .. tostring(why)) end
end
M.simulator_reset_data = M.quit_simulator

---Sets every helper above as a global (in `env`, default `_G`), for step files ported line by line.
---@param env? table
---@return table M
function M.install(env)
  env = env or _G
  for name, fn in pairs(M) do
    if name ~= "install" then rawset(env, name, fn) end
  end
  return M
end

return M
