---Splitting a run: the units a suite is made of, shards of them (`--shard i/n`), the parent side of a parallel
---run (`--jobs N`), and merging reports (`fscript merge-reports`).
---
---A unit is one scenario (`PATH#N`, the file's N-th) or a whole file (`PATH#*`): a file without scenarios (a
---script), one that does not load, one with steps at its top level, and one whose scenarios share the app
---(`this_file{reset = false}`, a scenario with `reset = false`, or `--no-reset`) stays whole, on one worker, in
---one shard. Units are found by loading each file in a sandbox: its top level runs with `app` and every step
---refusing to act, so the target is not touched (a file that tries is a script: whole).
local session_mod = require("fscript.session")
local features = require("fscript.features")
local tags_mod = require("fscript.tags")
local json = require("fscript.json")
local json_report = require("fscript.report.json")
local console_mod = require("fscript.report.console")
local util = require("fscript.util")

local M = {}

---@class fscript.Unit
---@field id string `PATH#N` or `PATH#*`
---@field file string
---@field position integer the file's place in the run
---@field scenarios {index: integer, name: string, tags: string[]}[] what it runs, in order (empty for a script)
---@field weight number seconds it is expected to take (from --durations), else its scenario count

local LISTING = setmetatable({}, { __tostring = function() return "fscript: listing, not running" end })

-- The scenarios a Lua test file declares, by running its top level in a sandbox (nil for a script or a file
-- that does not load), and whether they must stay together (they share the app).
local function lua_scenarios(path, session, env)
  session:begin_file()
  local chunk = loadfile(path, "t", env)
  if not chunk then return nil end
  local mock = rawget(_G, "mock")
  local checkpoint = mock and mock.checkpoint and mock.checkpoint()
  local ok = pcall(chunk)
  if checkpoint and mock.stop_started_after then mock.stop_started_after(checkpoint) end
  if not ok or #session.scenarios == 0 then return nil end
  session:apply_file_options()
  local shared = session.file_options.reset == false
  for _, spec in ipairs(session.scenarios) do
    if spec.reset == false then shared = true end
  end
  return session.scenarios, shared
end

