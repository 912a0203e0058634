---How a run goes through its files: a fresh run state, the support and step definition files first, then each
---test file loaded into the session (a Lua file's top level runs as a case of its own; a `.feature` file
---declares its pickles) and its scenarios run, each from a fresh app, with its mocks stopped after it.
local session_mod = require("fscript.session")
local config = require("fscript.config")
local selection = require("fscript.run.selection")
local order_mod = require("fscript.run.order")
local backend = require("fscript.backend")
local features = require("fscript.gherkin.features")
local discovery = require("fscript.run.discovery")
local cases = require("fscript.run.cases")
local util = require("fscript.util")
local hooks_mod = require("fscript.run.hooks")
local status_mod = require("fscript.events.status")
local steps_mod = require("fscript.steps.registry")
local scenario_run = require("fscript.run.scenario")
local state_mod = require("fscript.run.state")
local bus_mod = require("fscript.events.bus")
local collector_mod = require("fscript.events.collector")

local M = {}

---A fresh run: configuration, session, and the run's event stream (`state.bus`) with the collector that folds it
---into `state.files` subscribed; a serial run's or a worker's. Whoever shows the run subscribes to the bus.
---@param opts fscript.RunOptions
---@param filter table the parsed tag filter
---@return fscript.RunState state
function M.new_state(opts, filter)
  config.reset()
  config.set({ timeout = opts.timeout, wait = opts.wait, validation = opts.validation })
  local env = opts.env or _G
  local session = session_mod.new()
  session:install(env)
  local art = opts.artifacts
  if art == nil then art = "fscript-artifacts" end
  local state = state_mod.new({ env = env, session = session, filter = filter, args = opts.args or {},
    select = opts.select, positions = opts.positions, strict = opts.strict == true,
    fail_fast = opts.fail_fast == true, order = assert(order_mod.parse(opts.order)),
    -- cucumber's strictness: pending and undefined steps fail the run unless --no-strict (`lenient`).
    strict_steps = opts.lenient ~= true, retry = math.tointeger(opts.retry) or 0,
    reset = opts.reset ~= false, scenario_count = 0, selected = 0, seen_tags = {}, artifacts = art or nil })
  state.bus = bus_mod.new()
  state.collector = state.bus:subscribe(collector_mod.new({ files = state.files }))
  -- Test code reaches the run's stream through its session (a support file may publish on it).
  session.bus = state.bus
  state.trace_mode, state.every_step = require("fscript.trace.recorder").modes(opts)
  session.on_step = function(case, result) state.bus:publish("testStepFinished", { case = case, step = result }) end
  require("fscript.screenshots").configure(state, opts.update_snapshots)
  return state
end

---Where the mocks started so far end (see `fscript.run.scenario`).
M.mock_checkpoint = scenario_run.mock_checkpoint

---Stops the mocks started after a checkpoint (see `fscript.run.scenario`).
M.stop_mocks = scenario_run.stop_mocks

