---keyboard_helper.rb: typing on the keyboard of the focused field.
local base = require("fscript.frank_compat.base")

local M = {}

---keyboard_helper.rb `type_into_keyboard(text, :append_return => true)`: types into the focused field (`\b`
---presses Delete), with a Return at the end unless the text ends with one or `{append_return = false}`.
---@param text string
---@param options? {append_return?: boolean}
function M.type_into_keyboard(text, options)
  if type(text) ~= "string" then error("type_into_keyboard: the text must be a string", 2) end
  if options ~= nil and type(options) ~= "table" then
    error("type_into_keyboard: options must be a table {append_return = false}", 2)
  end
  local append = not (options and options.append_return == false)
  if append and text:sub(-1) ~= "\n" then text = text .. "\n" end
  base.app():type(text)
end

---keyboard_helper.rb `type_shortcut(*keys)`: refuses, saying what to use instead.
M.type_shortcut = base.refuse("type_shortcut",
  "keyboard shortcuts with modifier keys are Frank's Mac-only helper; fscript's targets are iOS apps: type text "
    .. "with type_into_keyboard")

return M
