---How a run goes through its files: a fresh run state, the support and step definition files first, then each
---test file loaded into the session (a Lua file's top level runs as a case of its own; a `.feature` file
---declares its pickles) and its scenarios run, each from a fresh app, with its mocks stopped after it.
local session_mod = require("fscript.session")
local config = require("fscript.config")
local selection = require("fscript.selection")
local order_mod = require("fscript.order")
local failure = require("fscript.failure")
local backend = require("fscript.backend")
local console_mod = require("fscript.report.console")
local features = require("fscript.features")
local discovery = require("fscript.discovery")
local cases = require("fscript.cases")
local util = require("fscript.util")

local M = {}

local function color_default(opts)
  if opts.color ~= nil then return opts.color end
  local isatty = util.host().isatty
  return isatty ~= nil and isatty(1) == true
end

---A fresh run: configuration, session, console; a serial run's or a worker's.
---@param opts fscript.RunOptions
---@param filter table the parsed tag filter
---@return table state
function M.new_state(opts, filter)
  config.reset()
  config.set({ timeout = opts.timeout, wait = opts.wait, validation = opts.validation })
  local env = opts.env or _G
  local session = session_mod.new()
  session:install(env)
  local art = opts.artifacts
  if art == nil then art = "fscript-artifacts" end
  local state = { env = env, session = session, filter = filter, files = {}, interrupted = false,
    args = opts.args or {}, select = opts.select, positions = opts.positions, strict = opts.strict == true,
    fail_fast = opts.fail_fast == true, order = assert(order_mod.parse(opts.order)),
    reset = opts.reset ~= false, scenario_count = 0, selected = 0, seen_tags = {},
    load_errors = 0, started = util.clock(), artifacts = art or nil,
    console = console_mod.new({ out = opts.out, err = opts.err, color = color_default(opts) }) }
  session.on_step = function(case, result) state.console:step(case, result) end
  require("fscript.screenshots").configure(state, opts.update_snapshots)
  return state
end

---Where the mocks started so far end: mocks started inside a scenario stop when it ends; those a file started
---before its scenarios stay until the file is done.
---@return any? checkpoint
function M.mock_checkpoint()
  local mock = rawget(_G, "mock")
  return mock and mock.checkpoint and mock.checkpoint() or nil
end

---Stops the mocks started after `checkpoint`.
---@param checkpoint any?
function M.stop_mocks(checkpoint)
  local mock = rawget(_G, "mock")
  if checkpoint and mock and mock.stop_started_after then mock.stop_started_after(checkpoint) end
end

-- Each test file and each scenario starts from a freshly launched app unless the scenario, its file or the run
-- says reset = false. The launch waits for the test's first use of the app (`frank.reset{lazy = true}`), so
-- whatever the test declares first (a mock backend, its stubs) is in place for the app's launch-time requests,
-- and a test that never touches the app launches nothing.
local function reset_target(run_state, spec)
  local reset = spec.reset
  if reset == nil then reset = (run_state.session.file_options or {}).reset end
  if reset == nil then reset = run_state.reset end
  local frank = rawget(_G, "frank")
  if reset == false or not frank or not frank.reset then return end
  local called, done, why = pcall(frank.reset, { lazy = true })
  if not called then
    -- The launch failed: say so without this file's position, which would only point into fscript.
    error((tostring(done):gsub("^[^\n]-:%d+: ", "", 1)), 0)
  end
  if not done and not run_state.reset_noted then
    run_state.reset_noted = true
    run_state.console:note(why)
  end
end

