---The worker side of a parallel run (`fscript --jobs N` starts them): units of work in, its run's events out
---(through `fscript.run.parallel.protocol`).
local backend = require("fscript.backend")
local options = require("fscript.run.options")
local lifecycle = require("fscript.run.lifecycle")
local util = require("fscript.util")
local features = require("fscript.gherkin.features")
local cases = require("fscript.run.cases")
local phases = require("fscript.run.phases")
local protocol = require("fscript.run.parallel.protocol")

local M = {}

-- What the parent's messages need from a worker besides cases (the protocol's `runFacts`).
local function run_facts(state)
  return { support = lifecycle.support(state), run_hooks = state.run_hooks, run_hook_failed = state.run_hook_failed,
    started_at = state.started_at, strict = state.strict_steps, exception = state.exception,
    exception_where = state.exception_where }
end

---Runs the units the parent hands out, one at a time; its run's events go to the parent (the protocol's sender
---subscribed to them: each unit's cases, the run facts, then `unitFinished`). A unit is `PATH#N` (the file's N-th
---scenario)
---or `PATH#*` (the whole file, for files that share state between scenarios or have none). A file stays loaded
---while its scenarios keep coming; mocks its top level started stop when the worker moves to another file.
---@param opts fscript.RunOptions
---@return integer exit_code 0, or 130 when interrupted, 2 on a usage error
function M.run(opts)
  local filter, reports = options.check(opts)
  if not filter then
    io.stderr:write(("fscript: %s\n"):format(reports))
    return 2
  end
  local channel = require("fscript.worker")
  -- os.exit in a scenario or hook is an error of it, as in a serial run (see `fscript.cases.guard_exit`); the
  -- worker lives on to send its result.
  cases.guard_exit()
  -- No console: what the worker's run shows, its parent shows (the cases it sends; the warnings it printed itself).
  local state = lifecycle.new_state(opts, filter)
  -- The same support and step definition files as a serial run, before any unit (the parent reports the ones
  -- that do not load).
  -- Each worker runs cucumber's BeforeAll hooks before its first unit and its AfterAll hooks after its last, as
  -- cucumber-js's parallel workers do; the parent reports one worker's (the run facts each unit sends).
  phases.start(state, opts.files)
  -- From here on the run's events go to the parent (what came before is the parent's to report: it loaded the same
  -- files when it planned).
  state.bus:subscribe(protocol.sender(channel.send))
  local loaded, file_mocks
  while not state.interrupted do
    local unit = channel.next()
    if not unit then break end
    local path, which = unit:match("^(.*)#([^#]*)$")
    local wanted = which == "*" and true or { [tonumber(which) or -1] = true }
    local file = { path = path, cases = {} }
    -- The unit's record alone (the parent keeps the run's): the cases it sent are not kept here.
    state.collector:clear()
    state.file = file
    state.bus:publish("fileStarted", { file = file })
    local ok, err = pcall(function()
      if state.stopped and not features.is_feature(path) then
        -- A stopped run loads no Lua test file (its top level is code), as a serial run does not.
        cases.skip(state, "(script)", {}, state.stopped, 0)
        return
      end
      if loaded ~= path or which == "*" then
        backend.reset()
        lifecycle.stop_mocks(file_mocks)
        file_mocks = lifecycle.mock_checkpoint()
        loaded = lifecycle.load_test_file(state, path) and path or nil
        if not loaded then return end
      end
      lifecycle.run_loaded_scenarios(state, wanted)
      if which == "*" then loaded = nil end
    end)
    if not ok then
      if not util.is_interrupt(err) then io.stderr:write(("fscript: internal error: %s\n"):format(tostring(err))) end
      state.interrupted = true
    end
    -- The parent reports each unit as it comes, so its traces are on disk first (a trace not written is dropped
    -- from its case); they are written on a thread of their own.
    local flushed, flush_err = pcall(require("fscript.trace.scenario").flush, state)
    if not flushed and util.is_interrupt(flush_err) then state.interrupted = true end
    state.bus:publish("runFacts", run_facts(state))
    state.bus:publish("unitFinished", { unit = unit })
  end
  lifecycle.stop_mocks(file_mocks)
  state.run_hooks = {}
  phases.finish(state)
  -- The AfterAll hooks' results, after the last unit (the parent reads lines until the worker exits).
  local facts = run_facts(state)
  facts.final = true
  pcall(state.bus.publish, state.bus, "runFacts", facts)
  return state.interrupted and 130 or 0
end

return M
