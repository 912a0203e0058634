---`fscript show-trace FILE`: checks a trace file and opens it. A trace is one self-contained HTML page, so no
---server is needed (Playwright's show-trace serves its viewer because its traces are zip files; ours open as they
---are). On a terminal with `xdg-open` the page opens in the desktop's browser; otherwise, and always without a
---terminal (CI), the command prints where the file is and returns, so it never waits for anyone.
local file = require("fscript.trace.file")
local util = require("fscript.util")

local M = {}

-- Whether `xdg-open` is on PATH.
local function has_xdg_open()
  for dir in (os.getenv("PATH") or ""):gmatch("[^:]+") do
    local f = io.open(dir .. "/xdg-open", "r")
    if f then
      f:close()
      return true
    end
  end
  return false
end

---Checks and opens the trace at `path`; returns the exit code (0 a valid trace, 2 a missing or invalid file).
---@param path string
---@param opts? {out?: fun(s: string), err?: fun(s: string), tty?: boolean, open?: fun(path: string): boolean}
---@return integer
function M.main(path, opts)
  opts = opts or {}
  local out = opts.out or function(s) io.stdout:write(s) end
  local err = opts.err or function(s) io.stderr:write(s) end
  if type(path) ~= "string" or path == "" then
    err("fscript show-trace: give a trace file (ARTIFACTS/FILE/SCENARIO/trace.html, written by --trace)\n")
    return 2
  end
  local data, trace = file.read(path)
  if not data then
    err(("fscript show-trace: %s\n"):format(trace))
    return 2
  end
  local summary = ("%s: %s, %d step%s"):format(trace.scenario or "?", trace.status or "?", #trace.steps,
    #trace.steps == 1 and "" or "s")
  local tty = opts.tty
  if tty == nil then
    local isatty = util.host().isatty
    tty = isatty ~= nil and isatty(1) == true and isatty(0) == true
  end
  if tty then
    local open = opts.open or function(p)
      if not has_xdg_open() then return false end
      return os.execute("xdg-open " .. util.shell_quote(p) .. " >/dev/null 2>&1") == true
    end
    if open(path) then
      out(("opened %s (%s)\n"):format(path, summary))
      return 0
    end
  end
  out(("%s (%s): open it in a browser, it needs no network\n"):format(path, summary))
  return 0
end

return M
