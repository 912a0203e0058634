---Writing what `fscript port` generates without ever overwriting a person's work: each Lua file starts with a
---header holding a hash of the generated content, and a file is rewritten only while its content still has that
---hash (nobody edited it since) or when it does not exist.
local util = require("fscript.util")

local M = {}

---FNV-1a (32 bits) of `s`, as 8 hex digits: enough to notice an edit, with no library.
---@param s string
---@return string
function M.hash(s)
  local h = 0x811c9dc5
  for i = 1, #s do h = ((h ~ s:byte(i)) * 0x01000193) & 0xffffffff end
  return ("%08x"):format(h)
end

local HEADER = "-- Ported by fscript port frank from %s; once edited, fscript port leaves it alone "
  .. "(generated content %s)."

---The whole file for generated `content` from Ruby file `from`.
---@param from string
---@param content string
---@return string
function M.with_header(from, content)
  return HEADER:format(from, M.hash(content)) .. "\n" .. content
end

---Writes `content` (a whole generated file) at `path` unless a person edited the file there.
---@param path string
---@param content string
---@return "written"|"unchanged"|"kept" what happened
---@return string? err
function M.write(path, content)
  local old = util.read_file(path)
  if old == content then return "unchanged" end
  if old then
    local first, rest = old:match("^([^\n]*)\n(.*)$")
    local hash = first and first:match("%(generated content (%x+)%)%.$")
    if not hash or hash ~= M.hash(rest) then return "kept" end
  end
  local dir = path:match("^(.*)/[^/]*$")
  if dir then
    local ok, err = util.mkdir(dir)
    if not ok then return "kept", err end
  end
  local ok, err = util.write_file(path, content)
  if not ok then return "kept", err end
  return "written"
end

---Copies a file that must stay as it is (a `.feature`): written when absent, left alone when it differs.
---@param from string
---@param to string
---@return "written"|"unchanged"|"kept"
---@return string? err
function M.copy(from, to)
  local bytes, err = util.read_file(from)
  if not bytes then return "kept", err end
  local old = util.read_file(to)
  if old == bytes then return "unchanged" end
  if old then return "kept" end
  local dir = to:match("^(.*)/[^/]*$")
  if dir then util.mkdir(dir) end
  local ok, werr = util.write_file(to, bytes)
  if not ok then return "kept", werr end
  return "written"
end

return M
