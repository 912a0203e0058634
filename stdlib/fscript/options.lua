---The options of a run (`fscript.RunOptions`): what the host hands the runner, checked once for a serial run, a
---parallel run's parent and its workers alike.
local tags_mod = require("fscript.tags")
local reporting = require("fscript.reporting")

local M = {}

---@class fscript.RunOptions
---@field files string[] scripts and directories (a directory: every *.lua under it, sorted)
---@field tags? string tag filter, e.g. "smoke,~slow" (see fscript.tags)
---@field reports? string[] "junit:FILE", "tap:FILE", "json:FILE"; several at once
---@field timeout? number seconds per scenario (default 60); also wait?, validation? (default 2 each)
---@field wait? number
---@field validation? number
---@field color? boolean colour on the console (default: fscript.isatty(1) when the host has it, else false)
---@field artifacts? string|false failure artifacts folder (default "fscript-artifacts"; false: none)
---@field out? fun(s: string) console output (default io.stdout)
---@field err? fun(s: string) failure details (default io.stderr, or `out` when only `out` is given)
---@field env? table where scripts run and the DSL globals go (default _G)
---@field args? string[] passed to every file's chunk as `...` (`fscript a.lua -- x y`)
---@field reset? boolean false: scenarios share the app instead of each starting from a fresh launch (`--no-reset`)
---@field target? string what the run drives, for the console's first line (the CLI sets it)
---@field app? string the `--app` file, which a directory run does not run as a test
---@field strict? boolean `--strict`: a `.feature` file with a Gherkin warning (a description line starting `The`,
---read as text; did you mean `Then`?) fails to load instead of running with the warning printed

---@class fscript.FileResult
---@field path string
---@field cases fscript.Case[]
---@field load_error? string

---@class fscript.RunResult
---@field files fscript.FileResult[]
---@field passed integer
---@field failed integer
---@field skipped integer
---@field interrupted boolean
---@field duration number
---@field exit_code integer
---@field notes string[]

---Checks the run options; returns the tag filter and the reports, or nil and why.
---@param opts fscript.RunOptions
function M.check(opts)
  if type(opts) ~= "table" then return nil, "options must be a table" end
  if type(opts.files) ~= "table" or #opts.files == 0 then return nil, "no script given: fscript FILE.lua|DIR …" end
  local filter, err = tags_mod.parse(opts.tags)
  if not filter then return nil, err end
  local reports, rerr = reporting.parse(opts.reports)
  if not reports then return nil, rerr end
  for _, key in ipairs({ "timeout", "wait", "validation" }) do
    if opts[key] ~= nil and (type(opts[key]) ~= "number" or opts[key] <= 0) then
      return nil, ("--%s must be a positive number of seconds, got %s"):format(key, tostring(opts[key]))
    end
  end
  if opts.strict ~= nil and type(opts.strict) ~= "boolean" then
    return nil, ("strict must be a boolean, got %s"):format(type(opts.strict))
  end
  return filter, reports
end

return M
