---Frank's core steps, worded as in Frank's core_frank_steps.rb so Frank users recognise them.
---Selectors follow Shelley; waits use the `wait` limit, assertions retry for the `validation` limit.
local ui = require("fscript.ui")
local util = require("fscript.util")
local wait = require("fscript.wait")
local config = require("fscript.config")
local failure = require("fscript.failure")
local controls = require("fscript.catalog.frank_controls")
local sentences = require("fscript.catalog.sentences")

local M = {}

---The sentences the inspector records actions with (see `fscript.catalog.sentences`).
M.sentences = sentences

---The selector of a text field by placeholder, else by accessibility label (see `fscript.catalog.frank_controls`).
M.text_field = controls.text_field

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
      return not ui.sees(mark),
        ("Expected %q to go away within %g s; it is still visible"):format(mark, config.get("wait"))
    end, config.get("wait"))
  end)
  define(sentences.should_see, function(mark) validate(function() return ui.sees(mark), see_message(mark) end) end)
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
  define(sentences.touch_view, function(mark)
    ui.touch_when_ready(ui.marked("view", mark) .. " first", ("a view marked %q"):format(mark))
  end)
  define(sentences.touch_button, function(mark)
    ui.touch_when_ready(ui.marked("button", mark), ("a button marked %q"):format(mark))
  end)
  define("I touch the {ordinal} table cell", function(n)
    ui.touch_when_ready(("tableViewCell index:%d"):format(n - 1), ("table cell #%d"):format(n))
  end)
  define(sentences.touch_cell, function(mark)
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
  define(sentences.navigate_back, function()
    ui.touch_first({ "navigationItemButtonView first", "navigationButton first" }, "the back button")
  end)
end

---Defines Frank's steps.
---@param define fun(pattern: string, fn: function)
function M.install(define)
  install_seeing(define)
  install_more_seeing(define)
  install_touching(define)
  controls.install(define)
end

return M
