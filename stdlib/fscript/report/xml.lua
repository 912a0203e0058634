---Text made safe for XML and HTML, shared by the JUnit and HTML reports and the trace viewer.
local json = require("fscript.json")

local M = {}

local ENTITIES = { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;", ["'"] = "&apos;" }

---Escapes text for XML content and attributes; control characters XML 1.0 forbids and invalid UTF-8
---bytes become U+FFFD.
---@param s any
---@return string
function M.escape(s)
  s = tostring(s)
  s = json.valid_utf8(s)
  s = s:gsub("[%z\1-\8\11\12\14-\31]", "\u{FFFD}")
  return (s:gsub("[&<>\"']", ENTITIES))
end

return M
