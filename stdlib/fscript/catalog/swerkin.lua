---Swerkin's steps: screens (render, wait for, navigate), and buttons, text fields, switches and drop-downs by
---accessibility identifier or by label.
local ui = require("fscript.ui")
local wait = require("fscript.wait")
local config = require("fscript.config")
local frank_steps = require("fscript.catalog.frank")
local util = require("fscript.util")
local failure = require("fscript.failure")

local M = {}

-- The kinds of element Swerkin's steps name, with their UIKit class and how to find one by label.
local KINDS = {
  button = { class = "UIButton", by_label = function(l) return ui.marked("button", l) .. " first" end },
  ["text field"] = { class = "UITextField", by_label = function(l) return frank_steps.text_field(l) end },
  switch = { class = "UISwitch", by_label = function(l) return ui.marked("view:'UISwitch'", l) .. " first" end },
  -- A drop-down is a segmented control (UIKit's picker is not modelled): its options are its UISegment views.
  ["drop-down"] = { class = "UISegmentedControl",
    by_label = function(l) return ui.marked("view:'UISegmentedControl'", l) .. " first" end },
}

---The selector of the `kind` whose accessibility identifier is `key`, or failing that whose label is `key`
---(so suites written against labels keep working), retried until the wait limit. Fails naming the
---identifiers the screen has.
---@param kind string
---@param key string
---@return string
function M.by_id(kind, key)
  local sel, problem
  wait.eventually(function()
    local app = util.app()
    local found, query = pcall(app.lookup, app, { id = key, class = KINDS[kind].class })
    if not found and util.is_fatal(query) then error(query, 0) end
    if found then
      sel = query.selector
      return true
    end
    problem = (tostring(query):gsub("^lookup: ", ""))
    local labelled = KINDS[kind].by_label(key)
    if ui.count(labelled) > 0 then
      sel = labelled
      return true
    end
    return false, function()
      return ("Expected a %s with accessibility identifier %q (or that label); %s"):format(kind, key, problem)
    end
  end, config.get("wait"))
  return sel
end

-- The selector of the `kind` labelled `label`, once one exists (within the wait limit).
local function by_label(kind, label)
  local sel = KINDS[kind].by_label(label)
  wait.eventually(function()
    sel = KINDS[kind].by_label(label)
    return ui.count(sel) > 0, function()
      return ("Expected a %s with label %q; the screen shows: %s"):format(kind, label, ui.shown())
    end
  end, config.get("wait"))
  return sel
end

local function text_of(sel)
  local value = ui.map(sel, "text")[1]
  return type(value) == "string" and value or ""
end

-- Checks (retrying for the validation limit) that the text field `sel` holds `expected`.
local function check_text(sel, what, expected)
  wait.eventually(function()
    local actual = text_of(sel)
    return actual == expected, function()
      return ("Expected the text of %q to be %q; passed in: %q"):format(what, expected, actual)
    end
  end, config.get("validation"))
end

local function set_switch(sel, on)
  local is_on = util.truthy(ui.map(sel, "isOn")[1])
  if is_on ~= on then ui.touch(sel) end
  wait.eventually(function()
    local turned = util.truthy(ui.map(sel, "isOn")[1]) == on
    return turned, ("Expected the switch %s to turn %s"):format(sel, on and "on" or "off")
  end, config.get("validation"))
end

-- The titles of the drop-down `sel`'s options and the one selected (nil when none is).
local function options_of(sel)
  local titles = {}
  for i, title in ipairs(ui.map(sel .. " view:'UISegment'", "accessibilityLabel")) do titles[i] = tostring(title) end
  local index = ui.map(sel, "selectedSegmentIndex")[1]
  return titles, math.type(index) == "integer" and titles[index + 1] or nil
end

-- Checks (retrying for the validation limit) that the drop-down `sel` shows `value`.
local function check_choice(sel, what, value)
  wait.eventually(function()
    local _, shown = options_of(sel)
    return shown == value,
      function() return ("Expected %s to show %q; it shows %q"):format(what, value, tostring(shown)) end
  end, config.get("validation"))
end

-- Chooses `value` in the drop-down `sel` by touching its option, then checks it is the one selected.
local function choose(sel, what, value)
  local titles = options_of(sel)
  local found = false
  for _, title in ipairs(titles) do found = found or title == value end
  if not found then
    failure.raise(("%s has no option %q; its options: %s"):format(what, value, table.concat(titles, ", ")))
  end
  ui.touch(sel .. " view:'UISegment' marked:" .. util.quote(value) .. " first")
  check_choice(sel, what, value)
end

-- Replaces the field's text: cleared, then typed (type_into touches the field first, focusing it).
local function type_into(sel, text)
  util.app():map(sel, "setText:", "")
  util.app():type_into(sel, text)
end

---Defines Swerkin's steps. Elements are named by accessibility identifier (`I touch the button "login"`, with
---the label as a fallback so label-based suites keep working) or explicitly by label (`… with label "Log In"`).
---@param define fun(pattern: string, fn: function)
---@param session fscript.Session
function M.install(define, session)
  local function on_off(state)
    if state ~= "on" and state ~= "off" then failure.raise(("A switch is set to on or off, not %q"):format(state)) end
    return state == "on"
  end
  -- Screens
  define("I am on the {text} screen", function(name) session.navigator:go(name) end)
  define("I navigate to the {text} screen", function(name) session.navigator:go(name) end)
  define("I render the {text} screen", function(name)
    session.navigator:render(name, session.case and session.case.preconditions)
  end)
  define("I wait to see the {text} screen", function(name) session.navigator:wait_for(name) end)
  define("I navigate from the {text} screen to the {text} screen", function(from, to)
    session.navigator:navigate(from, to)
  end)
  -- Buttons
  define("I touch the button {string}", function(id) ui.touch(M.by_id("button", id)) end)
  define("I touch the button with label {string}", function(label) ui.touch(by_label("button", label)) end)
  define("I should see the button {string}", function(id) M.by_id("button", id) end)
  define("I should see the button with label {string}", function(label) by_label("button", label) end)
  -- Text fields
  define("I enter {string} into the text field {string}", function(text, id)
    type_into(M.by_id("text field", id), text)
  end)
  define("I enter {string} into the text field with label {string}", function(text, label)
    type_into(by_label("text field", label), text)
  end)
  define("I should see the text field {string} with text {string}", function(id, expected)
    local sel = M.by_id("text field", id)
    check_text(sel, sel, expected)
  end)
  define("I should see the text field with label {string} with text {string}", function(label, expected)
    local sel = by_label("text field", label)
    check_text(sel, sel, expected)
  end)
  -- Switches
  define("I set the switch {string} to {word}",
    function(id, state) set_switch(M.by_id("switch", id), on_off(state)) end)
  define("I set the switch with label {string} to {word}", function(label, state)
    set_switch(by_label("switch", label), on_off(state))
  end)
  define("I should see the switch {string}", function(id) M.by_id("switch", id) end)
  define("I should see the switch with label {string}", function(label) by_label("switch", label) end)
  -- Drop-downs (Swerkin's ISetDropDown)
  define("I set the drop-down {string} to {string}", function(id, value)
    choose(M.by_id("drop-down", id), ("the drop-down %q"):format(id), value)
  end)
  define("I set the drop-down with label {string} to {string}", function(label, value)
    choose(by_label("drop-down", label), ("the drop-down labelled %q"):format(label), value)
  end)
  define("the drop-down {string} should show {string}", function(id, value)
    check_choice(M.by_id("drop-down", id), ("the drop-down %q"):format(id), value)
  end)
  define("the drop-down with label {string} should show {string}", function(label, value)
    check_choice(by_label("drop-down", label), ("the drop-down labelled %q"):format(label), value)
  end)
end

return M