---The units of a run, in the serial run's order, with the run's tag filter applied.
---@param opts fscript.RunOptions
---@param filter table the parsed tag filter
---@return fscript.Unit[]
---@return string[] files every test file, in order
---@return integer declared the scenarios the files declare, before the tag filter
---@return {path: string, message: string}[] broken support and step definition files that do not load
---@return string[] warnings the `.feature` files' Gherkin warnings, for the parent to print once (workers do not)
function M.units(opts, filter)
  local session = session_mod.new()
  local env = setmetatable({}, { __index = _G })
  session:install(env)
  -- The sandbox: steps and the app refuse, so loading a file cannot act on the target.
  session.run_step = function() error(LISTING, 0) end
  rawset(env, "app", setmetatable({}, { __index = function() error(LISTING, 0) end }))
  local frank = rawget(_G, "frank")
  if type(frank) == "table" then
    -- frank's values (frank.null) stay; its functions (launch, reset, connect) refuse.
    rawset(env, "frank", setmetatable({}, { __index = function(_, key)
      local value = frank[key]
      if type(value) == "function" then return function() error(LISTING, 0) end end
      return value
    end }))
  end
  local runner = require("fscript.runner")
  -- Support and step definition files load in every worker; one that does not load is reported here, once,
  -- as a serial run reports it (a failed "(load)" case of that file, before the tests).
  local broken = {}
  for _, path in ipairs(features.step_files(opts.files, runner.is_dir, runner.test_files)) do
    local chunk, err = loadfile(path, "t", env)
    if chunk then
      local ok, run_err = pcall(chunk)
      err = not ok and tostring(run_err) or nil
    end
    if err then broken[#broken + 1] = { path = path, message = err } end
  end
  local files = runner.expand(opts.files, opts.app)
  local units, declared, warnings = {}, 0, {}
  for position, path in ipairs(files) do
    local specs, shared
    if features.is_feature(path) then
      session:begin_file()
      local pickles, _, file_warnings = features.load(path, { strict = opts.strict })
      table.move(file_warnings, 1, #file_warnings, #warnings + 1, warnings)
      if pickles then
        specs = {}
        for i, pickle in ipairs(pickles) do specs[i] = features.scenario(session, path, pickle) end
      end
    else
      specs, shared = lua_scenarios(path, session, env)
    end
    local whole = specs == nil or shared or opts.reset == false
    declared = declared + #(specs or {})
    local chosen = {}
    for index, spec in ipairs(specs or {}) do
      if tags_mod.matches(filter, spec.tags) then
        chosen[#chosen + 1] = { index = index, name = spec.name, tags = spec.tags }
      end
    end
    if specs == nil then
      units[#units + 1] = { id = path .. "#*", file = path, position = position, scenarios = {}, weight = 1 }
    elseif whole and #chosen > 0 then
      units[#units + 1] = { id = path .. "#*", file = path, position = position, scenarios = chosen, weight = #chosen }
    else
      for _, scenario in ipairs(chosen) do
        units[#units + 1] = { id = ("%s#%d"):format(path, scenario.index), file = path, position = position,
          scenarios = { scenario }, weight = 1 }
      end
    end
  end
  session_mod.current = nil
  return units, files, declared, broken, warnings
end

---Seconds per scenario from an earlier run's JSON report (`--durations FILE`): `durations[path][name]`.
---@param path string
---@return table<string, table<string, number>>? durations
---@return string? error
function M.durations(path)
  local text, err = util.read_file(path)
  if not text then return nil, ("--durations %s: %s"):format(path, tostring(err)) end
  local run, load_err = json_report.load(text, path)
  if not run then return nil, "--durations " .. load_err end
  local durations = {}
  for _, file in ipairs(run.files) do
    local names = durations[file.path] or {}
    durations[file.path] = names
    for _, case in ipairs(file.cases) do names[case.name] = (names[case.name] or 0) + (case.duration or 0) end
  end
  return durations
end

---Gives each unit its expected seconds from `durations`; a unit the earlier run did not have counts as the
---mean of those it had.
---@param units fscript.Unit[]
---@param durations table<string, table<string, number>>
function M.weigh(units, durations)
  local known, total = 0, 0
  for _, unit in ipairs(units) do
    local names = durations[unit.file] or {}
    local seconds, missing = 0, false
    if #unit.scenarios == 0 then
      for _, d in pairs(names) do seconds = seconds + d end
      missing = next(names) == nil
    end
    for _, scenario in ipairs(unit.scenarios) do
      if names[scenario.name] then seconds = seconds + names[scenario.name] else missing = true end
    end
    unit.weight = not missing and seconds or nil
    if unit.weight then known, total = known + 1, total + unit.weight end
  end
  local mean = known > 0 and total / known or 1
  for _, unit in ipairs(units) do unit.weight = unit.weight or mean end
end

---Splits the units into `count` disjoint shards, the same way every time: heaviest first, each to the lightest
---shard so far (ties: the earlier unit, the lower shard). Returns the shards, each in the run's order.
---@param units fscript.Unit[]
---@param count integer
---@return fscript.Unit[][]
function M.partition(units, count)
  local order = {}
  for i, unit in ipairs(units) do order[i] = { unit = unit, at = i } end
  table.sort(order, function(a, b)
    if a.unit.weight ~= b.unit.weight then return a.unit.weight > b.unit.weight end
    return a.at < b.at
  end)
  local shards, loads = {}, {}
  for i = 1, count do shards[i], loads[i] = {}, 0 end
  for _, entry in ipairs(order) do
    local lightest = 1
    for i = 2, count do
      if loads[i] < loads[lightest] then lightest = i end
    end
    local list = shards[lightest]
    list[#list + 1] = entry
    loads[lightest] = loads[lightest] + entry.unit.weight
  end
  for i = 1, count do
    table.sort(shards[i], function(a, b) return a.at < b.at end)
    for j, entry in ipairs(shards[i]) do shards[i][j] = entry.unit end
  end
  return shards, loads
end

---What a run of these units selects: `select[path]` is true (the whole file) or the set of scenario positions;
---`positions[path]` the file's place in the full run, so merged reports keep the serial order.
---@param units fscript.Unit[]
---@return table select
---@return table positions
function M.selection(units)
  local select, positions = {}, {}
  for _, unit in ipairs(units) do
    positions[unit.file] = unit.position
    if unit.id:sub(-2) == "#*" then
      select[unit.file] = true
    elseif select[unit.file] ~= true then
      local set = select[unit.file] or {}
      set[unit.scenarios[1].index] = true
      select[unit.file] = set
    end
  end
  return select, positions
end

---The runner options for shard `index` of `count` (`--shard i/n`, `--durations FILE`): the same options with
---the shard's selection, or nil and why.
---@param opts fscript.RunOptions
---@return fscript.RunOptions? opts
---@return string? error
function M.shard_options(opts)
  local filter, err = tags_mod.parse(opts.tags)
  if not filter then return nil, err end
  local units = M.units(opts, filter)
  if opts.durations then
    local durations, derr = M.durations(opts.durations)
    if not durations then return nil, derr end
    M.weigh(units, durations)
  end
  local shards = M.partition(units, opts.shard_count)
  local select, positions = M.selection(shards[opts.shard_index])
  local copy = setmetatable({ select = select, positions = positions }, { __index = opts })
  return copy
end

-- The parent of a parallel run: the plan it dispatches and the cases that came back.
local parent

---Starts a parallel run: lists the units and returns them as JSON for the host's worker pool, in the order to
---hand them out (longest first when durations are known, else the run's order).
---@param opts fscript.RunOptions
---@return string? plan JSON `{"units": [{"id", "file"}], "files": n}`, or nil on a usage error
---@return string? error
function M.begin(opts)
  local filter, reports = require("fscript.runner").check_options(opts)
  if not filter then return nil, reports end
  local units, files, declared, broken, warnings = M.units(opts, filter)
  -- A tag filter that selects no scenario is a mistake (a typo, a renamed tag), as in a serial run.
  local selected = 0
  for _, unit in ipairs(units) do selected = selected + #unit.scenarios end
  if not filter.empty and selected == 0 and declared > 0 then
    return nil, ("--tags %q selects none of the %d scenarios"):format(filter.source, declared)
  end
  if opts.shard_count then
    if opts.durations then
      local durations, err = M.durations(opts.durations)
      if not durations then return nil, err end
      M.weigh(units, durations)
    end
    units = M.partition(units, opts.shard_count)[opts.shard_index]
  end
  local ordered = {}
  for i, unit in ipairs(units) do ordered[i] = { unit = unit, at = i } end
  if opts.durations then
    local durations, err = M.durations(opts.durations)
    if not durations then return nil, err end
    M.weigh(units, durations)
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
    started = util.clock(), done = 0, total = #units, broken = broken }
  local plan = {}
  for i, entry in ipairs(ordered) do
    parent.units[entry.unit.id] = entry.unit
    plan[i] = { id = entry.unit.id, file = entry.unit.file }
  end
  if opts.target then console:target(opts.target) end
  for _, warning in ipairs(warnings) do console:error_line(warning) end
  console:line(console:paint("dim", ("%d units of work over %d workers"):format(#units, opts.jobs or 1)))
  return json.encode({ units = plan, files = #files })
end

---One unit's cases, back from worker `label` (`w2`, or the target it drives): printed at once, kept in order.
---@param line string the worker's JSON: `{"unit": id, "cases": [records]}`
---@param label string
function M.result(line, label)
  local message, err = json.decode(line)
  if type(message) ~= "table" or type(message.cases) ~= "table" then
    parent.console:error_line(("fscript: a worker sent something that is not a result (%s)"):format(tostring(err)))
    return
  end
  local unit = parent.units[message.unit]
  parent.done = parent.done + 1
  for _, record in ipairs(message.cases) do
    local case = json_report.case_from_record(record)
    if parent.opts.pool then
      case.info = case.info or {}
      case.info.target = label
    end
    local list = parent.results[unit and unit.file or message.unit] or {}
    parent.results[unit and unit.file or message.unit] = list
    list[#list + 1] = case
    local console = parent.console
    local mark = case.status == "passed" and console:paint("green", "✔")
      or case.status == "skipped" and console:paint("yellow", "-") or console:paint("red", "✘")
    console:line(("%s %s › %s  %s"):format(mark, unit and unit.file or message.unit, case.name,
      console:paint("dim", ("%s  %s"):format(console_mod.seconds(case.duration), label))))
    console:case_end(case)
  end
end

-- A worker that died mid-unit: its scenarios fail with why, so the report shows them.
local function lost(unit, why)
  local list = parent.results[unit.file] or {}
  parent.results[unit.file] = list
  local names = #unit.scenarios > 0 and unit.scenarios or { { index = 0, name = "(script)", tags = {} } }
  for _, scenario in ipairs(names) do
    local case = { name = scenario.name, tags = scenario.tags, index = scenario.index, steps = {}, output = {},
      duration = 0, script = scenario.index == 0 or nil }
    if why then
      case.status = "failed"
      case.failure = require("fscript.failure").new({ message = why, kind = "infrastructure" })
      local console = parent.console
      console:line(("%s %s › %s"):format(console:paint("red", "✘"), unit.file, case.name))
      console:case_end(case)
    else
      case.status, case.skip_reason = "skipped", "not run: interrupted"
    end
    list[#list + 1] = case
  end
end

---Ends a parallel run: units that never ran are skipped (interrupted) or failed (`lost[id]` says why), the
---cases are put in the serial run's order, and every report is written.
---@param interrupted boolean
---@param unrun string[] units never handed out or never finished
---@param lost_why table<string, string> why a unit's worker died
---@return integer exit_code
function M.finish(interrupted, unrun, lost_why)
  for _, id in ipairs(unrun) do
    local unit = parent.units[id]
    if unit then lost(unit, lost_why[id]) end
  end
  local state = { files = {}, interrupted = interrupted, started = parent.started, load_errors = 0 }
  for _, file in ipairs(parent.broken) do
    local case = { name = "(load)", tags = {}, index = 0, steps = {}, output = {}, duration = 0, script = true,
      status = "failed", failure = require("fscript.failure").new({ message = file.message }) }
    state.files[#state.files + 1] = { path = file.path, cases = { case }, load_error = file.message }
    state.load_errors = state.load_errors + 1
    parent.console:error_line(file.message)
  end
  for position, path in ipairs(parent.files) do
    local cases = parent.results[path]
    if cases then
      table.sort(cases, function(a, b) return (a.index or 0) < (b.index or 0) end)
      local file = { path = path, cases = cases, position = position }
      for _, case in ipairs(cases) do
        if case.name == "(load)" and case.failure then
          file.load_error = case.failure.message
          state.load_errors = state.load_errors + 1
        end
        if case.failure and case.failure.kind == "infrastructure" then state.infrastructure = true end
      end
      state.files[#state.files + 1] = file
    end
  end
  local runner = require("fscript.runner")
  local run = runner.tally(state)
  runner.write_reports(run, parent.reports)
  parent.console:finish(run)
  return run.exit_code
end

---`fscript merge-reports KIND:FILE… REPORT.json…`: reads JSON reports of shards (or any runs of disjoint parts
---of one suite) and writes the reports a single run would have: files in the run's order, cases by position.
---@param outputs string[] `junit:out.xml`, `json:all.json`, …
---@param inputs string[] JSON reports
---@return integer exit_code the merged run's (0, 1, 2, 130); 2 when an input cannot be read
function M.merge(outputs, inputs)
  local runner = require("fscript.runner")
  local _, reports = runner.check_options({ files = { "-" }, reports = outputs })
  if not reports or type(reports) == "string" then
    io.stderr:write(("fscript merge-reports: %s\n"):format(reports or "bad report"))
    return 2
  end
  if #inputs == 0 then
    io.stderr:write("fscript merge-reports: no JSON report to merge; give the shards' --report json:FILE files\n")
    return 2
  end
  local byPath, order, duration, interrupted = {}, {}, 0, false
  for _, input in ipairs(inputs) do
    local text, err = util.read_file(input)
    if not text then
      io.stderr:write(("fscript merge-reports: cannot read %s: %s\n"):format(input, tostring(err)))
      return 2
    end
    local run, load_err = json_report.load(text, input)
    if not run then
      io.stderr:write(("fscript merge-reports: %s\n"):format(load_err))
      return 2
    end
    duration = math.max(duration, run.duration or 0)
    interrupted = interrupted or run.interrupted
    for _, file in ipairs(run.files) do
      local merged = byPath[file.path]
      if not merged then
        merged = { path = file.path, cases = {}, position = file.position, seen = {}, load_error = file.load_error }
        byPath[file.path] = merged
        order[#order + 1] = merged
      end
      for _, case in ipairs(file.cases) do
        local key = tostring(case.index) .. "\0" .. case.name
        if merged.seen[key] then
          io.stderr:write(("fscript merge-reports: %s › %s is in two reports (%s and an earlier one); merge the "
            .. "reports of one run's shards only\n"):format(file.path, case.name, input))
          return 2
        end
        merged.seen[key] = true
        merged.cases[#merged.cases + 1] = case
      end
    end
  end
  table.sort(order, function(a, b)
    if a.position and b.position and a.position ~= b.position then return a.position < b.position end
    return a.path < b.path
  end)
  local state = { files = {}, interrupted = interrupted, started = util.clock() - duration, load_errors = 0 }
  for _, file in ipairs(order) do
    table.sort(file.cases, function(a, b) return (a.index or 0) < (b.index or 0) end)
    file.seen = nil
    if file.load_error then state.load_errors = state.load_errors + 1 end
    for _, case in ipairs(file.cases) do
      if case.failure and case.failure.kind == "infrastructure" then state.infrastructure = true end
    end
    state.files[#state.files + 1] = file
  end
  local run = runner.tally(state)
  run.duration = duration
  runner.write_reports(run, reports)
  for _, note in ipairs(run.notes) do io.stderr:write(note .. "\n") end
  io.stderr:write(("merged %d reports: %d passed, %d failed%s\n"):format(#inputs, run.passed, run.failed,
    run.skipped > 0 and (", %d skipped"):format(run.skipped) or ""))
  return run.exit_code
end

return M
