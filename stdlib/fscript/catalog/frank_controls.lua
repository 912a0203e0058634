---Frank's core steps for controls, text fields, orientation and the app's lifecycle (the rest of Frank's
---catalog is in `fscript.catalog.frank`), worded as in Frank's core_frank_steps.rb.
local ui = require("fscript.ui")
local util = require("fscript.util")
local wait = require("fscript.wait")
local config = require("fscript.config")
local failure = require("fscript.failure")
local data_table = require("fscript.steps.data_table")
local sentences = require("fscript.catalog.sentences")

local M = {}

local function validate(check)
  wait.eventually(check, config.get("validation"))
end

local function orientation_name()
  local o = ui.target():orientation()
  if type(o) == "table" then o = o.detailed_orientation or o.orientation end
  return tostring(o)
end

local ROTATION = { "portrait", "landscape_left", "portrait_upside_down", "landscape_right" }

local function rotate(direction)
  local now, index = orientation_name(), 1
  for i, name in ipairs(ROTATION) do if name == now then index = i end end
  local step = ({ left = 1, right = -1 })[direction]
  if not step then failure.raise(("Rotation direction %q is invalid: say \"left\" or \"right\""):format(direction)) end
  ui.target():set_orientation(ROTATION[(index - 1 + step) % 4 + 1])
end

local function ensure_orientation(wanted)
  if wanted ~= "landscape" and wanted ~= "portrait" then
    failure.raise(("Unknown orientation %q: say landscape or portrait"):format(wanted))
  end
  if not orientation_name():find("^" .. wanted) then
    ui.target():set_orientation(wanted == "landscape" and "landscape_left" or "portrait")
  end
  validate(function()
    local now = orientation_name()
    return now:find("^" .. wanted) ~= nil,
      ("Expected the orientation to be %s; passed in: %s"):format(wanted, now)
  end)
end

---The selector of a text field by placeholder, else by accessibility label.
---@param name string
---@return string
function M.text_field(name)
  local by_placeholder = "textField placeholder:" .. util.quote(name) .. " first"
  if ui.count(by_placeholder) > 0 then return by_placeholder end
  return ui.marked("textField", name) .. " first"
end

-- Types `text` into the text field `field` names (placeholder, else label) once there is one; with `replace`
-- its text is cleared first, as Frank's `setText:` replaced it.
local function type_into(text, field, replace)
  local sel
  wait.eventually(function()
    sel = M.text_field(field)
    return ui.count(sel) > 0, function()
      return ("Expected a text field with placeholder or label %q; the screen shows: %s"):format(field, ui.shown())
    end
  end, config.get("wait"))
  if replace then ui.map(sel, "setText:", "") end
  ui.target():type_into(sel, text)
end

