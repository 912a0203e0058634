---Lua source text for values: quoted strings, long-bracket regular expressions, and the value of a Ruby string
---literal's text (its escapes read as Ruby reads them).
local M = {}

local RUBY_ESCAPES = { n = "\n", t = "\t", r = "\r", b = "\b", e = "\27", s = " ", a = "\a", v = "\v", f = "\f",
  ["0"] = "\0" }

---The value of the text between a double-quoted Ruby string's delimiters (`\n`, `\"`, `\#`, `\x41`, `\u00e9` …).
---@param raw string
---@return string
function M.double_quoted(raw)
  local out, i = {}, 1
  while i <= #raw do
    local c = raw:sub(i, i)
    if c ~= "\\" then
      out[#out + 1] = c
      i = i + 1
    else
      local n = raw:sub(i + 1, i + 1)
      if n == "x" and raw:sub(i + 2, i + 3):find("^%x%x$") then
        out[#out + 1] = string.char(tonumber(raw:sub(i + 2, i + 3), 16))
        i = i + 4
      elseif n == "u" and raw:sub(i + 2, i + 5):find("^%x%x%x%x$") then
        out[#out + 1] = utf8.char(tonumber(raw:sub(i + 2, i + 5), 16))
        i = i + 6
      elseif n == "\n" then
        i = i + 2
      else
        out[#out + 1] = RUBY_ESCAPES[n] or n
        i = i + 2
      end
    end
  end
  return table.concat(out)
end

---The value of a single-quoted Ruby string's text: only `\\` and `\'` (or the `%q` delimiter) are escapes.
---@param raw string
---@return string
function M.single_quoted(raw)
  return (raw:gsub("\\([\\'|}%)%]>!/])", "%1"))
end

---A Lua string literal of `value`: double quotes unless the text holds one and no single quote.
---@param value string
---@return string
function M.quote(value)
  local q = (value:find('"', 1, true) and not value:find("'", 1, true)) and "'" or '"'
  local body = value:gsub("[%c\\" .. q .. "]", function(c)
    if c == "\\" or c == q then return "\\" .. c end
    if c == "\n" then return "\\n" end
    if c == "\t" then return "\\t" end
    if c == "\r" then return "\\r" end
    return ("\\%03d"):format(c:byte())
  end)
  return q .. body .. q
end

---A Lua long-bracket string of `text` as written (a step pattern: `[[^I touch "(.*)"$]]`), with as many `=` as
---the text needs.
---@param text string
---@return string
function M.long(text)
  local level = 0
  while text:find("]" .. ("="):rep(level) .. "]", 1, true) or text:sub(-1 - level) == "]" .. ("="):rep(level) do
    level = level + 1
  end
  local eq = ("="):rep(level)
  local lead = text:sub(1, 1) == "\n" and "\n" or ""
  return "[" .. eq .. "[" .. lead .. text .. "]" .. eq .. "]"
end

return M
