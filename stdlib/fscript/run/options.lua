---The options of a run (`fscript.RunOptions`): what the host hands the runner, checked once for a serial run, a
---parallel run's parent and its workers alike.
local reporting = require("fscript.report")
local selection = require("fscript.run.selection")

local M = {}

---@class fscript.RunOptions
---The fields tags … strict are the host's declared run settings (Sources/FScript/Settings/RunSettings.swift);
---RunSettingsTests fails when this list and those declarations (or the host's options table) disagree.
---@field files string[] scripts and directories (a directory: every *.lua under it, sorted)
---@field tags? string tag filter, e.g. "smoke,~slow" (see fscript.run.tags)
---@field timeout? number seconds per scenario (default 60)
---@field wait? number seconds a wait inside a step waits (default 2)
---@field validation? number seconds an assertion step retries (default 2)
---@field artifacts? string|false failure artifacts folder (default "fscript-artifacts"; false: none)
---@field update_snapshots? boolean `--update-snapshots`: write every screenshot baseline the run checks
---@field reset? boolean false: scenarios share the app instead of each starting from a fresh launch (`--no-reset`)
---@field strict? boolean `--strict`: a `.feature` file with a Gherkin warning (a description line starting `The`,
---read as text; did you mean `Then`?) fails to load instead of running with the warning printed
---@field lenient? boolean `--no-strict`: pending and undefined steps do not fail the run (cucumber's default,
---strict, fails it)
---@field retry? integer `--retry N`: a failed scenario runs again up to N times; the last attempt decides
---@field name? string `--name`: only scenarios whose name matches this regular expression (anywhere in it)
---@field fail_fast? boolean `--fail-fast`: after the first failed scenario the rest are skipped (serial runs only)
---@field order? string `--order`: defined (the default), reverse, random or random:SEED
---@field trace? "on"|"off"|"retain-on-failure" `--trace`: record each scenario's trace (fscript.trace.recorder); keep
---every one (on), only a failed scenario's (retain-on-failure, the default) or record none (off)
---@field screenshots? "off"|"every-step" `--screenshots every-step`: a picture after every step, passing runs too
---@field reports? string[] "junit:FILE", "tap:FILE", "json:FILE"; several at once
---@field color? boolean colour on the console (default: fscript.isatty(1) when the host has it, else false)
---@field out? fun(s: string) console output (default io.stdout)
---@field err? fun(s: string) failure details (default io.stderr, or `out` when only `out` is given)
---@field env? table where scripts run and the DSL globals go (default _G)
---@field args? string[] passed to every file's chunk as `...` (`fscript a.lua -- x y`)
---@field target? string what the run drives, for the console's first line (the CLI sets it)
---@field app? string the `--app` file, which a directory run does not run as a test
---@field dry_run? boolean `--dry-run`: check every Gherkin step against the catalog, run nothing
---@field shard_index? integer `--shard i/n`: this run's part, 1-based
---@field shard_count? integer `--shard i/n`: how many parts
---@field durations? string `--durations FILE`: an earlier JSON report that balances shards
---@field jobs? integer worker processes of a parallel run, for the console
---@field pool? boolean workers drive a pool of targets; each case's report names its target

---@class fscript.FileResult
---@field path string
---@field cases fscript.Case[]
---@field load_error? string
---@field position? integer the file's place in a sharded or parallel run's order
---@field defined? integer the file's place in the defined order (a run in --order reverse or random keeps it)

---@class fscript.RunResult
---@field files fscript.FileResult[]
---@field passed integer
---@field failed integer
---@field skipped integer
---@field interrupted boolean
---@field duration number
---@field exit_code integer
---@field notes string[]
---@field counts? table<string, integer> cases by cucumber status
---@field flaky? integer cases that passed after a failed attempt
---@field strict? boolean pending and undefined fail the run (cucumber's default; false under --no-strict)
---@field support? {definitions: table[], parameter_types: table[], undefined_parameter_types: table[]} the run's
---step definitions and hooks in definition order (`fscript.lifecycle.support`), for the messages
---@field run_hooks? fscript.StepResult[] BeforeAll and AfterAll results, in the order they ran
---@field run_hook_failed? boolean a BeforeAll or AfterAll hook did not pass
---@field started_at? number seconds since the epoch when the test run started
---@field finished_at? number seconds since the epoch when it ended
---@field exception? string an error outside any step or hook (the messages' test-run exception)
---@field exception_where? string the file it came from, when known

---Checks the run options; returns the tag filter and the reports, or nil and why.
---@param opts fscript.RunOptions
function M.check(opts)
  if type(opts) ~= "table" then return nil, "options must be a table" end
  if type(opts.files) ~= "table" or #opts.files == 0 then return nil, "no script given: fscript FILE.lua|DIR …" end
  local filter, err = selection.parse(opts)
  if not filter then return nil, err end
  local reports, rerr = reporting.parse(opts.reports)
  if not reports then return nil, rerr end
  -- The declared settings' ranges live in Swift (RunSettings.swift); settings.lua is generated from them.
  local ok, serr = require("fscript.run.settings").check(opts)
  if not ok then return nil, serr end
  local order, oerr = require("fscript.run.order").parse(opts.order, function() return 0 end)
  if not order then return nil, oerr end
  if order.mode == "random" and not order.given and opts.shard_count then
    -- Each shard is its own process: only a seed they share makes them agree on one order.
    return nil, "--order random with --shard: give every shard the same seed (--order random:SEED)"
  end
  return filter, reports
end

return M
