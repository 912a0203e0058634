---The parent of a parallel run (`--jobs N`, a pool of targets): it plans the units (`fscript.run.parallel.units`), the
---host hands them to worker processes (`fscript.run.parallel.worker`) and gives back each line a worker sends, and
---the parent publishes the events they carry on its own stream (`bus`): the console shows them as they come, and a
---collector gathers the run a serial run would have recorded. `fscript.runner` is the host's entry to it and
---writes the reports.
local json = require("fscript.json")
local protocol = require("fscript.run.parallel.protocol")
local units_mod = require("fscript.run.parallel.units")
local util = require("fscript.util")
local state_mod = require("fscript.run.state")
local collector_mod = require("fscript.events.collector")

local M = {}

-- The parent of a parallel run: the plan it dispatches, its event stream and what came back.
local parent

---Starts a parallel run: lists the units and returns them as JSON for the host's worker pool, in the order to
---hand them out (longest first when durations are known, else the run's order). What the run shows goes on
---`bus`, which the caller subscribed its console to.
---@param opts fscript.RunOptions
---@param filter table the parsed tag filter
---@param bus fscript.Bus
---@return string? plan JSON `{"units": [{"id", "file"}], "files": n}`, or nil on a usage error
---@return string? error
function M.begin(opts, filter, bus)
  if opts.fail_fast then
    return nil, "--fail-fast stops a serial run at its first failure; it does not combine with --jobs (drop one)"
  end
  local units, files, declared, broken, warnings = units_mod.units(opts, filter)
  -- A filter that selects no scenario is a mistake (a typo, a renamed tag, a stale line), as in a serial run.
  local selected = 0
  for _, unit in ipairs(units) do selected = selected + #unit.scenarios end
  local nothing = selected == 0 and require("fscript.run.selection").nothing_selected(filter, declared)
  if nothing then return nil, nothing end
  if opts.shard_count then
    if opts.durations_by_file then units_mod.weigh(units, opts.durations_by_file) end
    units = units_mod.partition(units, opts.shard_count)[opts.shard_index]
  end
  local ordered = {}
  for i, unit in ipairs(units) do ordered[i] = { unit = unit, at = i } end
  if opts.durations_by_file then
    units_mod.weigh(units, opts.durations_by_file)
    table.sort(ordered, function(a, b)
      if a.unit.weight ~= b.unit.weight then return a.unit.weight > b.unit.weight end
      return a.at < b.at
    end)
  end
  parent = { opts = opts, units = {}, files = files, bus = bus, started = util.clock(), done = 0,
    total = #units, broken = broken, defined = {}, receiving = {}, returned = {},
    collector = bus:subscribe(collector_mod.new({ gather = true })) }
  local plan = {}
  for i, entry in ipairs(ordered) do
    parent.units[entry.unit.id] = entry.unit
    parent.defined[entry.unit.file] = entry.unit.defined
    plan[i] = { id = entry.unit.id, file = entry.unit.file, scenarios = math.max(1, #entry.unit.scenarios) }
  end
  local order = require("fscript.run.order").parse(opts.order)
  -- The seed is shown once, by the parent: the workers were given the same one (the host picks one when none was).
  bus:publish("testRunStarted", { target = opts.target, seed = order and order.mode == "random" and order.seed or nil })
  for _, warning in ipairs(warnings) do bus:publish("diagnostic", { text = warning }) end
  bus:publish("unitsPlanned", { units = #units, workers = opts.jobs or 1 })
  return json.encode({ units = plan, files = #files })
end

-- The start of a line, for a message about it.
local function excerpt(line)
  local shown = line:sub(1, 120):gsub("[%c]", "?")
  return #line > 120 and (shown .. "…") or shown
end

---A line from worker `label` (`w2`, or the target it drives), running `expected` (nil when idle), read as a
---message of the worker protocol (`fscript.run.parallel.protocol`) and published on the parent's event stream: a
---case of that unit is printed at once and kept (the collector puts it in the serial run's order), and the
---answer is true when the unit is back (`unitFinished`). A line that is no message of the protocol, or a message
---for a unit other than the one the worker runs (a line a test wrote into the worker's results), is reported and
---ignored; a unit whose end never comes is reported lost by `finish`.
---@param line string
---@param label string
---@param expected? string the unit the worker is running
---@return boolean back
function M.result(line, label, expected)
  if line == "" then return false end
  local kind, event = protocol.read(line)
  local bus = parent.bus
  if not kind then
    bus:publish("diagnostic", { text = ("fscript: worker %s sent a line that is not a result (%s), ignored: %s")
      :format(label, event, excerpt(line)) })
    return false
  end
  local of_unit = event.unit ~= nil or kind == "testCaseFinished" or kind == "unitFinished"
  if of_unit and (event.unit == nil or event.unit ~= expected or parent.returned[event.unit]) then
    bus:publish("diagnostic", { text = ("fscript: worker %s sent a result for %s while running %s, ignored")
      :format(label, event.unit, tostring(expected or "nothing")) })
    return false
  end
  local unit = event.unit and parent.units[event.unit]
  if kind == "testCaseFinished" then
    local case = event.case
    -- A worker that Ctrl-C reached while it loaded the unit's file reports the file's top level as interrupted: its
    -- planned scenarios are what the run lists (not run, by `finish`), so a report has each once, not that too.
    local failure = case.failure
    if case.index == 0 and unit and #unit.scenarios > 0 and failure and failure.kind == "interrupt" then
      return false
    end
    if parent.opts.pool then
      case.info = case.info or {}
      case.info.target = label
    end
    local receiving = parent.receiving[event.unit] or { indexes = {}, count = 0, label = label }
    parent.receiving[event.unit] = receiving
    if case.index ~= nil then receiving.indexes[case.index] = true end
    receiving.count = receiving.count + 1
    bus:publish("testCaseFinished", { case = case, path = unit.file, worker = label })
    if case.trace then bus:publish("traceWritten", { case = case }) end
    return false
  elseif kind == "unitFinished" then
    parent.returned[event.unit] = parent.receiving[event.unit] or { indexes = {}, count = 0, label = label }
    parent.done = parent.done + 1
    return true
  end
  -- Any other message (the run facts, a kind a suite declared) is the parent's subscribers' to hear.
  bus:publish(kind, event)
  return false
end

-- A worker that died mid-unit, or a unit whose cases did not all come back: those scenarios (`names`, default
-- the unit's that did not come back) fail with why, so the report shows them and the run fails (exit 2); without
-- a why (the run was interrupted) they are skipped, not run.
local function lost(unit, why, names)
  if not names then
    local came = parent.receiving[unit.id]
    names = {}
    local all = #unit.scenarios > 0 and unit.scenarios or { { index = 0, name = "(script)", tags = {} } }
    for _, scenario in ipairs(all) do
      if not (came and (came.indexes[scenario.index] or #unit.scenarios == 0 and came.count > 0)) then
        names[#names + 1] = scenario
      end
    end
  end
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
    else
      case.status, case.skip_reason = "skipped", "not run: interrupted"
    end
    parent.bus:publish("testCaseFinished", { case = case, path = unit.file, lost = why ~= nil, unrun = why == nil })
  end
end

-- Every unit handed out came back whole, or is reported: a unit neither back nor lost (its result never came),
-- and the scenarios a unit's result left out, fail as lost; once the run is interrupted, a unit's result leaves
-- out what its worker had not started when Ctrl-C reached it (loading the file, between two scenarios), and those
-- are not run, as in a serial run.
---@param unrun string[]
---@param interrupted boolean
local function check_returned(unrun, interrupted)
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
      if #missing > 0 and interrupted then
        lost(unit, nil, missing)
      elseif #missing > 0 then
        lost(unit, ("its result did not come back: the result worker %s sent for %s did not include it (something "
          .. "else wrote to the worker's results?)"):format(returned.label, id), missing)
      end
    end
  end
end

---Ends a parallel run: units that never ran are skipped (interrupted) or failed (`lost[id]` says why), and the
---run is the one a serial run would have recorded: its cases in the serial run's order (its `--order` included),
---the workers' run facts folded together. The caller writes the reports.
---@param interrupted boolean
---@param unrun string[] units never handed out or never finished
---@param lost_why table<string, string> why a unit's worker died
---@return fscript.RunResult
function M.finish(interrupted, unrun, lost_why)
  for _, id in ipairs(unrun) do
    local unit = parent.units[id]
    if unit then lost(unit, lost_why[id]) end
  end
  check_returned(unrun, interrupted)
  local facts = parent.collector:facts()
  local state = state_mod.new({ interrupted = interrupted, started = parent.started,
    support = facts.support, run_hooks = facts.run_hooks, run_hook_failed = facts.run_hook_failed,
    started_at = facts.started_at, strict_steps = facts.strict ~= false and parent.opts.lenient ~= true,
    exception = facts.exception, exception_where = facts.exception_where })
  for _, file in ipairs(parent.broken) do
    local case = { name = "(load)", tags = {}, index = 0, steps = {}, output = {}, duration = 0, script = true,
      status = "failed", failure = require("fscript.failure").new({ message = file.message }) }
    state_mod.add_file(state, { path = file.path, cases = { case }, load_error = file.message })
    parent.bus:publish("diagnostic", { text = file.message })
  end
  parent.collector:sorted_files()
  for position, path in ipairs(parent.files) do
    local file = parent.collector:file(path)
    if file then
      file.position, file.defined = position, parent.defined[path]
      for _, case in ipairs(file.cases) do
        if case.name == "(load)" and case.failure then file.load_error = case.failure.message end
      end
      state_mod.add_file(state, file)
    end
  end
  return state_mod.tally(state)
end

return M
