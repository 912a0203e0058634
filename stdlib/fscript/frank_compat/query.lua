---frank_helper.rb's queries, checks and app calls: `frankly_map` and what is built on it (`touch`, `fill_in`,
---`element_exists`, the `check_*` assertions, `accessibility_frame`, the navigation title), `app_exec`,
---`frankly_dump` and `frankly_screenshot`. Messages are Frank's; fscript adds what the screen shows where Frank
---gave nothing to go on.
local base = require("fscript.frank_compat.base")
local ui = require("fscript.ui")

local M = {}
local app, expect = base.app, base.expect
local ops = base.ops

M.get_selector_quote = base.get_selector_quote

---frank_helper.rb `frankly_map(selector, method_name, *method_args)`: calls the method on every view the selector
---matches and returns the results in order. Checks the signature as Frank's Gateway does.
---@param selector string
---@param method string an Objective-C selector (`setText:`) or an fscript operation name
---@param ... any the method's arguments
---@return any[]
function M.frankly_map(selector, method, ...)
  base.check_signature(method, select("#", ...))
  return app():map(selector, method, ...)
end

---frank_helper.rb `touch(selector)`: touches every match, returns one result per match; raises Frank's messages
---when nothing matched (with what the screen shows) or when a match could not be touched.
---@param selector string
---@return boolean[]
function M.touch(selector)
  local results = M.frankly_map(selector, ops.touch)
  expect(#results > 0, ("could not find anything matching [%s] to touch; the screen shows: %s")
    :format(selector, ui.shown()), selector)
  return base.check_results(results, selector, "",
    "some views could not be touched (probably because they are not within the current viewport)")
end

---frank_helper.rb `fill_in(placeholder, :with => text)`: `fill_in("Name", {with = "Pete"})` sets the text of every
---text field with that placeholder.
---@param placeholder string
---@param options {with: string}
function M.fill_in(placeholder, options)
  if type(options) ~= "table" or options.with == nil then error("Must pass a table containing the key with", 2) end
  local q = base.get_selector_quote(placeholder)
  local modified = M.frankly_map(("textField placeholder:%s%s%s"):format(q, placeholder, q), ops.set_text, options.with)
  expect(#modified > 0, ("could not find text fields with placeholder %s%s%s"):format(q, placeholder, q))
end

---frank_helper.rb `element_exists(selector)`: whether anything matches (hidden views count, as in Frank).
---@param selector string
---@return boolean
function M.element_exists(selector)
  return #M.frankly_map(selector, ops.fex_accessibility_label) > 0
end

---frank_helper.rb `element_is_not_hidden(selector)`: a match exists and at least one is visible.
---@param selector string
---@return boolean
function M.element_is_not_hidden(selector)
  for _, visible in ipairs(M.frankly_map(selector, ops.is_visible)) do
    if visible ~= false and visible ~= nil and visible ~= 0 then return true end
  end
  return false
end

---frank_helper.rb `check_element_exists(selector)`: Frank's message, then what the screen shows.
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

---frank_helper.rb `view_with_mark_exists(mark)`: `element_exists("view marked:'mark'")`.
---@param mark string
---@return boolean
function M.view_with_mark_exists(mark) return M.element_exists(base.marked(mark)) end

---frank_helper.rb `check_view_with_mark_exists(mark)`.
---@param mark string
function M.check_view_with_mark_exists(mark) M.check_element_exists(base.marked(mark)) end

---frank_helper.rb `check_view_with_mark_does_not_exist(mark)`.
---@param mark string
function M.check_view_with_mark_does_not_exist(mark) M.check_element_does_not_exist(base.marked(mark)) end

-- The navigation bar's title view marked `title` and the bar's horizontal centre, or nil when either is missing.
local function title_frame(title)
  local bars = M.frankly_map("view:'UINavigationBar'", ops.frame)
  if not bars[1] or not bars[1].size then return nil end
  local q = base.get_selector_quote(title)
  local frame = M.frankly_map(("view:'UINavigationBar' view:'UINavigationItemView' marked:%s%s%s"):format(q, title, q),
    ops.frame)[1]
  if not (frame and frame.origin and frame.size) then return nil end
  return frame, bars[1].size.width / 2
end

---frank_helper.rb `navigation_title_with_text_exists(title)`: a navigation bar's title view marked `title` covers
---the bar's centre. (Frank's own version refers to an undefined `quote`; this one quotes as `view_with_mark` does.)
---@param title string
---@return boolean
function M.navigation_title_with_text_exists(title)
  local frame, centre = title_frame(title)
  if not frame then return false end
  local left, right = frame.origin.x, frame.origin.x + frame.size.width
  return left < right and left < centre and centre < right
