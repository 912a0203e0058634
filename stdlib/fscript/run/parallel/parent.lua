---The parent of a parallel run (`--jobs N`, a pool of targets): it plans the units (`fscript.run.parallel.units`), the
---host hands them to worker processes (`fscript.run.parallel.worker`) and sends back each unit's cases, and the parent
---prints them as they come and writes the reports a serial run would have written.
local json = require("fscript.json")
local protocol = require("fscript.run.parallel.protocol")
local console_mod = require("fscript.report.console")
local options = require("fscript.run.options")
local reporting = require("fscript.report")
local units_mod = require("fscript.run.parallel.units")
local util = require("fscript.util")
local state_mod = require("fscript.run.state")

local M = {}

-- The parent of a parallel run: the plan it dispatches and the cases that came back.
local parent

---Starts a parallel run: lists the units and returns them as JSON for the host's worker pool, in the order to
---hand them out (longest first when durations are known, else the run's order).
---@param opts fscript.RunOptions
---@return string? plan JSON `{"units": [{"id", "file"}], "files": n}`, or nil on a usage error
---@return string? error
function M.begin(opts)
  local filter, reports = options.check(opts)
  if not filter then return nil, reports end
  if opts.fail_fast then
    return nil, "--fail-fast stops a serial run at its first failure; it does not combine with --jobs (drop one)"
  end
  -- Planning runs each Lua file's top level (in a sandbox): what it writes stays off a report on standard output,
  -- and an os.exit there cannot end the parent (`finish` puts both back).
  local restore_stdout = require("fscript.runner").divert_stdout(reports)
  local restore_exit = require("fscript.run.cases").guard_exit()
  local planned, units, files, declared, broken, warnings = pcall(units_mod.units, opts, filter)
  if not planned then
    restore_exit()
    restore_stdout()
    error(units, 0)
  end
  -- A filter that selects no scenario is a mistake (a typo, a renamed tag, a stale line), as in a serial run.
  local selected = 0
  for _, unit in ipairs(units) do selected = selected + #unit.scenarios end
  local function refuse(why)
    restore_exit()
    restore_stdout()
    return nil, why
  end
  local nothing = selected == 0 and require("fscript.run.selection").nothing_selected(filter, declared)
  if nothing then return refuse(nothing) end
  if opts.shard_count then
    if opts.durations then
      local durations, err = units_mod.durations(opts.durations)
      if not durations then return refuse(err) end
      units_mod.weigh(units, durations)
    end
    units = units_mod.partition(units, opts.shard_count)[opts.shard_index]
  end
  local ordered = {}
  for i, unit in ipairs(units) do ordered[i] = { unit = unit, at = i } end
  if opts.durations then
    local durations, err = units_mod.durations(opts.durations)
    if not durations then return refuse(err) end
    units_mod.weigh(units, durations)
    table.sort(ordered, function(a, b)
      if a.unit.weight ~= b.unit.weight then return a.unit.weight > b.unit.weight end
      return a.at < b.at
    end)
  end
  local out = opts.out
  for _, r in ipairs(reports) do
    -- Standard output carries the report, so the console moves to standard error, as in a serial run.
    if r.path == "-" and out == nil then out = function(s) io.stderr:write(s) end end
  end
  local console = console_mod.new({ out = out, err = opts.err, color = opts.color == true })
  parent = { opts = opts, reports = reports, units = {}, files = files, results = {}, console = console,
    started = util.clock(), done = 0, total = #units, broken = broken, defined = {}, returned = {},
    restore_stdout = restore_stdout, restore_exit = restore_exit }
  local plan = {}
  for i, entry in ipairs(ordered) do
    parent.units[entry.unit.id] = entry.unit
    parent.defined[entry.unit.file] = entry.unit.defined
    plan[i] = { id = entry.unit.id, file = entry.unit.file, scenarios = math.max(1, #entry.unit.scenarios) }
  end
  if opts.target then console:target(opts.target) end
  local order = require("fscript.run.order").parse(opts.order)
  if order and order.mode == "random" then
    -- Printed once, by the parent: the workers were given the same seed (the host picks one when none was).
    console:line(("order: random:%d (--order random:%d runs this order again)"):format(order.seed, order.seed))
  end
  for _, warning in ipairs(warnings) do console:error_line(warning) end
  console:line(console:paint("dim", ("%d units of work over %d workers"):format(#units, opts.jobs or 1)))
  return json.encode({ units = plan, files = #files })
end

-- The start of a line, for a message about it.
local function excerpt(line)
  local shown = line:sub(1, 120):gsub("[%c]", "?")
  return #line > 120 and (shown .. "…") or shown
end

---A line from worker `label` (`w2`, or the target it drives), running `expected` (nil when idle): when it is that
---unit's cases, they are printed at once and kept in order, and the answer is true (the unit is back). Anything
---else is no result: run facts are kept, and a line that is not what the worker was asked for (a line a test
---wrote into the worker's results, a second result) is reported and ignored; a unit whose result never comes
---is reported lost by `finish`.
---@param line string a line of the worker protocol (`fscript.run.parallel.protocol`)
---@param label string
---@param expected? string the unit the worker is running
---@return boolean result
function M.result(line, label, expected)
  if line == "" then return false end
  local message, why, decoded = protocol.read(line)
  local facts = (message or type(decoded) == "table" and decoded or {}).run
  if type(facts) == "table" then M.run_facts(facts) end
  if message and message.kind == "facts" then return false end
  if not message then
    parent.console:error_line(("fscript: worker %s sent a line that is not a result (%s), ignored: %s"):format(label,
      why, excerpt(line)))
    return false
  end
  if message.unit ~= expected or parent.returned[message.unit] then
    parent.console:error_line(("fscript: worker %s sent a result for %s while running %s, ignored"):format(label,
      message.unit, tostring(expected or "nothing")))
    return false
  end
  local unit = parent.units[message.unit]
  local returned = { indexes = {}, count = 0, label = label }
  parent.returned[message.unit] = returned
  parent.done = parent.done + 1
  for _, record in ipairs(message.cases) do
    local case = protocol.case(record)
    if parent.opts.pool then
      case.info = case.info or {}
      case.info.target = label
    end
    if case.index ~= nil then returned.indexes[case.index] = true end
    returned.count = returned.count + 1
    local list = parent.results[unit and unit.file or message.unit] or {}
    parent.results[unit and unit.file or message.unit] = list
    list[#list + 1] = case
    local console = parent.console
    local mark = case.status == "passed" and console:paint("green", "✔")
      or case.status == "skipped" and console:paint("yellow", "-") or console:paint("red", "✘")
    console:line(("%s %s › %s  %s"):format(mark, unit and unit.file or message.unit, case.name,
      console:paint("dim", ("%s  %s"):format(console_mod.seconds(case.duration), label))))
    console:case_end(case)
    if case.trace then require("fscript.trace.scenario").note(console, case) end
  end
  return true
end

---Keeps what a worker said about the run for the messages: every worker's support code (merged: a catalog step
---one worker used is listed), one worker's BeforeAll results (from its first unit) and AfterAll results (its
---last line), the earliest start.
---@param facts table
function M.run_facts(facts)
  local run = parent.run or { support = nil, before = nil, after = nil }
  parent.run = run
  run.support = state_mod.merge_support(run.support, facts.support)
  if facts.run_hook_failed then run.run_hook_failed = true end
  if type(facts.started_at) == "number" and (not run.started_at or facts.started_at < run.started_at) then
    run.started_at = facts.started_at
  end
  if facts.strict ~= nil then run.strict = facts.strict end
  if facts.exception and not run.exception then
    run.exception, run.exception_where = facts.exception, facts.exception_where
  end
  local kind = facts.final and "after" or "before"
  if not run[kind] and type(facts.run_hooks) == "table" then
    local list = {}
    for _, h in ipairs(facts.run_hooks) do
      if h.hook and h.hook.kind == (facts.final and "after_all" or "before_all") then list[#list + 1] = h end
    end
    run[kind] = list
  end
end

-- A worker that died mid-unit, or a result that did not bring all of a unit's scenarios back: those scenarios
-- (`names`, default all of the unit's) fail with why, so the report shows them and the run fails (exit 2).
local function lost(unit, why, names)
  local list = parent.results[unit.file] or {}
  parent.results[unit.file] = list
  names = names or (#unit.scenarios > 0 and unit.scenarios or { { index = 0, name = "(script)", tags = {} } })
  for _, scenario in ipairs(names) do
    local case = { name = scenario.name, tags = scenario.tags, index = scenario.index, steps = {}, output = {},
      duration = 0, script = scenario.index == 0 or nil }
    if why then
      -- A case that ran (the messages list it, a `.feature` scenario with its pickle).
      case.started_at = util.now()
      if require("fscript.gherkin.features").is_feature(unit.file) and scenario.index > 0 then
        case.pickle_index = scenario.index
      end
      case.status = "failed"
      case.failure = require("fscript.failure").new({ message = why, kind = "infrastructure" })
      -- Its outcome as a hook record of its own, as a case that failed outside its steps has (`fscript.run.cases`).
      local cases = require("fscript.run.cases")
      case.steps[1] = { keyword = "After", text = cases.OUTSIDE_STEPS, depth = 0, status = "failed", duration = 0,
        error = why, error_kind = "infrastructure", definition = unit.file .. ":0",
        hook = { kind = "after", name = cases.OUTSIDE_STEPS, location = unit.file .. ":0", outside = true } }
      local console = parent.console
      console:line(("%s %s › %s"):format(console:paint("red", "✘"), unit.file, case.name))
      console:case_end(case)
    else
      case.status, case.skip_reason = "skipped", "not run: interrupted"
    end
    list[#list + 1] = case
  end
end

-- Every unit handed out came back whole, or is reported: a unit neither back nor lost (its result never came),
-- and the scenarios a unit's result left out, fail as lost.
local function check_returned(unrun)
  local settled = {}
  for _, id in ipairs(unrun) do settled[id] = true end
  local ids = {}
  for id in pairs(parent.units) do ids[#ids + 1] = id end
  table.sort(ids)
  for _, id in ipairs(ids) do
    local unit, returned = parent.units[id], parent.returned[id]
    if not settled[id] and not returned then
      lost(unit, ("its result did not come back from its worker (%s is neither reported nor lost)"):format(id))
    elseif returned then
      local missing = {}
      for _, scenario in ipairs(unit.scenarios) do
        if not returned.indexes[scenario.index] then missing[#missing + 1] = scenario end
      end
      if #unit.scenarios == 0 and returned.count == 0 then
        missing[1] = { index = 0, name = "(script)", tags = {} }
      end
      if #missing > 0 then
        lost(unit, ("its result did not come back: the result worker %s sent for %s did not include it (something "
          .. "else wrote to the worker's results?)"):format(returned.label, id), missing)
      end
    end
  end
end

---Ends a parallel run: units that never ran are skipped (interrupted) or failed (`lost[id]` says why), the
---cases are put in the serial run's order (its `--order` included), and every report is written.
---@param interrupted boolean
---@param unrun string[] units never handed out or never finished
---@param lost_why table<string, string> why a unit's worker died
---@return integer exit_code
function M.finish(interrupted, unrun, lost_why)
  for _, id in ipairs(unrun) do
    local unit = parent.units[id]
    if unit then lost(unit, lost_why[id]) end
  end
  check_returned(unrun)
  local facts = parent.run or {}
  local run_hooks = {}
  for _, list in ipairs({ facts.before or {}, facts.after or {} }) do
    for _, h in ipairs(list) do run_hooks[#run_hooks + 1] = h end
  end
  local state = state_mod.new({ interrupted = interrupted, started = parent.started,
    support = facts.support, run_hooks = run_hooks, run_hook_failed = facts.run_hook_failed,
    started_at = facts.started_at, strict_steps = facts.strict ~= false and parent.opts.lenient ~= true,
    exception = facts.exception, exception_where = facts.exception_where })
  for _, file in ipairs(parent.broken) do
    local case = { name = "(load)", tags = {}, index = 0, steps = {}, output = {}, duration = 0, script = true,
      status = "failed", failure = require("fscript.failure").new({ message = file.message }) }
    state_mod.add_file(state, { path = file.path, cases = { case }, load_error = file.message })
    parent.console:error_line(file.message)
  end
  for position, path in ipairs(parent.files) do
    local cases = parent.results[path]
    if cases then
      table.sort(cases, require("fscript.run.order").case_before)
      local file = { path = path, cases = cases, position = position, defined = parent.defined[path] }
      for _, case in ipairs(cases) do
        if case.name == "(load)" and case.failure then file.load_error = case.failure.message end
      end
      state_mod.add_file(state, file)
    end
  end
  local run = state_mod.tally(state)
  parent.restore_exit()
  parent.restore_stdout()
  reporting.write(run, parent.reports)
  parent.console:finish(run)
  return run.exit_code
end

return M
