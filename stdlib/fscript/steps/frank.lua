---Frank's core steps, worded as in Frank's core_frank_steps.rb so Frank users recognise them.
---Selectors follow Shelley; waits use the `wait` limit, assertions retry for the `validation` limit.
local ui = require("fscript.ui")
local util = require("fscript.util")
local wait = require("fscript.wait")
local config = require("fscript.config")
local failure = require("fscript.failure")
local data_table = require("fscript.data_table")

local M = {}

---The sentences of the steps another tool writes, by id: the inspector records an action with them (it reads
---this table when it starts), so rewording a step here changes what it records, and the two cannot drift.
M.sentences = {
  touch_view = "I touch {string}",
  touch_button = "I touch the button marked {string}",
  touch_cell = "I touch the table cell marked {string}",
  type_into_field = "I type {string} into the {string} text field",
  flip_switch_on = "I flip switch {string} on",
  flip_switch_off = "I flip switch {string} off",
  navigate_back = "I navigate back",
  should_see = "I should see {string}",
}

local function validate(check)
  wait.eventually(check, config.get("validation"))
end

local function see_message(mark)
  return function()
    return ("Expected to see %q (a view marked %s, or a label or text field containing it); the screen shows: %s")
      :format(mark, util.quote(mark), ui.shown())
  end
end

local function rows(data)
  if type(data) ~= "table" then failure.raise("this step needs a list: Then(\"…the following:\", {\"A\", \"B\"})") end
  local list = {}
  for i, row in ipairs(data) do list[i] = type(row) == "table" and tostring(row[1]) or tostring(row) end
  return list
end

local function quoted_list(list)
  local out = {}
  for i, s in ipairs(list) do out[i] = ("%q"):format(s) end
  return table.concat(out, ", ")
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

local function alert_shows(title)
  for _, method in ipairs({ "title", "message", "accessibilityLabel" }) do
    for _, v in ipairs(ui.map("alertView", method)) do
      if type(v) == "string" and v:find(title, 1, true) then return true end
    end
  end
  return false
end

