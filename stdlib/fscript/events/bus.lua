---The event stream of a run: the engine publishes what happens (cucumber-js's `eventBroadcaster`, Playwright's
---`ReporterV2` calls), and whatever shows or keeps it subscribes: the console, the collector that folds the run
---into the record every report renders (`fscript.events.collector`), a parallel worker's sender to its parent
---(`fscript.run.parallel.protocol`). The engine knows no subscriber; a subscriber knows no engine module.
---
---An event is a kind and a table. The kinds are cucumber's messages where the engine has one (`testRunStarted`,
---`testCaseStarted`, `testStepFinished`, `testCaseFinished`, `testRunFinished`, `suggestion`), carrying the
---engine's records (a case, a step result, the tallied run) rather than the messages' ids, plus fscript's own:
---
--- kind | event | what it is
--- ---- | ----- | ----------
--- `testRunStarted` | `{target?, seed?}` | the run begins: what it drives, the seed of a random order
--- `unitsPlanned` | `{units, workers}` | a parallel run's plan
--- `fileStarted` | `{file}` | a test file (its record) begins; nothing is shown until it has something to show
--- `fileFinished` | `{file}` | a test file is done
--- `testCaseStarted` | `{case}` | a scenario (or a script's top level) starts, or is reported not run
--- `testStepFinished` | `{case, step}` | a step (or a hook that did not pass) finished
--- `output` | `{text}` | a line the test printed
--- `testCaseFinished` | `{case, path?, worker?, lost?}` | a case is done (a parallel run's: the worker that ran it)
--- `traceWritten` | `{case}` | a case's trace is on disk (`case.trace`)
--- `unitFinished` | `{unit}` | a parallel worker's unit of work is done, its traces on disk
--- `runFacts` | `{…}` | what the messages need of a run besides its cases (`fscript.events.collector`'s `facts`)
--- `testRunFinished` | `{run}` | the tallied run, its reports written (`run.notes` says where)
--- `suggestion` | `{text}` | snippets for the undefined steps
--- `note` | `{text}` | a note for the user about the run itself
--- `info` | `{text}` | a line of the run's own output (a dry run's listing)
--- `diagnostic` | `{text}` | an error line: a load error, a Gherkin warning, a hook that failed
local M = {}

---@class fscript.Bus
---@field listeners table[] each a table of handlers by event kind, `handler(listener, event)`
local Bus = {}
Bus.__index = Bus

---A bus without subscribers.
---@return fscript.Bus
function M.new()
  return setmetatable({ listeners = {} }, Bus)
end

---Adds a subscriber: a table whose field named after a kind handles that kind's events (`listener:kind(event)`);
---kinds it has no field for pass it by. Subscribers are told in the order they subscribed.
---@param listener table
---@return table listener
function Bus:subscribe(listener)
  self.listeners[#self.listeners + 1] = listener
  return listener
end

---Tells every subscriber that handles `kind` about the event.
---@param kind string
---@param event? table
function Bus:publish(kind, event)
  event = event or {}
  for _, listener in ipairs(self.listeners) do
    local handler = listener[kind]
    if handler then handler(listener, event) end
  end
end

return M
