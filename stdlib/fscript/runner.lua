---The runner: the one entry point the Swift host calls for `fscript FILE.lua|DIR …`, plus the step
---listing for `fscript steps [--json]`. The REPL and `fscript -e` install the DSL from `fscript.session`.
---
---Exit codes: 0 every case passed; 1 a case failed (a scenario, or a script without scenarios that raised);
---2 usage error (bad option, bad tag filter, bad report spec) or a script that does not compile or is
---missing (the other files still run and reports are still written); 130 interrupted by Ctrl-C (the host's
---"interrupted" error): the current case fails, the rest are marked skipped ("not run: interrupted"),
---reports are written. 130 wins over 2, 2 over 1.
local snippets = require("fscript.steps.snippets")
local order = require("fscript.run.order")
local discovery = require("fscript.run.discovery")
local reporting = require("fscript.report")
local options = require("fscript.run.options")
local cases = require("fscript.run.cases")
local lifecycle = require("fscript.run.lifecycle")
local phases = require("fscript.run.phases")
local units = require("fscript.run.parallel.units")
local util = require("fscript.util")

-- The runner is the entry point; the work is in small modules: discovery (which files), options (checked once),
-- lifecycle and cases (loading files, running scenarios), reporting, dry_run, unit_worker (a parallel run's
-- worker), step_listing (`fscript steps`), units and parallel (splitting a run).
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
    local sharded, err = units.shard_options(opts)
    if not sharded then
      io.stderr:write(("fscript: %s\n"):format(err))
      return 2, nil
    end
    opts = sharded
  end
  for _, r in ipairs(reports) do
    if r.path == "-" and opts.out == nil then
      -- Standard output carries the report, so the console moves to standard error.
      opts = setmetatable({ out = function(s) io.stderr:write(s) end }, { __index = opts })
    end
  end
  local state = lifecycle.new_state(opts, filter)
  if opts.dry_run then return require("fscript.run.dry_run").run(state, opts), nil end
  if opts.target then state.console:target(opts.target) end
  if state.order.mode == "random" then
    -- The seed on the console, so a failure that depends on the order can be run again in it.
    state.console:line(("order: random:%d (--order random:%d runs this order again)"):format(state.order.seed,
      state.order.seed))
  end
  local ok, err = pcall(function()
    phases.start(state, opts.files)
    local expanded = discovery.expand(opts.files, opts.app)
    -- Each file's place in the defined order, whatever order the run takes (the messages list documents so).
    state.defined = {}
    for i, path in ipairs(expanded) do state.defined[path] = i end
    for _, path in ipairs(order.apply(state.order, expanded)) do
      local wanted = true
      if state.select then wanted = state.select[path] end
      -- A file with nothing in this shard is neither loaded nor reported.
      -- A feature file after the run stopped still declares its scenarios (reading it runs nothing), so each is
      -- reported not run with its pickle; a Lua file is not loaded, its top level being code.
      local declare = state.stopped and not state.interrupted and require("fscript.gherkin.features").is_feature(path)
      if wanted ~= nil and (state.interrupted or state.stopped) and not declare then
        state.files[#state.files + 1] = { path = path, cases = {} }
        state.file = state.files[#state.files]
        cases.skip(state, "(script)", {}, state.interrupted and "not run: interrupted" or state.stopped, 0)
      elseif wanted ~= nil then
        lifecycle.run_file(state, path, wanted)
      end
    end
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
      state.console:note(("traces not all written: %s"):format(tostring(flush_err)))
    end
  end
  local run = require("fscript.run.state").tally(state)
  restore_stdout()
  reporting.write(run, reports)
  state.console:finish(run)
  local block = snippets.block(undefined_steps(run), state.session.registry.types, state.session.registry)
  if block ~= "" then state.console:line("\n" .. block) end
  return run.exit_code, run
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