local function load_file(run_state, path)
  local chunk, compile_err = loadfile(path, "t", run_state.env)
  if not chunk then
    cases.load_failed(run_state, compile_err)
    return false
  end
  local case, started = cases.new("(script)", {}, true), util.clock()
  case.index, case.where = 0, path .. ":1"
  run_state.session.case = case
  local restore = cases.capture_print(run_state, case)
  local args = run_state.args
  -- A file's top level is a test of its own (a plain script is nothing else): it starts from a fresh app too.
  -- The chunk itself is what xpcall calls, so its traceback ends "in main chunk".
  local timeout = config.get("timeout")
  local err = cases.protected(scenario_run.reset_target, timeout, run_state, {})
    or cases.protected(chunk, timeout, table.unpack(args, 1, args.n or #args))
  case.body_ended_at = util.now()
  -- A plain script's top level may end itself with os.exit(0): it passes there (any other code fails it).
  if err and err.kind == "exit" and err.exit_code == 0 then err = nil end
  restore()
  run_state.session.case = nil
  local scenarios = run_state.session.scenarios
  -- The file's first case (its scenarios run after it): the collector adds it as it finishes.
  if err or #scenarios == 0 or #case.steps > 0 then cases.finish(run_state, case, started, err) end
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
  for _, warning in ipairs(warnings) do run_state.bus:publish("diagnostic", { text = warning }) end
  for i, pickle in ipairs(pickles) do
    local spec = features.scenario(run_state.session, path, pickle)
    spec.pickle_index = i
    run_state.session:add_scenario(spec)
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
      run_state.bus:publish("fileStarted", { file = run_state.file })
      cases.load_failed(run_state, err)
      run_state.support_error = run_state.support_error or err
      run_state.support_error_file = run_state.support_error_file or path
    end
  end
end

---Runs cucumber's BeforeAll (`kind` "before_all") or AfterAll hooks once, each recorded in `run_state.run_hooks`
---with its status, duration and attachments. A BeforeAll hook that does not pass stops the run, as in
---cucumber-js: every scenario is reported not run, and the run fails.
---@param run_state table
---@param kind "before_all"|"after_all"
function M.run_all_hooks(run_state, kind)
  local session = run_state.session
  for _, def in ipairs(hooks_mod.applying(session.hooks, kind)) do
    local result = hooks_mod.record(def)
    run_state.run_hooks[#run_state.run_hooks + 1] = result
    local started = util.clock()
    session.run_hook_record = result
    local err = cases.protected(function() steps_mod.outcome(def.fn()) end, config.get("timeout"))
    session.run_hook_record = nil
    result.duration = util.clock() - started
    result.status = status_mod.of_error(err)
    if err then
      result.error, result.traceback, result.quiet = err.message, err.traceback, err.quiet
      if err.kind == "interrupt" then run_state.interrupted = true end
    end
    if result.status ~= "passed" and result.status ~= "skipped" then
      run_state.run_hook_failed = true
      run_state.bus:publish("diagnostic", { text = ("fscript: %s hook %s failed: %s"):format(hooks_mod.NAMES[kind],
        result.hook.location, tostring(err and err.message)) })
      if kind == "before_all" and not run_state.stopped then
        run_state.stopped = "not run: a BeforeAll hook failed"
      end
    end
  end
end

---What the messages say about the run's support code, kept in the run's record: the step definitions (the
---suite's own, and the catalog's that a case used), the hooks, the custom parameter types, and the expressions
---naming a parameter type nobody declared.
---@param run_state table
---@return table
function M.support(run_state)
  local session = run_state.session
  local used = {}
  for _, file in ipairs(run_state.files) do
    for _, case in ipairs(file.cases) do
      for _, step in ipairs(case.steps or {}) do
        if step.definition then used[step.definition] = true end
      end
      for _, p in ipairs(case.plan or {}) do
        for _, d in ipairs(p.definitions) do used[d] = true end
      end
    end
  end
  local items, undefined_types, seen_undefined = {}, {}, {}
  local registry = session.registry
  if not registry.pending then
    for _, def in ipairs(registry.definitions) do
      local location = steps_mod.location(def)
      if def.matcher.problem and def.matcher.problem:find("Undefined parameter type") then
        local name = def.matcher.problem:match("Undefined parameter type '([^']*)'")
        if name and not seen_undefined[def.pattern] then
          seen_undefined[def.pattern] = true
          undefined_types[#undefined_types + 1] = { name = name, expression = def.pattern }
        end
      elseif not def.catalog or used[location] then
        items[#items + 1] = { step = true, pattern = def.pattern, regex = def.matcher.is_regex or nil,
          source = def.source, line = def.line, location = location, seq = def.seq or 0 }
      end
    end
  end
  for _, def in ipairs(session.hooks) do
    items[#items + 1] = { hook = def.kind, name = def.name, tags = def.tags, source = def.source, line = def.line,
      location = hooks_mod.location(def), seq = def.seq or 0 }
  end
  table.sort(items, function(a, b)
    if a.seq ~= b.seq then return a.seq < b.seq end
    return a.location < b.location
  end)
  local types = {}
  for _, t in ipairs(registry.types.order) do
    if t.custom then
      types[#types + 1] = { name = t.name, regexps = t.regexps, prefer = t.prefer_for_regexp_match == true,
        snippets = t.use_for_snippets ~= false, source = t.source, line = t.line }
    end
  end
  return { definitions = items, parameter_types = types, undefined_parameter_types = undefined_types }
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
  local file = run_state.file
  local first = file and #file.cases + 1
  for rank, index in ipairs(order_mod.scenarios(run_state.order, file and file.path or "", #session.scenarios)) do
    local spec = session.scenarios[index]
    run_state.scenario_count = run_state.scenario_count + 1
    for _, tag in ipairs(spec.tags) do run_state.seen_tags["@" .. tostring(tag):gsub("^@", "")] = true end
    -- Another shard's or worker's scenario is neither run nor reported here.
    local mine = wanted == nil or wanted == true or wanted[index]
    if mine and (run_state.interrupted or run_state.stopped) then
      local reason = run_state.interrupted and "not run: interrupted" or run_state.stopped
      local case = cases.skip(run_state, spec.name, spec.tags, reason, index)
      -- Its pickle is still the run's (the messages list it, without a test case).
      case.pickle_index, case.gherkin = spec.pickle_index, spec.gherkin
    elseif mine and selection.matches(run_state.filter, spec) then
      run_state.selected = run_state.selected + 1
      scenario_run.run(run_state, spec, hooks, index)
    end
    -- Its place in the file's run order, so a parallel run's parent and merge-reports put it back there.
    if file then
      for i = first, #file.cases do file.cases[i].rank = rank end
      first = #file.cases + 1
    end
  end
end

---Loads a test file and runs its scenarios that `wanted` names (true: all; else a set of positions).
---@param run_state table
---@param path string
---@param wanted true|table<integer, boolean>
function M.run_file(run_state, path, wanted)
  local file = { path = path, cases = {}, position = run_state.positions and run_state.positions[path],
    defined = run_state.defined and run_state.defined[path] }
  run_state.file = file
  run_state.bus:publish("fileStarted", { file = file })
  -- Mocks and backends the file's top level started serve its scenarios, and stop with the file.
  local mocks = M.mock_checkpoint()
  if M.load_test_file(run_state, path) then M.run_loaded_scenarios(run_state, wanted) end
  backend.reset()
  M.stop_mocks(mocks)
  -- A file whose scenarios the tag filter (or the shard) all left out is in no report: it did not take part.
  run_state.bus:publish("fileFinished", { file = file })
end

---The serial run's body: each test file of the run (`opts.files` expanded, in the run's `--order`), its
---scenarios that the run (or its shard, `state.select`) selects; once the run stopped or was interrupted, the
---rest are reported not run.
---@param state fscript.RunState
---@param opts fscript.RunOptions
function M.run_files(state, opts)
  local expanded = discovery.expand(opts.files, opts.app)
  -- Each file's place in the defined order, whatever order the run takes (the messages list documents so).
  state.defined = {}
  for i, path in ipairs(expanded) do state.defined[path] = i end
  for _, path in ipairs(order_mod.apply(state.order, expanded)) do
    local wanted = true
    if state.select then wanted = state.select[path] end
    -- A file with nothing in this shard is neither loaded nor reported.
    -- A feature file after the run stopped still declares its scenarios (reading it runs nothing), so each is
    -- reported not run with its pickle; a Lua file is not loaded, its top level being code.
    local declare = state.stopped and not state.interrupted and features.is_feature(path)
    if wanted ~= nil and (state.interrupted or state.stopped) and not declare then
      state.file = { path = path, cases = {} }
      state.bus:publish("fileStarted", { file = state.file })
      cases.skip(state, "(script)", {}, state.interrupted and "not run: interrupted" or state.stopped, 0)
    elseif wanted ~= nil then
      M.run_file(state, path, wanted)
    end
  end
end

return M
