---The Cucumber Expression tokenizer: an expression becomes START_OF_LINE, then runs of TEXT and WHITE_SPACE and
---single BEGIN_OPTIONAL `(`, END_OPTIONAL `)`, BEGIN_PARAMETER `{`, END_PARAMETER `}`, ALTERNATION `/` tokens,
---then END_OF_LINE. A backslash makes the next character (one of those five, a space or a backslash) plain text.
---Positions count code points from 0, as cucumber's do, so a message points at the right column in any script.
local errors = require("fscript.steps.expression.errors")

local M = {}

---@class fscript.expression.Token
---@field type string
---@field text string
---@field start integer first code point, the escaping backslash included
---@field stop integer one past the last code point

local SPECIAL = { ["("] = "BEGIN_OPTIONAL", [")"] = "END_OPTIONAL", ["{"] = "BEGIN_PARAMETER",
  ["}"] = "END_PARAMETER", ["/"] = "ALTERNATION", [" "] = "WHITE_SPACE" }
local ESCAPABLE = { ["("] = true, [")"] = true, ["{"] = true, ["}"] = true, ["/"] = true, [" "] = true,
  ["\\"] = true }

---The code points of a string (invalid UTF-8 is taken byte by byte, so any step text can be read).
---@param s string
---@return string[]
function M.code_points(s)
  local list = {}
  if utf8.len(s) then
    for _, c in utf8.codes(s) do list[#list + 1] = utf8.char(c) end
  else
    for i = 1, #s do list[i] = s:sub(i, i) end
  end
  return list
end

---Splits an expression into tokens; a bad escape raises cucumber's error.
---@param expression string
---@return fscript.expression.Token[]
function M.tokenize(expression)
  local chars = M.code_points(expression)
  local tokens = { { type = "START_OF_LINE", text = "", start = 0, stop = 0 } }
  -- A run of text or white space gathers its characters in `parts` and is joined once it ends: joining them one
  -- at a time copied the run so far for each character (a 100 KB expression took 9 s).
  local current, parts, escaping, escape_start = nil, nil, false, 0
  local function close_run()
    if parts then current.text, parts = table.concat(parts), nil end
  end
  for i, c in ipairs(chars) do
    local index = i - 1
    if c == "\\" and not escaping then
      escaping, escape_start = true, index
    else
      local kind, start = SPECIAL[c] or "TEXT", index
      if escaping then
        if not ESCAPABLE[c] then error(errors.cant_escape(expression, index), 0) end
        kind, start, escaping = "TEXT", escape_start, false
      end
      if parts and current.type == kind then
        parts[#parts + 1], current.stop = c, index + 1
      else
        close_run()
        current = { type = kind, text = c, start = start, stop = index + 1 }
        tokens[#tokens + 1] = current
        if kind == "TEXT" or kind == "WHITE_SPACE" then parts = { c } end
      end
    end
  end
  close_run()
  if escaping then error(errors.end_of_line_escaped(expression, #chars), 0) end
  tokens[#tokens + 1] = { type = "END_OF_LINE", text = "", start = #chars, stop = #chars }
  return tokens
end

return M
