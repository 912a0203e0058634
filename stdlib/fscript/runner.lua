---The runner: the one entry point the Swift host calls for `fscript FILE.lua|DIR …`, plus the step
---listing for `fscript steps [--json]`. The REPL and `fscript -e` install the DSL from `fscript.session`.
---
---Exit codes: 0 every case passed; 1 a case failed (a scenario, or a script without scenarios that raised);
---2 usage error (bad option, bad tag filter, bad report spec) or a script that does not compile or is
---missing (the other files still run and reports are still written); 130 interrupted by Ctrl-C (the host's
---"interrupted" error): the current case fails, the rest are marked skipped ("not run: interrupted"),
---reports are written. 130 wins over 2, 2 over 1.
local snippets = require("fscript.steps.snippets")
local reporting = require("fscript.report")
local json_report = require("fscript.report.json")
local console_mod = require("fscript.report.console")
local options = require("fscript.run.options")
local cases = require("fscript.run.cases")
local lifecycle = require("fscript.run.lifecycle")
local phases = require("fscript.run.phases")
local units = require("fscript.run.parallel.units")
local parent = require("fscript.run.parallel.parent")
local bus_mod = require("fscript.events.bus")
local util = require("fscript.util")

-- The runner is the entry point and the one place a run is put together: the engine (`fscript.run.*`) publishes
-- its events, and the runner subscribes the console to them and writes the reports.
local M = {}

