---Swerkin's steps: screens ("I am on the Home screen"), buttons and text fields by label.
local ui = require("fscript.ui")
local wait = require("fscript.wait")
local config = require("fscript.config")
local frank_steps = require("fscript.steps.frank")

local M = {}

-- Quotes step text for a {string}: "…" unless it holds a double quote ({string} has no escapes).
local function q(s)
  return s:find('"', 1, true) and ("'" .. s .. "'") or ('"' .. s .. '"')
end

local function field_text(field)
  local sel = frank_steps.text_field(field)
  local values = ui.map(sel, "text")
  return values[1], sel
end

---Defines Swerkin's steps.
---@param define fun(pattern: string, fn: function)
---@param session fscript.Session
function M.install(define, session)
  define("I am on the {text} screen", function(name) session.navigator:go(name) end)
  define("I navigate to the {text} screen", function(name) session.navigator:go(name) end)
  define("I touch the button with label {string}", function(mark)
    ui.touch_when_ready(ui.marked("button", mark), ("a button with label %q"):format(mark))
  end)
  define("I enter {string} into the text field {string}", function(text, field)
    session:run_step("When", ("I type %s into the %s text field"):format(q(text), q(field)))
  end)
  define("I should see the button {string}", function(mark)
    session:run_step("Then", ("I should see a %s button"):format(q(mark)))
  end)
  define("I should see the text field {string} with text {string}", function(field, expected)
    wait.eventually(function()
      local actual, sel = field_text(field)
      return actual == expected, function()
        local shown = type(actual) == "string" and ("%q"):format(actual) or "no such text field"
        return ("Expected the text of %q to be %q; passed in: %s"):format(sel, expected, shown)
      end
    end, config.get("validation"))
  end)
end

return M