-- Frank's "I fill in text fields as follows:": a table with the columns `field` and `text`; each row's field
-- gets its text (replaced, as Frank's `setText:` did).
local function fill_in(data)
  local what = "I fill in text fields as follows:"
  if not data_table.is(data) then
    failure.raise(("%s needs a data table with the columns field and text, got %s"):format(what,
      data == nil and "no table" or type(data)))
  end
  local header = data[1] or {}
  local columns = {}
  for _, name in ipairs(header) do columns[name] = true end
  if not columns.field or not columns.text then
    failure.raise(("%s needs a table whose header has the columns field and text; its header is | %s |")
      :format(what, table.concat(header, " | ")))
  end
  for _, row in ipairs(data:hashes()) do type_into(row.text, row.field, true) end
end

local function switch_state(mark)
  local sel = ui.marked("view:'UISwitch'", mark)
  local values = ui.map(sel, "isOn")
  if #values == 0 then return nil, sel end
  return util.truthy(values[1]), sel
end

local function flip_to(mark, on)
  local state, sel = switch_state(mark)
  if state == nil then ui.touch_when_ready(sel, ("switch %q"):format(mark)) return end
  if state ~= on then ui.touch(sel) end
end

local function switch_should_be(mark, on)
  validate(function()
    local state, sel = switch_state(mark)
    local passed = state == nil and "no such switch" or (state and "on" or "off")
    return state == on, ("Expected switch %q (%s) to be %s; passed in: %s")
      :format(mark, sel, on and "on" or "off", passed)
  end)
end

local SPINNER = "view:'UIActivityIndicatorView'"

-- How many activity indicators are both visible and animating.
local function spinner_count()
  local visible, n = ui.map(SPINNER, frank.operations.is_visible), 0
  for i, animating in ipairs(ui.map(SPINNER, "isAnimating")) do
    if util.truthy(animating) and util.truthy(visible[i]) then n = n + 1 end
  end
  return n
end

-- Whether the target can be relaunched: what the lifecycle steps say when it cannot.
local function relaunch(what)
  -- A fresh app as the run launched it, with what the scenario added to its launch environment (its mock
  -- backend's BACKEND_URL): "I launch the app" after the backend steps still talks to that backend.
  local ok, done, why = pcall(frank.reset, { keep_env = true })
  if not ok then
    if util.is_fatal(done) then error(done, 0) end
    failure.raise(("%s: %s"):format(what, tostring(done)))
  end
  -- frank.reset() answers false and why when the target cannot be relaunched (a Frank server without /launch,
  -- no --launch command): the step fails saying so instead of going on with the old app.
  if done == false then failure.raise(("%s: %s"):format(what, tostring(why))) end
end

local function install_lifecycle(define)
  -- Frank's skeleton's launch steps: a fresh launch through fscript's lifecycle (the embedded simulator,
  -- fscript serve's /launch, or --launch 'COMMAND' for a real app). The iOS version and device family of the
  -- skeleton's wording are those of the target; fscript does not pick a simulator.
  define("^I launch the app$", function() relaunch("I launch the app") end)
  define("^I launch the app using iOS ([\\d\\.]+)(?: and the (iphone|ipad) simulator)?$", function()
    relaunch("I launch the app")
  end)
  define("^I quit the simulator$", function() relaunch("I quit the simulator (fscript relaunches the app fresh)") end)
  define("^I reset the simulator$", function() relaunch("I reset the simulator (a fresh app, its data reset)") end)
  define("^I simulate a memory warning$", function()
    local ok, err = pcall(ui.target().simulate_memory_warning, ui.target())
    if not ok then
      if util.is_fatal(err) then error(err, 0) end
      failure.raise(tostring(err))
    end
  end)
  define("^I wait for ([\\d\\.]+) seconds?$", function(seconds)
    local n = tonumber(seconds)
    if not n then failure.raise(("I wait for %s seconds: %q is not a number of seconds"):format(seconds, seconds)) end
    util.host().sleep(n)
  end)
  define("^I dump the DOM$", function()
    print(require("fscript.pretty").tree(ui.target():dump()))
  end)
end

---Defines the control, orientation and lifecycle steps.
---@param define fun(pattern: string, fn: function)
function M.install(define)
  define("I flip switch {string}", function(mark)
    ui.touch_when_ready(ui.marked("view:'UISwitch'", mark), ("switch %q"):format(mark))
  end)
  define(sentences.flip_switch_on, function(mark) flip_to(mark, true) end)
  define(sentences.flip_switch_off, function(mark) flip_to(mark, false) end)
  define("switch {string} should be on", function(mark) switch_should_be(mark, true) end)
  define("switch {string} should be off", function(mark) switch_should_be(mark, false) end)
  define(sentences.type_into_field, function(text, field) type_into(text, field) end)
  -- Frank sets the field's text (setText:), so what was there goes.
  define("I fill in {string} with {string}", function(field, text) type_into(text, field, true) end)
  define("I fill in text fields as follows:", fill_in)
  -- Frank's wording: the field's text becomes the text, typed on the keyboard after touching the field.
  define('^I enter the text "([^"]*)" from keyboard to the textfield "([^"]*)"$', function(text, field)
    type_into(text, field, true)
  end)
  define("the device is in {word} orientation", ensure_orientation)
  define("the device is in a {word} orientation", ensure_orientation)
  define("I rotate to the {string}", rotate)
  define("I wait for nothing to be animating", function()
    ui.target():wait_for_idle({ timeout = config.get("wait") })
  end)
  define("I should see an activity indicator animating", function()
    validate(function()
      return spinner_count() > 0, function()
        return ("Expected a visible activity indicator to be animating; found %d activity indicators, none "
          .. "visible and animating; the screen shows: %s"):format(ui.count(SPINNER), ui.shown())
      end
    end)
  end)
  install_lifecycle(define)
end

return M