-- The undefined steps the run met, each text once, in the order met.
local function undefined_steps(run)
  local list, seen = {}, {}
  for _, file in ipairs(run.files) do
    for _, case in ipairs(file.cases) do
      for _, step in ipairs(case.steps) do
        if step.error and step.error:find("^Undefined step: ") and not seen[step.text] then
          seen[step.text] = true
          list[#list + 1] = { text = step.text, argument = step.argument, where = step.where }
        end
      end
    end
  end
  return list
end

---While test code runs with a report going to standard output (`--report message:-`), what the tests write to
---standard output (`io.write`, a child's output) goes to standard error, so the report stays the report alone;
---returns the function that puts standard output back, for the reports.
---@param reports {path: string}[]
---@return fun()
function M.divert_stdout(reports)
  local host = util.host()
  for _, r in ipairs(reports) do
    if r.path == "-" and host.divert_stdout and host.restore_stdout then
      local ok, problem = host.divert_stdout()
      if not ok then
        io.stderr:write(("fscript: note: what tests write to standard output may mix with the report there (%s)\n")
          :format(tostring(problem)))
      end
      return host.restore_stdout
    end
  end
  return function() end
end

-- Whether the console is in colour: as asked, else when standard output is a terminal.
local function color_default(opts)
  if opts.color ~= nil then return opts.color end
  local isatty = util.host().isatty
  return isatty ~= nil and isatty(1) == true
end

-- The console a run shows itself on, as a subscriber of its events: on standard error when a report goes to
-- standard output.
local function console_for(opts, reports, color)
  local out = opts.out
  for _, r in ipairs(reports) do
    if r.path == "-" and out == nil then out = function(s) io.stderr:write(s) end end
  end
  return console_mod.subscriber(console_mod.new({ out = out, err = opts.err, color = color }))
end

-- The options with `--durations FILE` read (`durations_by_file`, seconds per scenario of an earlier run's JSON
-- report), or nil and why it could not be.
local function with_durations(opts)
  if not opts.durations then return opts end
  local durations, err = json_report.durations(opts.durations)
  if not durations then return nil, err end
  return setmetatable({ durations_by_file = durations }, { __index = opts })
end

local run_suite

---Runs scripts and writes reports. Never raises for script errors; returns the run as data too.
---@param opts fscript.RunOptions
---@return integer exit_code 0 passed, 1 a test failed, 2 usage/load error, 130 interrupted
---@return fscript.RunResult? run nil on a usage error
function M.run(opts)
  local filter, reports = options.check(opts)
  if not filter then
    io.stderr:write(("fscript: %s\n"):format(reports))
    return 2, nil
  end
  -- Test code cannot end the run without its reports (see `fscript.cases.guard_exit`), nor write into a report
  -- on standard output.
  local restore_stdout = M.divert_stdout(reports)
  local restore_exit = cases.guard_exit()
  local ok, code, run = pcall(run_suite, opts, filter, reports, restore_stdout)
  restore_exit()
  restore_stdout()
  if not ok then error(code, 0) end
  return code, run
end

run_suite = function(opts, filter, reports, restore_stdout)
  if opts.shard_count and not opts.select then
    local sharded, err = with_durations(opts)
    if sharded then sharded, err = units.shard_options(sharded) end
    if not sharded then
      io.stderr:write(("fscript: %s\n"):format(err))
      return 2, nil
    end
    opts = sharded
  end
  local state = lifecycle.new_state(opts, filter)
  state.bus:subscribe(console_for(opts, reports, color_default(opts)))
  if opts.dry_run then return require("fscript.run.dry_run").run(state, opts), nil end
  state.bus:publish("testRunStarted", { target = opts.target,
    seed = state.order.mode == "random" and state.order.seed or nil })
  local ok, err = pcall(function()
    phases.start(state, opts.files)
    lifecycle.run_files(state, opts)
  end)
  -- AfterAll hooks run whatever happened before them, as cucumber's do (unless the run never started).
  local after_ok, after_err = phases.finish(state)
  if not after_ok and not util.is_interrupt(after_err) then
    io.stderr:write(("fscript: internal error: %s\n"):format(tostring(after_err)))
  end
  if not ok then
    if not util.is_interrupt(err) then
      io.stderr:write(("fscript: internal error: %s\n"):format(tostring(err)))
      -- An error outside any step or hook: the messages' test-run exception.
      state.exception = tostring(err)
    end
    state.interrupted = true
  end
  -- A filter (tags, --name, FILE:LINE) that selects nothing is a mistake (a typo, a renamed tag, a stale line
  -- number), not a green run. A worker runs what its parent chose (`state.select`): the parent checks.
  if state.selected == 0 and not state.interrupted and not state.select then
    local known = {}
    for tag in pairs(state.seen_tags) do known[#known + 1] = tag end
    table.sort(known)
    local nothing = require("fscript.run.selection").nothing_selected(filter, state.scenario_count, known)
    if nothing then
      io.stderr:write("fscript: " .. nothing .. "\n")
      state.selected_nothing = true
    end
  end
  state.support = lifecycle.support(state)
  -- Traces are written on a thread of their own; the HTML report embeds a failed scenario's.
  local flushed, flush_err = pcall(require("fscript.trace.scenario").flush, state)
  if not flushed then
    if util.is_interrupt(flush_err) then
      state.interrupted = true
    else
      state.bus:publish("note", { text = ("traces not all written: %s"):format(tostring(flush_err)) })
    end
  end
  local run = require("fscript.run.state").tally(state)
  restore_stdout()
  reporting.write(run, reports)
  state.bus:publish("testRunFinished", { run = run })
  local block = snippets.block(undefined_steps(run), state.session.registry.types, state.session.registry)
  if block ~= "" then state.bus:publish("suggestion", { text = block }) end
  return run.exit_code, run
end

-- The parallel run in progress in this process (its parent's side): its event stream, its reports, and what
-- puts standard output and os.exit back.
local parallel

---Starts a parallel run (`fscript --jobs N`, a pool of targets; the host calls this): checks the options,
---subscribes the console to the parent's events, and returns the plan for the host's worker pool (see
---`fscript.run.parallel.parent`), or nil and why.
---@param opts fscript.RunOptions
---@return string? plan
---@return string? error
function M.parallel_begin(opts)
  local filter, reports = options.check(opts)
  if not filter then return nil, reports end
  -- Planning runs each Lua file's top level (in a sandbox): what it writes stays off a report on standard output,
  -- and an os.exit there cannot end the parent (`parallel_finish` puts both back).
  local restore_stdout = M.divert_stdout(reports)
  local restore_exit = cases.guard_exit()
  local function restore()
    restore_exit()
    restore_stdout()
  end
  local weighed, err = with_durations(opts)
  if not weighed then
    restore()
    return nil, err
  end
  local bus = bus_mod.new()
  bus:subscribe(console_for(opts, reports, opts.color == true))
  local ok, plan, why = pcall(parent.begin, weighed, filter, bus)
  if not ok or not plan then restore() end
  if not ok then error(plan, 0) end
  if plan then parallel = { reports = reports, bus = bus, restore = restore } end
  return plan, why
end

---A line a worker sent (see `fscript.run.parallel.parent`'s `result`): true when its unit is back.
---@param line string
---@param label string
---@param expected? string
---@return boolean
function M.parallel_result(line, label, expected)
  local back = parent.result(line, label, expected)
  return back
end

---Ends a parallel run (see `fscript.run.parallel.parent`'s `finish`), writes its reports and shows its summary.
---@param interrupted boolean
---@param unrun string[]
---@param lost_why table<string, string>
---@return integer exit_code
function M.parallel_finish(interrupted, unrun, lost_why)
  local run = parent.finish(interrupted, unrun, lost_why)
  local done = parallel
  parallel = nil
  done.restore()
  reporting.write(run, done.reports)
  done.bus:publish("testRunFinished", { run = run })
  return run.exit_code
end

---A worker of a parallel run: see `fscript.run.parallel.worker`.
---@param opts fscript.RunOptions
---@return integer exit_code
function M.worker(opts)
  local code = require("fscript.run.parallel.worker").run(opts)
  return code
end

---The entry point for `fscript FILE.lua|DIR …`: runs and returns only the exit code.
---@param opts fscript.RunOptions
---@return integer exit_code
function M.main(opts)
  local code = M.run(opts)
  return code
end

---The step catalog for `fscript steps [--json]`: see `fscript.run.step_listing`.
---@param opts? {json?: boolean, files?: string[], search?: string}
---@return string
function M.steps(opts)
  local text = require("fscript.run.step_listing").render(opts)
  return text
end

return M