local function run_scenario(run_state, spec, hooks, index)
  local case = cases.new(spec.name, spec.tags)
  case.index = index
  case.info, case.preconditions, case.gherkin = spec.info, spec.preconditions, spec.gherkin
  run_state.file.cases[#run_state.file.cases + 1] = case
  run_state.console:case_start(case)
  local down = cases.target_down()
  if down then
    -- The target stopped answering earlier (or never did): fail at once with that cause, not after a wait.
    cases.finish(run_state, case, util.clock(), failure.new({ message = "not run: " .. down, kind = "infrastructure" }))
    return
  end
  local session, started = run_state.session, util.clock()
  config.push(spec.limits)
  local timeout = config.get("timeout")
  session.case = case
  local restore = cases.capture_print(run_state, case)
  local mocks = M.mock_checkpoint()
  local err = cases.protected(function()
    reset_target(run_state, spec)
    for _, hook in ipairs(hooks.before) do hook() end
    spec.fn()
  end, timeout)
  -- After hooks run even when the scenario failed or was interrupted: they clean up.
  local after_err = cases.run_hooks(hooks.after, timeout)
  restore()
  session.case = nil
  backend.reset()
  M.stop_mocks(mocks)
  config.pop()
  cases.finish(run_state, case, started, err or after_err)
end

local function load_file(run_state, path)
  local chunk, compile_err = loadfile(path, "t", run_state.env)
  if not chunk then
    cases.load_failed(run_state, compile_err)
    return false
  end
  local case, started = cases.new("(script)", {}, true), util.clock()
  case.index = 0
  run_state.session.case = case
  local restore = cases.capture_print(run_state, case)
  local args = run_state.args
  -- A file's top level is a test of its own (a plain script is nothing else): it starts from a fresh app too.
  -- The chunk itself is what xpcall calls, so its traceback ends "in main chunk".
  local timeout = config.get("timeout")
  local err = cases.protected(reset_target, timeout, run_state, {})
    or cases.protected(chunk, timeout, table.unpack(args, 1, args.n or #args))
  restore()
  run_state.session.case = nil
  local scenarios = run_state.session.scenarios
  if err or #scenarios == 0 or #case.steps > 0 then
    table.insert(run_state.file.cases, 1, case)
    cases.finish(run_state, case, started, err)
  end
  return err == nil
end

-- Declares the scenarios of a `.feature` file; a file that does not parse is a load error naming each problem
-- as FILE:LINE:COLUMN. Its warnings go to standard error (a worker's console prints none: its parent did).
local function load_feature(run_state, path)
  local pickles, errors, warnings = features.load(path, { strict = run_state.strict })
  if not pickles then
    cases.load_failed(run_state, errors)
    return false
  end
  for _, warning in ipairs(warnings) do run_state.console:error_line(warning) end
  for _, pickle in ipairs(pickles) do
    run_state.session:add_scenario(features.scenario(run_state.session, path, pickle))
  end
  return true
end

---Loads the support and step definition files the run's paths use, before any test; one that fails to load is
---a load error of its own.
---@param run_state table
---@param paths string[]
function M.load_step_files(run_state, paths)
  for _, path in ipairs(features.step_files(paths, discovery.is_dir, discovery.test_files)) do
    run_state.session:begin_file()
    local chunk, err = loadfile(path, "t", run_state.env)
    if chunk then
      local ok, run_err = pcall(chunk)
      err = not ok and tostring(run_err) or nil
    end
    if err then
      run_state.file = { path = path, cases = {} }
      run_state.files[#run_state.files + 1] = run_state.file
      run_state.console:file_start(path)
      cases.load_failed(run_state, err)
    end
  end
end

---Loads a test file into the session (its scenarios, hooks and file options); false when it did not load.
---@param run_state table
---@param path string
---@return boolean
function M.load_test_file(run_state, path)
  run_state.session:begin_file()
  local loaded
  if features.is_feature(path) then
    loaded = load_feature(run_state, path)
  else
    loaded = load_file(run_state, path)
  end
  if loaded then run_state.session:apply_file_options() end
  return loaded
end

---Runs the loaded file's scenarios that `wanted` names (nil or true: all; else a set of their positions).
---@param run_state table
---@param wanted? true|table<integer, boolean>
function M.run_loaded_scenarios(run_state, wanted)
  local session = run_state.session
  local hooks = { before = session.before_hooks, after = session.after_hooks }
  for _, index in ipairs(order_mod.positions(run_state.order, #session.scenarios)) do
    local spec = session.scenarios[index]
    run_state.scenario_count = run_state.scenario_count + 1
    for _, tag in ipairs(spec.tags) do run_state.seen_tags["@" .. tostring(tag):gsub("^@", "")] = true end
    -- Another shard's or worker's scenario is neither run nor reported here.
    local mine = wanted == nil or wanted == true or wanted[index]
    if mine and (run_state.interrupted or run_state.stopped) then
      local reason = run_state.interrupted and "not run: interrupted" or run_state.stopped
      cases.skip(run_state, spec.name, spec.tags, reason, index)
    elseif mine and selection.matches(run_state.filter, spec) then
      run_state.selected = run_state.selected + 1
      run_scenario(run_state, spec, hooks, index)
    end
  end
end

---Loads a test file and runs its scenarios that `wanted` names (true: all; else a set of positions).
---@param run_state table
---@param path string
---@param wanted true|table<integer, boolean>
function M.run_file(run_state, path, wanted)
  local file = { path = path, cases = {}, position = run_state.positions and run_state.positions[path] }
  run_state.files[#run_state.files + 1] = file
  run_state.file = file
  run_state.console:file_start(path)
  -- Mocks and backends the file's top level started serve its scenarios, and stop with the file.
  local mocks = M.mock_checkpoint()
  if M.load_test_file(run_state, path) then M.run_loaded_scenarios(run_state, wanted) end
  backend.reset()
  M.stop_mocks(mocks)
  -- A file whose scenarios the tag filter (or the shard) all left out is in no report: it did not take part.
  if #file.cases == 0 and run_state.files[#run_state.files] == file then run_state.files[#run_state.files] = nil end
end

return M
