---Splitting a run: the units a suite is made of and shards of them (`--shard i/n`), the same split on every
---machine.
---
---A unit is one scenario (`PATH#N`, the file's N-th) or a whole file (`PATH#*`): a file without scenarios (a
---script), one that does not load, one with steps at its top level, and one whose scenarios share the app
---(`this_file{reset = false}`, a scenario with `reset = false`, or `--no-reset`) stays whole, on one worker, in
---one shard. Units are found by loading each file in a sandbox: its top level runs with `app` and every step
---refusing to act, so the target is not touched (a file that tries is a script: whole).
local session_mod = require("fscript.session")
local features = require("fscript.gherkin.features")
local selection = require("fscript.run.selection")
local discovery = require("fscript.run.discovery")
local order_mod = require("fscript.run.order")

local M = {}

---@class fscript.Unit
---@field id string `PATH#N` or `PATH#*`
---@field file string
---@field position integer the file's place in the run (in the run's `--order`)
---@field defined integer the file's place in the defined order (as given)
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

---The units of a run, in the serial run's order (its `--order`: files, then the scenarios in each), with the
---run's tag filter applied.
---@param opts fscript.RunOptions
---@param filter table the parsed tag filter
---@return fscript.Unit[]
---@return string[] files every test file, in the run's order
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
    -- Support and step definition files load in every worker; one that does not load is reported here, once,
  -- as a serial run reports it (a failed "(load)" case of that file, before the tests).
  local broken = {}
  for _, path in ipairs(features.step_files(opts.files, discovery.is_dir, discovery.test_files)) do
    local chunk, err = loadfile(path, "t", env)
    if chunk then
      local ok, run_err = pcall(chunk)
      err = not ok and tostring(run_err) or nil
    end
    if err then broken[#broken + 1] = { path = path, message = err } end
  end
  local files = discovery.expand(opts.files, opts.app)
  local order = assert(order_mod.parse(opts.order))
  local defined = {}
  for i, path in ipairs(files) do defined[path] = i end
  local units, declared, warnings = {}, 0, {}
  files = order_mod.apply(order, files)
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
    for _, index in ipairs(order_mod.scenarios(order, path, #(specs or {}))) do
      local spec = specs[index]
      if selection.matches(filter, spec) then
        chosen[#chosen + 1] = { index = index, name = spec.name, tags = spec.tags }
      end
    end
    if specs == nil then
      units[#units + 1] = { id = path .. "#*", file = path, position = position, defined = defined[path],
        scenarios = {}, weight = 1 }
    elseif whole and #chosen > 0 then
      units[#units + 1] = { id = path .. "#*", file = path, position = position, defined = defined[path],
        scenarios = chosen, weight = #chosen }
    else
      for _, scenario in ipairs(chosen) do
        units[#units + 1] = { id = ("%s#%d"):format(path, scenario.index), file = path, position = position,
          defined = defined[path], scenarios = { scenario }, weight = 1 }
      end
    end
  end
  session_mod.current = nil
  return units, files, declared, broken, warnings
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

---The runner options for shard `index` of `count` (`--shard i/n`, weighed by `durations_by_file`, what the runner
---read of `--durations FILE`): the same options with the shard's selection, or nil and why.
---@param opts fscript.RunOptions
---@return fscript.RunOptions? opts
---@return string? error
function M.shard_options(opts)
  local filter, err = selection.parse(opts)
  if not filter then return nil, err end
  local units = M.units(opts, filter)
  if opts.durations_by_file then M.weigh(units, opts.durations_by_file) end
  local shards = M.partition(units, opts.shard_count)
  local select, positions = M.selection(shards[opts.shard_index])
  local copy = setmetatable({ select = select, positions = positions }, { __index = opts })
  return copy
end

return M
