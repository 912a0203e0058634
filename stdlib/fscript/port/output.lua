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

---Whether `path` (it exists) is `root` or lies under it, by their real paths: no symlink or `..` leads a file the
---port reads out of the suite, or one it writes out of `--out`.
---@param root string
---@param path string
---@return boolean
function M.inside(root, path)
  local real_path = util.host().real_path
  local real, real_root = real_path(path), real_path(root)
  if not real or not real_root then return false end
  return real_root == "/" or real == real_root or real:sub(1, #real_root + 1) == real_root .. "/"
end

-- Writes `bytes` at `path` after making its folder, which must lie under `root` (by real paths: a symlinked
-- folder cannot take a ported file out of `--out`): "written", or "failed" and why, naming the file.
local function place(path, bytes, root)
  local dir = path:match("^(.*)/[^/]*$") or "."
  local made, err = util.mkdir(dir)
  if not made then return "failed", ("cannot write %s (%s)"):format(path, tostring(err)) end
  if not M.inside(root, dir) then
    return "failed", ("cannot write %s: its folder leads out of %s"):format(path, root)
  end
  local ok, werr = util.write_file(path, bytes)
  if not ok then return "failed", werr end
  return "written"
end

---Writes `content` (a whole generated file) at `path`, under `root`, unless a person edited the file there.
---@param path string
---@param content string
---@param root string the folder every written file must stay in (`--out`)
---@return "written"|"unchanged"|"kept"|"failed" what happened
---@return string? err why it failed, naming the file
function M.write(path, content, root)
  local old = util.read_file(path)
  if old == content then return "unchanged" end
  if old then
    local first, rest = old:match("^([^\n]*)\n(.*)$")
    local hash = first and first:match("%(generated content (%x+)%)%.$")
    if not hash or hash ~= M.hash(rest) then return "kept" end
  end
  return place(path, content, root)
end

---Copies a file that must stay as it is (a `.feature`) to `to`, under `root`: written when absent, left alone
---when it differs.
---@param from string
---@param to string
---@param root string
---@return "written"|"unchanged"|"kept"|"failed"
---@return string? err
function M.copy(from, to, root)
  local bytes, err = util.read_file(from)
  if not bytes then return "failed", ("cannot read %s (%s)"):format(from, tostring(err)) end
  local old = util.read_file(to)
  if old == bytes then return "unchanged" end
  if old then return "kept" end
  return place(to, bytes, root)
end

return M
