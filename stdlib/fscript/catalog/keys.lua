---The keyboard and pointer steps every target has: keys by their W3C names, hovering, and the page's own
---navigation (a web target's reload and open).
local ui = require("fscript.ui")
local util = require("fscript.util")
local failure = require("fscript.failure")

local M = {}

-- Runs a target call; a target error fails the step with its words (a key name it does not know, a page-only
-- call on an app), what `app:` raised being no bug of the step's.
local function act(fn, ...)
  local ok, err = pcall(fn, ...)
  if ok then return end
  if util.is_fatal(err) or failure.is(err) then error(err, 0) end
  failure.raise(tostring(err))
end

---@param define fun(pattern: string, fn: function)
function M.install(define)
  define("I press {string}", function(key)
    act(ui.target().press, ui.target(), key)
  end)
  define("I press {string} in the {string} text field", function(key, field)
    ui.touch_when_ready(("textField marked:%s"):format(util.quote(field)), ("the %q text field"):format(field))
    act(ui.target().press, ui.target(), key)
  end)
  define("I hover over {string}", function(mark)
    local sel = ("view marked:%s first"):format(util.quote(mark))
    act(ui.target().hover, ui.target(), sel)
  end)
  define("I reload the page", function()
    act(ui.target().reload, ui.target())
  end)
  define("I open {string}", function(path)
    act(ui.target().open, ui.target(), path)
  end)
end

return M
