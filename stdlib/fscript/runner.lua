---The runner: the one entry point the Swift host calls for `fscript FILE.lua|DIR …`, plus the step
---listing for `fscript steps [--json]`. The REPL and `fscript -e` install the DSL from `fscript.session`.
---
---Exit codes: 0 every case passed; 1 a case failed (a scenario, or a script without scenarios that raised);
---2 usage error (bad option, bad tag filter, bad report spec) or a script that does not compile or is
---missing (the other files still run and reports are still written); 130 interrupted by Ctrl-C (the host's
---"interrupted" error): the current case fails, the rest are marked skipped ("not run: interrupted"),
---reports are written. 130 wins over 2, 2 over 1.
local session_mod = require("fscript.session")
local config = require("fscript.config")
local tags_mod = require("fscript.tags")
local failure = require("fscript.failure")
local deadline = require("fscript.deadline")
local backend = require("fscript.backend")
local artifacts = require("fscript.artifacts")
local console_mod = require("fscript.report.console")
local json = require("fscript.json")
local features = require("fscript.features")
local snippets = require("fscript.snippets")
local steps_mod = require("fscript.steps")
local util = require("fscript.util")

local M = {}

---@class fscript.RunOptions
---The fields tags … strict are the host's declared run settings (Sources/FScript/Settings/RunSettings.swift);
---RunSettingsTests fails when this list and those declarations (or the host's options table) disagree.
---@field files string[] scripts and directories (a directory: every *.lua under it, sorted)
---@field tags? string tag filter, e.g. "smoke,~slow" (see fscript.tags)
---@field timeout? number seconds per scenario (default 60)
---@field wait? number seconds a wait inside a step waits (default 2)
---@field validation? number seconds an assertion step retries (default 2)
---@field artifacts? string|false failure artifacts folder (default "fscript-artifacts"; false: none)
---@field reset? boolean false: scenarios share the app instead of each starting from a fresh launch (`--no-reset`)
---@field strict? boolean `--strict`: a `.feature` file with a Gherkin warning (a description line starting `The`,
---read as text; did you mean `Then`?) fails to load instead of running with the warning printed
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

---@class fscript.RunResult
---@field files fscript.FileResult[]
---@field passed integer
---@field failed integer
---@field skipped integer
---@field interrupted boolean
---@field duration number
---@field exit_code integer
---@field notes string[]

---The project file's name (`fscript.project.lua`): settings a directory run never runs as a test.
M.PROJECT_FILE = "fscript.project.lua"

M.REPORT_KINDS = { junit = "fscript.report.junit", tap = "fscript.report.tap", json = "fscript.report.json",
  html = "fscript.report.html", cucumber = "fscript.report.cucumber" }

local function parse_reports(list)
  local reports = {}
  for _, spec in ipairs(list or {}) do
    local kind, path = tostring(spec):match("^(%w+):(.+)$")
    if not kind or not M.REPORT_KINDS[kind] then
      return nil, ("bad report %q: write junit:FILE, tap:FILE, json:FILE, cucumber:FILE or html:DIR")
        :format(tostring(spec))
    end
    -- The HTML report is a page in a folder of its own (html:out/report → out/report/index.html).
    if kind == "html" and not path:match("%.html?$") and path ~= "-" then path = path:gsub("/+$", "") .. "/index.html" end
    reports[#reports + 1] = { kind = kind, path = path }
  end
  return reports
end

local function is_dir(path)
  local f = io.open(path, "r")
  if not f then return false end
  local _, _, code = f:read(0)
  f:close()
  return code == 21 -- EISDIR
end
M.is_dir = is_dir

---The *.lua and *.feature files under a directory, sorted: `fscript.list_test_files(dir)` from the host, else
---`find`.
---@param dir string
---@return string[]
function M.test_files(dir)
  local host = util.host().list_test_files
  local files = {}
  if host then
    files = host(dir)
  else
    local pipe = io.popen("find " .. util.shell_quote(dir)
      .. " -type f \\( -name '*.lua' -o -name '*.feature' \\) 2>/dev/null")
    if pipe then
      for line in pipe:lines() do files[#files + 1] = line end
      pipe:close()
    end
  end
  table.sort(files)
  return files
end

---Whether a file found in a directory is a test: not the project file, not the app file the run simulates
---(`--app`), not a file whose name starts with `_`, and nothing under a folder named `apps`, `support`,
---`helpers` (app files and helper modules live there) or `step_definitions` (loaded first, for the `.feature`
---files). Files named on the command line always run.
---@param path string
---@param app? string the `--app` file
---@return boolean
function M.is_test_file(path, app)
  local name = path:match("[^/]+$") or path
  if name == M.PROJECT_FILE or name:sub(1, 1) == "_" then return false end
  if app and (path == app or path:gsub("^%./", "") == app:gsub("^%./", "")) then return false end
  for folder in path:gmatch("([^/]+)/") do
    if folder == "apps" or folder == "support" or folder == "helpers" or folder == "step_definitions" then
      return false
    end
  end
  return true
end

---The test files the paths name: files as given, folders expanded to their test files, sorted.
---@param paths string[]
---@param app? string the `--app` file, never a test
---@return string[]
function M.expand(paths, app)
  local files = {}
  for _, path in ipairs(paths) do
    if is_dir(path) then
      for _, f in ipairs(M.test_files((path:gsub("/+$", "")))) do
        if M.is_test_file(f, app) then files[#files + 1] = f end
      end
    else
      files[#files + 1] = path
    end
  end
  return files
end

local function target_mark()
  local app = util.app()
  local ok, calls = pcall(function() return app.calls end)
  return { app = app, calls = ok and calls or nil }
end

-- Whether the case talked to a target since `mark`: only then is the target's state worth saving.
local function used_target(mark)
  local now = target_mark()
  return mark ~= nil and (now.app ~= mark.app or now.calls ~= mark.calls)
end

-- Why the preset target is down (it stopped answering, or never did), or nil.
local function target_down()
  local ok, down = pcall(function() return util.app().down end)
  return ok and down or nil
end

-- Failure artifacts come from the target, which may be slow or gone: their collection gets 2 s in all.
M.ARTIFACT_LIMIT = 2

local function new_case(name, tags, script)
  return { name = name, tags = tags or {}, status = "running", duration = 0, steps = {}, output = {},
    script = script, mark = target_mark() }
end

-- Runs fn(...) under the deadline with a traceback; returns nil or a Failure.
local function protected(fn, timeout, ...)
  deadline.set(timeout)
  -- Not a tail call: the handler's frame must stay, so level 2 below it is where the error was raised
  -- (the user's line for a deadline or an arithmetic error, [C] 'error' for error()).
  local ok, err = xpcall(fn, function(e)
    local f = failure.from(e, 2)
    return f
  end, ...)
  local stopped = deadline.set(nil)
  if ok then return stopped and failure.new({ message = stopped }) or nil end
  if not failure.is(err) then err = failure.from(err) end
  return err
end

local function capture_print(run_state, case)
  local env = run_state.env
  local saved = rawget(env, "print")
  rawset(env, "print", function(...)
    local parts = table.pack(...)
    for i = 1, parts.n do parts[i] = tostring(parts[i]) end
    local text = table.concat(parts, "\t", 1, parts.n)
    case.output[#case.output + 1] = text
    run_state.console:output(text)
  end)
  return function() rawset(env, "print", saved) end
end

local function target_view(run_state, case)
  local tree = artifacts.dump()
  if tree then case.target = artifacts.summary(tree) end
  if case.failure.selector and util.app() then
    local ok, n = pcall(function() return util.app():lookup(case.failure.selector):count() end)
    if ok then
      table.insert(case.target or {}, 1, ("%d views match %s now"):format(n, case.failure.selector))
    end
  end
  if run_state.artifacts then
    local written = artifacts.write(run_state.artifacts, run_state.file.path, case.name, tree)
    case.artifacts = written
  end
end

local function finish_case(run_state, case, started, err)
  case.duration = util.clock() - started
  if err then
    case.status, case.failure = "failed", err
    if err.kind == "interrupt" then run_state.interrupted = true end
    if err.kind ~= "interrupt" and target_down() then err.kind = "infrastructure" end
    if err.kind == "infrastructure" then run_state.infrastructure = true end
    if err.kind ~= "interrupt" and err.kind ~= "infrastructure" and used_target(case.mark) then
      deadline.set(M.ARTIFACT_LIMIT)
      pcall(target_view, run_state, case)
      deadline.set(nil)
    end
  elseif case.status == "running" then
    case.status = "passed"
  end
  run_state.console:case_end(case)
end

local function run_hooks(hooks, timeout)
  local first
  for _, hook in ipairs(hooks) do
    local err = protected(hook, timeout)
    first = first or err
  end
  return first
end

-- Mocks started inside a scenario stop when it ends; those a file started before its scenarios stay.
local function mock_checkpoint()
  local mock = rawget(_G, "mock")
  return mock and mock.checkpoint and mock.checkpoint() or nil
end

local function stop_mocks(checkpoint)
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
  local case = new_case(spec.name, spec.tags)
  case.index = index
  case.info, case.preconditions, case.gherkin = spec.info, spec.preconditions, spec.gherkin
  run_state.file.cases[#run_state.file.cases + 1] = case
  run_state.console:case_start(case)
  local down = target_down()
  if down then
    -- The target stopped answering earlier (or never did): fail at once with that cause, not after a wait.
    finish_case(run_state, case, util.clock(), failure.new({ message = "not run: " .. down, kind = "infrastructure" }))
    return
  end
  local session, started = run_state.session, util.clock()
  config.push(spec.limits)
  local timeout = config.get("timeout")
  session.case = case
  local restore = capture_print(run_state, case)
  local mocks = mock_checkpoint()
  local err = protected(function()
    reset_target(run_state, spec)
    for _, hook in ipairs(hooks.before) do hook() end
    spec.fn()
  end, timeout)
  -- After hooks run even when the scenario failed or was interrupted: they clean up.
  local after_err = run_hooks(hooks.after, timeout)
  restore()
  session.case = nil
  backend.reset()
  stop_mocks(mocks)
  config.pop()
  finish_case(run_state, case, started, err or after_err)
end

local function skip_case(run_state, name, tags, reason, index)
  local case = new_case(name, tags)
  case.index = index
  case.status, case.skip_reason = "skipped", reason
  run_state.file.cases[#run_state.file.cases + 1] = case
  run_state.console:case_start(case)
  run_state.console:case_end(case)
end

-- Records that the current file did not load (`message`, e.g. FILE:LINE: …): a failed "(load)" case, and exit 2.
local function load_failed(run_state, message)
  run_state.file.load_error = message
  run_state.load_errors = run_state.load_errors + 1
  local case = new_case("(load)", {}, true)
  case.mark, case.index = nil, 0
  run_state.file.cases[1] = case
  finish_case(run_state, case, util.clock(), failure.new({ message = message }))
end

local function load_file(run_state, path)
  local chunk, compile_err = loadfile(path, "t", run_state.env)
  if not chunk then
    load_failed(run_state, compile_err)
    return false
  end
  local case, started = new_case("(script)", {}, true), util.clock()
  case.index = 0
  run_state.session.case = case
  local restore = capture_print(run_state, case)
  local args = run_state.args
  -- A file's top level is a test of its own (a plain script is nothing else): it starts from a fresh app too.
  local err = protected(function(...)
    reset_target(run_state, {})
    return chunk(...)
  end, config.get("timeout"), table.unpack(args, 1, args.n or #args))
  restore()
  run_state.session.case = nil
  local scenarios = run_state.session.scenarios
  if err or #scenarios == 0 or #case.steps > 0 then
    table.insert(run_state.file.cases, 1, case)
    finish_case(run_state, case, started, err)
  end
  return err == nil
end

-- Declares the scenarios of a `.feature` file; a file that does not parse is a load error naming each problem
-- as FILE:LINE:COLUMN. Its warnings go to standard error (a worker's console prints none: its parent did).
local function load_feature(run_state, path)
  local pickles, errors, warnings = features.load(path, { strict = run_state.strict })
  if not pickles then
    load_failed(run_state, errors)
    return false
  end
  for _, warning in ipairs(warnings) do run_state.console:error_line(warning) end
  for _, pickle in ipairs(pickles) do
    run_state.session:add_scenario(features.scenario(run_state.session, path, pickle))
  end
  return true
end

-- Loads the step definition files the run's `.feature` files use, before any test; one that fails to load is a
-- load error of its own.
local function load_step_files(run_state, paths)
  for _, path in ipairs(features.step_files(paths, is_dir, M.test_files)) do
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
      load_failed(run_state, err)
    end
  end
end

-- Loads a test file into the session (its scenarios, hooks and file options); false when it did not load.
local function load_test_file(run_state, path)
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

-- Runs the loaded file's scenarios that `wanted` names (nil or true: all; else a set of their positions).
local function run_loaded_scenarios(run_state, wanted)
  local session = run_state.session
  local hooks = { before = session.before_hooks, after = session.after_hooks }
  for index, spec in ipairs(session.scenarios) do
    run_state.scenario_count = run_state.scenario_count + 1
    for _, tag in ipairs(spec.tags) do run_state.seen_tags["@" .. tostring(tag):gsub("^@", "")] = true end
    -- Another shard's or worker's scenario is neither run nor reported here.
    local mine = wanted == nil or wanted == true or wanted[index]
    if mine and run_state.interrupted then
      skip_case(run_state, spec.name, spec.tags, "not run: interrupted", index)
    elseif mine and tags_mod.matches(run_state.filter, spec.tags) then
      run_state.selected = run_state.selected + 1
      run_scenario(run_state, spec, hooks, index)
    end
  end
end

local function run_file(run_state, path, wanted)
  local file = { path = path, cases = {}, position = run_state.positions and run_state.positions[path] }
  run_state.files[#run_state.files + 1] = file
  run_state.file = file
  run_state.console:file_start(path)
  -- Mocks and backends the file's top level started serve its scenarios, and stop with the file.
  local mocks = mock_checkpoint()
  if load_test_file(run_state, path) then run_loaded_scenarios(run_state, wanted) end
  backend.reset()
  stop_mocks(mocks)
  -- A file whose scenarios the tag filter (or the shard) all left out is in no report: it did not take part.
  if #file.cases == 0 and run_state.files[#run_state.files] == file then run_state.files[#run_state.files] = nil end
end

---The run's counts and exit code from its cases; exported for `fscript.parallel`.
---@param run_state table
---@return fscript.RunResult
function M.tally(run_state)
  local run = { files = run_state.files, passed = 0, failed = 0, skipped = 0,
    interrupted = run_state.interrupted, duration = util.clock() - run_state.started, notes = {} }
  for _, file in ipairs(run.files) do
    for _, case in ipairs(file.cases) do
      if case.status == "passed" then run.passed = run.passed + 1
      elseif case.status == "skipped" then run.skipped = run.skipped + 1
      else run.failed = run.failed + 1 end
    end
  end
  if run.interrupted then run.exit_code = 130
  elseif run_state.load_errors > 0 or run_state.infrastructure or run_state.selected_nothing then run.exit_code = 2
  elseif run.failed > 0 then run.exit_code = 1
  else run.exit_code = 0 end
  return run
end

---Writes every report of the run; a report that cannot be written makes the exit code 2.
---@param run fscript.RunResult
---@param reports {kind: string, path: string}[]
function M.write_reports(run, reports)
  for _, r in ipairs(reports) do
    local ok, text = pcall(function() return require(M.REPORT_KINDS[r.kind]).render(run) end)
    local folder = r.path:match("^(.*)/[^/]*$")
    if ok and folder and folder ~= "" then util.mkdir(folder) end
    local wrote, err = false, text
    if ok and r.path == "-" then
      -- To standard output, for a pipe (`--report tap:- | tap-parser`); the console went to standard error.
      io.stdout:write(text)
      io.stdout:flush()
      wrote = true
    elseif ok then
      wrote, err = util.write_file(r.path, text)
    end
    if not wrote then
      io.stderr:write(("fscript: cannot write the %s report %s: %s\n"):format(r.kind, r.path, tostring(err or text)))
      run.exit_code = math.max(run.exit_code, 2)
    elseif r.path ~= "-" then
      run.notes[#run.notes + 1] = ("%s report: %s"):format(r.kind, r.path)
    end
  end
end

---Checks the run options; returns the tag filter and the reports, or nil and why.
---@param opts fscript.RunOptions
function M.check_options(opts)
  if type(opts) ~= "table" then return nil, "options must be a table" end
  if type(opts.files) ~= "table" or #opts.files == 0 then return nil, "no script given: fscript FILE.lua|DIR …" end
  local filter, err = tags_mod.parse(opts.tags)
  if not filter then return nil, err end
  local reports, rerr = parse_reports(opts.reports)
  if not reports then return nil, rerr end
  -- The declared settings' ranges live in Swift (RunSettings.swift); settings.lua is generated from them.
  local ok, serr = require("fscript.settings").check(opts)
  if not ok then return nil, serr end
  return filter, reports
end

local function color_default(opts)
  if opts.color ~= nil then return opts.color end
  local isatty = util.host().isatty
  return isatty ~= nil and isatty(1) == true
end

---A fresh run: configuration, session, console; exported for `fscript.parallel`.
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
  local state = { env = env, session = session, filter = filter, files = {}, interrupted = false, args = opts.args or {},
    select = opts.select, positions = opts.positions, strict = opts.strict == true,
    reset = opts.reset ~= false, scenario_count = 0, selected = 0, seen_tags = {},
    load_errors = 0, started = util.clock(), artifacts = art or nil,
    console = console_mod.new({ out = opts.out, err = opts.err, color = color_default(opts) }) }
  session.on_step = function(case, result) state.console:step(case, result) end
  return state
end

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

-- `fscript --dry-run`: runs nothing and touches no target. Step definition files load; each step of each
-- selected Gherkin scenario is matched against the catalog (Lua test files are not loaded: their code would
-- run). Prints the undefined steps with snippets; 0 when every step is defined, 1 when some are not (or are
-- ambiguous), 2 when a file does not load. Also lists the suite's steps that override a catalog step on some
-- checked step's text (the suite's own step wins, see `fscript.steps`), each pair once.
local function dry_run(state, opts)
  local out = state.console
  load_step_files(state, opts.files)
  local undefined, seen, ambiguous, checked, overrides = {}, {}, {}, 0, {}
  for _, path in ipairs(M.expand(opts.files, opts.app)) do
    if features.is_feature(path) then
      local pickles, errors, warnings = features.load(path, { strict = state.strict })
      if not pickles then
        out:error_line(errors)
        state.load_errors = state.load_errors + 1
      else
        for _, warning in ipairs(warnings) do out:error_line(warning) end
        for _, pickle in ipairs(pickles) do
          local tags = {}
          for i, tag in ipairs(pickle.tags) do tags[i] = tag:gsub("^@", "") end
          if tags_mod.matches(state.filter, tags) then
            for _, step in ipairs(pickle.steps) do
              checked = checked + 1
              local def, err, overridden = state.session.registry:match(step.text)
              local where = ("%s:%d"):format(path, step.line)
              for _, catalog_def in ipairs(overridden or {}) do
                local line = ("%s: \"%s\" overrides the catalog's \"%s\""):format(steps_mod.location(def),
                  def.pattern, catalog_def.pattern)
                if not overrides[line] then
                  overrides[line] = true
                  overrides[#overrides + 1] = line
                end
              end
              if not def and err:find("^Ambiguous") then
                ambiguous[#ambiguous + 1] = where .. ": " .. err
              elseif not def and not seen[step.text] then
                seen[step.text] = true
                undefined[#undefined + 1] = { text = step.text, where = where,
                  argument = step.data_table and "table" or (step.doc_string and "doc") or nil }
              end
            end
          end
        end
      end
    end
  end
  for _, file in ipairs(state.files) do
    if file.load_error then out:error_line(file.load_error) end
  end
  for _, line in ipairs(overrides) do out:line(line) end
  for _, line in ipairs(ambiguous) do out:line(line) end
  if #undefined > 0 then out:line(snippets.block(undefined)) end
  out:line(("dry run: %d step%s checked, %d undefined, %d ambiguous"):format(checked, checked == 1 and "" or "s",
    #undefined, #ambiguous))
  if state.load_errors > 0 then return 2 end
  return (#undefined > 0 or #ambiguous > 0) and 1 or 0
end

---Runs scripts and writes reports. Never raises for script errors; returns the run as data too.
---@param opts fscript.RunOptions
---@return integer exit_code 0 passed, 1 a test failed, 2 usage/load error, 130 interrupted
---@return fscript.RunResult? run nil on a usage error
function M.run(opts)
  local filter, reports = M.check_options(opts)
  if not filter then
    io.stderr:write(("fscript: %s\n"):format(reports))
    return 2, nil
  end
  if opts.shard_count and not opts.select then
    local sharded, err = require("fscript.parallel").shard_options(opts)
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
  local state = M.new_state(opts, filter)
  if opts.dry_run then return dry_run(state, opts), nil end
  if opts.target then state.console:target(opts.target) end
  local ok, err = pcall(function()
    load_step_files(state, opts.files)
    for _, path in ipairs(M.expand(opts.files, opts.app)) do
      local wanted = true
      if state.select then wanted = state.select[path] end
      -- A file with nothing in this shard is neither loaded nor reported.
      if wanted ~= nil and state.interrupted then
        state.files[#state.files + 1] = { path = path, cases = {} }
        state.file = state.files[#state.files]
        skip_case(state, "(script)", {}, "not run: interrupted", 0)
      elseif wanted ~= nil then
        run_file(state, path, wanted)
      end
    end
  end)
  if not ok then
    if not util.is_interrupt(err) then io.stderr:write(("fscript: internal error: %s\n"):format(tostring(err))) end
    state.interrupted = true
  end
  -- A tag filter that selects nothing is a mistake (a typo, a renamed tag), not a green run.
  if not filter.empty and state.selected == 0 and state.scenario_count > 0 and not state.interrupted
    and not state.select then
    local known = {}
    for tag in pairs(state.seen_tags) do known[#known + 1] = tag end
    table.sort(known)
    io.stderr:write(("fscript: --tags %q selects none of the %d scenarios; the tags that exist: %s\n"):format(
      filter.source, state.scenario_count, #known > 0 and table.concat(known, ", ") or "(none)"))
    state.selected_nothing = true
  end
  local run = M.tally(state)
  M.write_reports(run, reports)
  state.console:finish(run)
  local block = snippets.block(undefined_steps(run))
  if block ~= "" then state.console:line("\n" .. block) end
  return run.exit_code, run
end

---A worker of a parallel run (`fscript --jobs N` starts them): runs the units the parent hands out, one at a
---time, and sends back each unit's cases as JSON report records. A unit is `PATH#N` (the file's N-th scenario)
---or `PATH#*` (the whole file, for files that share state between scenarios or have none). A file stays loaded
---while its scenarios keep coming; mocks its top level started stop when the worker moves to another file.
---@param opts fscript.RunOptions
---@return integer exit_code 0, or 130 when interrupted, 2 on a usage error
function M.worker(opts)
  local filter, reports = M.check_options(opts)
  if not filter then
    io.stderr:write(("fscript: %s\n"):format(reports))
    return 2
  end
  local channel = require("fscript.worker")
  local record = require("fscript.report.json").case_record
  local state = M.new_state(setmetatable({ out = function() end, err = function() end }, { __index = opts }), filter)
  -- The same support and step definition files as a serial run, before any unit (the parent reports the ones
  -- that do not load).
  load_step_files(state, opts.files)
  local loaded, file_mocks
  while not state.interrupted do
    local unit = channel.next()
    if not unit then break end
    local path, which = unit:match("^(.*)#([^#]*)$")
    local wanted = which == "*" and true or { [tonumber(which) or -1] = true }
    local file = { path = path, cases = {} }
    state.files, state.file = { file }, file
    local ok, err = pcall(function()
      if loaded ~= path or which == "*" then
        backend.reset()
        stop_mocks(file_mocks)
        file_mocks = mock_checkpoint()
        loaded = load_test_file(state, path) and path or nil
        if not loaded then return end
      end
      run_loaded_scenarios(state, wanted)
      if which == "*" then loaded = nil end
    end)
    if not ok then
      if not util.is_interrupt(err) then io.stderr:write(("fscript: internal error: %s\n"):format(tostring(err))) end
      state.interrupted = true
    end
    local records = {}
    for i, case in ipairs(file.cases) do records[i] = record(case) end
    channel.send(json.encode({ unit = unit, cases = records }))
  end
  stop_mocks(file_mocks)
  return state.interrupted and 130 or 0
end

---The entry point for `fscript FILE.lua|DIR …`: runs and returns only the exit code.
---@param opts fscript.RunOptions
---@return integer exit_code
function M.main(opts)
  local code = M.run(opts)
  return code
end

---The step catalog for `fscript steps [--json]`: every step's pattern and where it is defined.
---`files` are loaded first so their own steps are listed too; while loading, the step words
---(Given, When, …) do nothing and scenarios do not run, so nothing touches the target.
---With `search`, only the steps whose pattern or description contains it (any case).
---@param opts? {json?: boolean, files?: string[], search?: string}
---@return string text ready to print
function M.steps(opts)
  opts = opts or {}
  local env = setmetatable({}, { __index = _G })
  local session = session_mod.new()
  session:install(env)
  for _, keyword in ipairs({ "Given", "When", "Then", "And", "But" }) do env[keyword] = function() end end
  for _, path in ipairs(M.expand(opts.files or {})) do
    local chunk, err = loadfile(path, "t", env)
    if chunk then pcall(chunk) else io.stderr:write(("fscript: %s\n"):format(err)) end
  end
  local docs = require("fscript.steps.docs").steps
  local list = {}
  local wanted = opts.search and opts.search:lower()
  for _, s in ipairs(session.registry:list()) do
    local doc = docs[s.pattern] or {}
    s.description, s.example = doc.description, doc.example
    local text = (s.pattern .. " " .. (s.description or "")):lower()
    if not wanted or text:find(wanted, 1, true) then list[#list + 1] = s end
  end
  if opts.json then return json.encode(list, { indent = "  " }) .. "\n" end
  if #list == 0 then return ("no step matches %q; fscript steps lists them all\n"):format(opts.search or "") end
  local lines = {}
  for _, s in ipairs(list) do
    lines[#lines + 1] = ("%-70s %s"):format(s.pattern, s.location)
    if s.description then lines[#lines + 1] = "    " .. s.description end
    if s.example then lines[#lines + 1] = "    e.g. " .. s.example end
  end
  return table.concat(lines, "\n") .. "\n"
end

return M
