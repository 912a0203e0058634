---The reports of a run: the kinds fscript writes, `KIND:FILE` specs, and writing the documents (a run's counts and
---exit code are `fscript.run.state`'s). A serial run, a parallel run's parent and `fscript merge-reports` all end
---here.
local util = require("fscript.util")

local M = {}

---The report kinds and the modules that render them.
M.KINDS = { junit = "fscript.report.junit", tap = "fscript.report.tap", json = "fscript.report.json",
  html = "fscript.report.html", cucumber = "fscript.report.cucumber", message = "fscript.report.message" }

---The reports `KIND:FILE` specs ask for, or nil and why (a kind fscript does not write).
---@param list? string[]
---@return {kind: string, path: string}[]?
---@return string? error
function M.parse(list)
  local reports = {}
  for _, spec in ipairs(list or {}) do
    local kind, path = tostring(spec):match("^(%w+):(.+)$")
    if not kind or not M.KINDS[kind] then
      return nil, ("bad report %q: write junit:FILE, tap:FILE, json:FILE, cucumber:FILE, message:FILE or html:DIR")
        :format(tostring(spec))
    end
    -- The HTML report is a page in a folder of its own (html:out/report → out/report/index.html).
    if kind == "html" and not path:match("%.html?$") and path ~= "-" then
      path = path:gsub("/+$", "") .. "/index.html"
    end
    reports[#reports + 1] = { kind = kind, path = path }
  end
  return reports
end

---Writes every report of the run, each whole or not at all (`util.write_file`); a report that cannot be rendered
---or written is said on standard error with the reason and makes the exit code 2, and only the reports written
---are announced (`run.notes`). A Ctrl-C or SIGTERM meanwhile ends fscript at once with exit 130 (the host's
---`fscript.end_at_once`): rendering a big report can take seconds in one call that no hook interrupts.
---@param run fscript.RunResult
---@param reports {kind: string, path: string}[]
function M.write(run, reports)
  local end_at_once = util.host().end_at_once
  if end_at_once and #reports > 0 then end_at_once(true) end
  for _, r in ipairs(reports) do
    local ok, text = pcall(function() return require(M.KINDS[r.kind]).render(run) end)
    local folder = r.path:match("^(.*)/[^/]*$")
    local wrote, err = false, nil
    if not ok then
      err = ("cannot write the %s report %s: %s"):format(r.kind, r.path, tostring(text))
    elseif r.path == "-" then
      -- To standard output, for a pipe (`--report tap:- | tap-parser`); the console went to standard error.
      local written, werr = io.stdout:write(text)
      local flushed, ferr = io.stdout:flush()
      wrote = written and flushed
      if not wrote then
        err = ("cannot write the %s report to standard output: %s"):format(r.kind, tostring(werr or ferr))
      end
    else
      local made, merr = true, nil
      if folder and folder ~= "" then made, merr = util.mkdir(folder) end
      if made then wrote, err = util.write_file(r.path, text) else err = merr end
      if not wrote then err = ("cannot write the %s report: %s"):format(r.kind, tostring(err)) end
    end
    if not wrote then
      io.stderr:write(("fscript: %s\n"):format(err))
      run.exit_code = math.max(run.exit_code, 2)
    elseif r.path ~= "-" then
      run.notes[#run.notes + 1] = ("%s report: %s"):format(r.kind, r.path)
    end
  end
  if end_at_once and #reports > 0 then end_at_once(false) end
end

return M