local function install_seeing(define)
  define("I wait to see {string}", function(mark)
    wait.eventually(function() return ui.sees(mark), see_message(mark) end, config.get("wait"))
  end)
  define("I wait to not see {string}", function(mark)
    wait.eventually(function()
      return not ui.sees(mark), ("Expected %q to go away within %g s; it is still visible"):format(mark, config.get("wait"))
    end, config.get("wait"))
  end)
  define(M.sentences.should_see, function(mark) validate(function() return ui.sees(mark), see_message(mark) end) end)
  define("I should not see {string}", function(mark)
    validate(function() return not ui.sees(mark), ("Expected not to see %q; it is visible"):format(mark) end)
  end)
  define("I should see a {string} button", function(mark)
    validate(function()
      return ui.visible_count(ui.marked("button", mark)) > 0, function()
        return ("Expected to see a button marked %q (%s); the screen shows: %s")
          :format(mark, ui.marked("button", mark), ui.shown())
      end
    end)
  end)
  define("I should see the following:", function(data)
    local wanted = rows(data)
    validate(function()
      local missing = {}
      for _, mark in ipairs(wanted) do if not ui.sees(mark) then missing[#missing + 1] = mark end end
      return #missing == 0, function()
        return ("Expected to see %s; missing: %s; the screen shows: %s")
          :format(quoted_list(wanted), quoted_list(missing), ui.shown())
      end
    end)
  end)
  define("I should not see the following:", function(data)
    local unwanted = rows(data)
    validate(function()
      local seen = {}
      for _, mark in ipairs(unwanted) do if ui.sees(mark) then seen[#seen + 1] = mark end end
      return #seen == 0, ("Expected not to see %s; visible: %s"):format(quoted_list(unwanted), quoted_list(seen))
    end)
  end)
  define("I should see a navigation bar titled {string}", function(title)
    validate(function()
      local titles = ui.map("navigationItemView", "accessibilityLabel")
      for _, t in ipairs(titles) do if t == title then return true end end
      return false, ("Expected a navigation bar titled %q; passed in: %s"):format(title, quoted_list(titles))
    end)
  end)
  define("I should see an alert view titled {string}", function(title)
    validate(function()
      return alert_shows(title), function()
        return ("Expected an alert view titled %q; passed in: %s"):format(title,
          quoted_list(ui.map("alertView", "title")))
      end
    end)
  end)
  define("I should not see an alert view", function()
    validate(function() return ui.count("alertView") == 0, "Expected no alert view; one is showing" end)
  end)
end

-- True when `sel` matches a view and none of its matches is hidden (Frank's element_is_not_hidden).
local function shown_and_not_hidden(sel)
  local hidden = ui.map(sel, "isHidden")
  if #hidden == 0 then return false end
  for _, h in ipairs(hidden) do if util.truthy(h) then return false end end
  return true
end

-- The navigation bar titles on screen.
local function navigation_titles()
  return ui.map("navigationItemView", "accessibilityLabel")
end

local function has(list, value)
  for _, v in ipairs(list) do if v == value then return true end end
  return false
end

local function install_more_seeing(define)
  define("I wait to see a navigation bar titled {string}", function(title)
    wait.eventually(function()
      return has(navigation_titles(), title), function()
        return ("Expected a navigation bar titled %q within %g s; passed in: %s")
          :format(title, config.get("wait"), quoted_list(navigation_titles()))
      end
    end, config.get("wait"))
  end)
  define("I wait to not see a navigation bar titled {string}", function(title)
    wait.eventually(function()
      return not has(navigation_titles(), title),
        ("Expected the navigation bar titled %q to go away within %g s; it is still there"):format(title,
          config.get("wait"))
    end, config.get("wait"))
  end)
  define("I should see an alert view with the message {string}", function(message)
    validate(function()
      local messages = ui.map("alertView", "message")
      return has(messages, message), function()
        return ("Expected an alert view with the message %q; passed in: %s"):format(message, quoted_list(messages))
      end
    end)
  end)
  -- Frank's containment checks: the view marked NAME whose ancestor is of CLASS holds each label (or button).
  define("I should see an element of class {string} with name {string} with the following labels: {string}",
    function(class, name, labels)
      for label in labels:gmatch("[^,]+") do
        local sel = ("view marked:%s parent view:%s descendant view marked:%s"):format(util.quote(name),
          util.quote(class), util.quote(label))
        validate(function()
          return ui.count(sel) > 0, function()
            return ("Expected %q inside the %s named %q (%s); the screen shows: %s"):format(label, class, name, sel,
              ui.shown())
          end
        end)
      end
    end)
  define("I should see an element of class {string} with name {string} with a {string} button",
    function(class, name, button)
      local sel = ("view marked:%s parent view:%s descendant button marked:%s"):format(util.quote(name),
        util.quote(class), util.quote(button))
      validate(function()
        return ui.count(sel) > 0, function()
          return ("Expected a %q button inside the %s named %q (%s); the screen shows: %s"):format(button, class,
            name, sel, ui.shown())
        end
      end)
    end)
  -- Frank words these two oddly but means: the button is hidden or gone / the button is there and not hidden.
  define("I should not see a hidden button marked {string}", function(mark)
    local sel = ui.marked("button", mark)
    validate(function()
      return not shown_and_not_hidden(sel), ("Expected no visible button marked %q (%s); one is showing")
        :format(mark, sel)
    end)
  end)
  define("I should see a nonhidden button marked {string}", function(mark)
    local sel = ui.marked("button", mark)
    validate(function()
      return shown_and_not_hidden(sel), function()
        return ("Expected a button marked %q that is not hidden (%s); the screen shows: %s"):format(mark, sel,
          ui.shown())
      end
    end)
  end)
  define("I should see an element of class {string}", function(class)
    local sel = "view:" .. util.quote(class)
    validate(function()
      return shown_and_not_hidden(sel), function()
        return ("Expected a %s that is not hidden (%s); the screen shows: %s"):format(class, sel, ui.shown())
      end
    end)
  end)
  define("I should not see an element of class {string}", function(class)
    local sel = "view:" .. util.quote(class)
    validate(function()
      return not shown_and_not_hidden(sel), ("Expected no visible %s (%s); one is showing"):format(class, sel)
    end)
  end)
  define("a pop-over menu is displayed with the following:", function(data)
    local wanted = rows(data)
    validate(function()
      local missing = {}
      for _, mark in ipairs(wanted) do
        if ui.count("actionSheet view marked:" .. util.quote(mark)) == 0 then missing[#missing + 1] = mark end
      end
      return #missing == 0, function()
        return ("Expected a pop-over menu (action sheet) with %s; missing: %s; the screen shows: %s")
          :format(quoted_list(wanted), quoted_list(missing), ui.shown())
      end
    end)
  end)
end

local function install_touching(define)
  define(M.sentences.touch_view, function(mark)
    ui.touch_when_ready(ui.marked("view", mark) .. " first", ("a view marked %q"):format(mark))
  end)
  define(M.sentences.touch_button, function(mark)
    ui.touch_when_ready(ui.marked("button", mark), ("a button marked %q"):format(mark))
  end)
  define("I touch the {ordinal} table cell", function(n)
    ui.touch_when_ready(("tableViewCell index:%d"):format(n - 1), ("table cell #%d"):format(n))
  end)
  define(M.sentences.touch_cell, function(mark)
    ui.touch_when_ready(ui.marked("tableViewCell", mark) .. " first", ("a table cell marked %q"):format(mark))
  end)
  define("I touch {string} if exists", function(mark)
    local sel = ui.marked("view", mark) .. " first"
    if ui.count(sel) > 0 then ui.touch(sel) end
  end)
  define("I touch the following:", function(data)
    for _, mark in ipairs(rows(data)) do
      ui.touch_when_ready(ui.marked("view", mark), ("a view marked %q"):format(mark))
    end
  end)
  define("I touch the {string} action sheet button", function(mark)
    ui.touch_when_ready("actionSheet button marked:" .. util.quote(mark) .. " first",
      ("an action sheet button marked %q"):format(mark))
  end)
  define("I touch the {ordinal} action sheet button", function(n)
    ui.touch_when_ready(("actionSheet button index:%d"):format(n - 1), ("action sheet button #%d"):format(n))
  end)
  define("I touch the {string} alert view button", function(mark)
    local q = util.quote(mark)
    ui.touch_first({ "alertView button marked:" .. q .. " first", "alertView view marked:" .. q .. " first" },
      ("an alert view button marked %q"):format(mark))
  end)
  define("I touch the {ordinal} alert view button", function(n)
    ui.touch_when_ready(("alertView button index:%d"):format(n - 1), ("alert view button #%d"):format(n))
  end)
  define(M.sentences.navigate_back, function()
    ui.touch_first({ "navigationItemButtonView first", "navigationButton first" }, "the back button")
  end)
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

local function install_controls(define)
  define("I flip switch {string}", function(mark)
    ui.touch_when_ready(ui.marked("view:'UISwitch'", mark), ("switch %q"):format(mark))
  end)
  define(M.sentences.flip_switch_on, function(mark) flip_to(mark, true) end)
  define(M.sentences.flip_switch_off, function(mark) flip_to(mark, false) end)
  define("switch {string} should be on", function(mark) switch_should_be(mark, true) end)
  define("switch {string} should be off", function(mark) switch_should_be(mark, false) end)
  define(M.sentences.type_into_field, function(text, field) type_into(text, field) end)
  define("I fill in {string} with {string}", function(field, text) type_into(text, field) end)
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
end

---Defines Frank's steps.
---@param define fun(pattern: string, fn: function)
function M.install(define)
  install_seeing(define)
  install_more_seeing(define)
  install_touching(define)
  install_controls(define)
  install_lifecycle(define)
end

return M