end

---frank_helper.rb `check_navigation_title_with_text_exists(title)`: Frank's three messages.
---@param title string
function M.check_navigation_title_with_text_exists(title)
  local frame, centre = title_frame(title)
  expect(frame, ("Could not find navigation bar with title (%s)"):format(title))
  local left, right = frame.origin.x, frame.origin.x + frame.size.width
  expect(left < right, ("Expected title (%s) not in center of navigation bar"):format(title))
  expect(left < centre and centre < right,
    ("Could not find navigation title in center of navigation bar matching text (%s)"):format(title))
end

---frank_helper.rb `accessibility_frame(selector)`: the one match's frame as Frank's Rect,
---`{x, y, width, height, center = {x, y}}`; raises Frank's messages for no match and for several.
---@param selector string
---@return {x: number, y: number, width: number, height: number, center: {x: number, y: number}}
function M.accessibility_frame(selector)
  local frames = M.frankly_map(selector, ops.fex_accessibility_frame)
  expect(#frames > 0, ("the supplied selector [%s] did not match any views"):format(selector), selector)
  expect(#frames == 1, ("the supplied selector [%s] matched more than one views (%d views matched)")
    :format(selector, #frames), selector)
  local f = frames[1]
  local r = { x = f.origin.x, y = f.origin.y, width = f.size.width, height = f.size.height }
  r.center = { x = r.x + r.width / 2, y = r.y + r.height / 2 }
  return r
end

---frank_helper.rb `app_exec(method_sig, *method_args)`: calls the method on the app delegate, returns its result.
---@param method string
---@param ... any
---@return any
function M.app_exec(method, ...)
  base.check_signature(method, select("#", ...))
  return app():app_exec(method, ...)
end

---frank_helper.rb `frankly_dump`: prints the view tree (as fscript's REPL shows it) and returns it (Frank prints
---JSON and returns nil).
---@return table
function M.frankly_dump()
  local tree = app():dump()
  print(require("fscript.pretty").tree(tree))
  return tree
end

---frank_helper.rb `frankly_screenshot(filename, subframe = nil, allwindows = true)`: writes a PNG of the screen
---to `filename`. fscript's targets shoot the whole screen: a subframe is refused rather than ignored.
---@param filename string
---@param subframe? string
---@param allwindows? boolean
function M.frankly_screenshot(filename, subframe, allwindows)
  if type(filename) ~= "string" or filename == "" then error("frankly_screenshot: a file name is required", 2) end
  if subframe ~= nil then
    error("frankly_screenshot: fscript shoots the whole screen; leave out the subframe and crop the file", 2)
  end
  local _ = allwindows
  app():screenshot(filename)
end

---frank_helper.rb `selector_engine`: the engine fscript speaks, Shelley (Frank's `shelley_compat`).
---@return string
function M.selector_engine() return "shelley_compat" end

---frank_helper.rb `base_server_url`: the current target's URL.
---@return string
function M.base_server_url() return app().url end

---frank_helper.rb `frank_server` (@api private): refuses, saying what to use instead.
M.frank_server = base.refuse("frank_server",
  "fscript has no Gateway object; call the target's methods on the global app (app:map, app:app_exec, …)")

return M
