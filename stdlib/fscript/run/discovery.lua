---Which files a run is made of: the test files under a folder, what in a folder is not a test (the project
---file, app files, helpers, step definitions), and the paths of a command line expanded to test files.
local util = require("fscript.util")

local M = {}

---The project file's name (`fscript.project.lua`): settings a directory run never runs as a test.
M.PROJECT_FILE = "fscript.project.lua"

---Whether `path` is a directory.
---@param path string
---@return boolean
function M.is_dir(path)
  local f = io.open(path, "r")
  if not f then return false end
  local _, _, code = f:read(0)
  f:close()
  return code == 21 -- EISDIR
end

---The *.lua, *.feature and *.feature.md files under a directory, sorted: `fscript.list_test_files(dir)` from
---the host, else `find`.
---@param dir string
---@return string[]
function M.test_files(dir)
  local host = util.host().list_test_files
  local files = {}
  if host then
    files = host(dir)
  else
    local pipe = io.popen("find " .. util.shell_quote(dir)
      .. " -type f \\( -name '*.lua' -o -name '*.feature' -o -name '*.feature.md' \\) 2>/dev/null")
    if pipe then
      for line in pipe:lines() do files[#files + 1] = line end
      pipe:close()
    end
  end
  table.sort(files)
  return files
end

---Whether a file found in a directory is a test: not the project file, not the app file the run simulates
---(`--app`), not a file whose name starts with `_`, and nothing under a folder named `apps`, `support`,
---`helpers` (app files and helper modules live there) or `step_definitions` (loaded first, for the `.feature`
---files). Files named on the command line always run.
---@param path string
---@param app? string the `--app` file
---@return boolean
function M.is_test_file(path, app)
  local name = path:match("[^/]+$") or path
  if name == M.PROJECT_FILE or name:sub(1, 1) == "_" then return false end
  if app and (path == app or path:gsub("^%./", "") == app:gsub("^%./", "")) then return false end
  for folder in path:gmatch("([^/]+)/") do
    if folder == "apps" or folder == "support" or folder == "helpers" or folder == "step_definitions" then
      return false
    end
  end
  return true
end

---The test files the paths name: files as given, folders expanded to their test files, sorted.
---@param paths string[]
---@param app? string the `--app` file, never a test
---@return string[]
function M.expand(paths, app)
  local files, seen = {}, {}
  -- One file is one test however it is reached (`.` and `features/`, `./x` and `x`, a symlink): the first
  -- spelling wins, without a leading `./`.
  local function add(f)
    local key = util.file_key(f)
    if seen[key] then return end
    seen[key] = true
    files[#files + 1] = util.clean_path(f)
  end
  for _, path in ipairs(paths) do
    if M.is_dir(path) then
      for _, f in ipairs(M.test_files((path:gsub("/+$", "")))) do
        if M.is_test_file(util.clean_path(f), app) then add(f) end
      end
    else
      add(path)
    end
  end
  return files
end

return M
