---The worker protocol of a parallel run, declared in one place (cucumber-js's `runtime/parallel/types.ts`,
---Playwright's `common/ipc.ts`): a worker's run events that travel to its parent, each one line on the worker's
---result channel (the host's `fscript.worker`) holding one envelope, `{"KIND": {FIELD: value, …}}`, as a
---Cucumber Messages stream holds one message a line. The worker subscribes `sender` to its run's event stream; the
---parent reads each line back with `read` and publishes the event on its own stream (`fscript.run.parallel.parent`).
---
---A message travels when `MESSAGES` declares its kind, with the fields declared there: adding a kind here is all
---it takes for a worker's event of that kind to reach the parent's subscribers. A case travels as its record
---(`fscript.events.case_record`: the fields the reports read, never a test's own objects) and is checked as it
---comes back (`fscript.events.schema`), as is a run's hook list; the JSON report's own shape is no part of this.
local json = require("fscript.json")
local case_record = require("fscript.events.case_record")
local schema = require("fscript.events.schema")

local M = {}

---The messages, each kind with the fields it carries. `unit` is the unit of work (`PATH#N` or `PATH#*`) a message
---belongs to; the parent refuses a message for a unit other than the one it gave that worker.
M.MESSAGES = {
  -- A case of the unit, sent once the unit is done and its traces are on disk (a trace not written was dropped).
  testCaseFinished = { "unit", "case" },
  -- The unit is done: every case of it was sent before this.
  unitFinished = { "unit" },
  -- What the parent's messages need from the worker besides cases (`fscript.events.collector`'s `runFacts`): sent
  -- after each unit, and last with `final` (its AfterAll hooks' results).
  runFacts = { "support", "run_hooks", "run_hook_failed", "started_at", "strict", "exception", "exception_where",
    "final" },
}

-- Each step record of a list (a run's hooks), as data.
local function step_records(list)
  local records = {}
  for i, step in ipairs(list) do records[i] = case_record.step(step) end
  return records
end

-- How a field travels when it is more than plain data: what goes on the wire, and what comes back (nil and why
-- when what came is not what the field holds).
local CODECS = {
  case = { encode = case_record.case, decode = function(record)
    local fits, why = schema.check(record, "case")
    if not fits then return nil, why end
    return case_record.case_back(record)
  end },
  run_hooks = { encode = step_records, decode = function(list)
    local fits, why = schema.check(list, "steps", "run_hooks")
    if not fits then return nil, why end
    return list
  end },
}

---The line for an event of a declared kind.
---@param kind string
---@param event table
---@return string
function M.encode(kind, event)
  local fields = assert(M.MESSAGES[kind], "no such worker message: " .. tostring(kind))
  local body = {}
  for _, field in ipairs(fields) do
    local codec = CODECS[field]
    if codec and event[field] ~= nil then body[field] = codec.encode(event[field]) else body[field] = event[field] end
  end
  return json.encode({ [kind] = body })
end

---A line read back: the kind and the event, or nil and why it is no message of the protocol.
---@param line string
---@return string? kind
---@return table|string event_or_why
function M.read(line)
  local ok, envelope, problem = pcall(json.decode, line)
  if not ok or envelope == nil then return nil, ("not JSON (%s)"):format(tostring(ok and problem or envelope)) end
  if type(envelope) ~= "table" then return nil, "not one message (an object holding one)" end
  local kind, body = next(envelope)
  if kind == nil or next(envelope, kind) ~= nil or type(body) ~= "table" then
    return nil, "not one message (an object holding one, e.g. {\"unitFinished\": {…}})"
  end
  local fields = M.MESSAGES[kind]
  if not fields then return nil, ("no message kind %s"):format(tostring(kind)) end
  local event = {}
  for _, field in ipairs(fields) do
    local codec = CODECS[field]
    if codec and body[field] ~= nil then
      local value, why = codec.decode(body[field])
      if value == nil then return nil, why end
      event[field] = value
    else
      event[field] = body[field]
    end
  end
  if event.unit ~= nil and type(event.unit) ~= "string" then return nil, "its unit is not a string" end
  if kind == "testCaseFinished" and event.case == nil then return nil, "it has no case" end
  return kind, event
end

---A worker's subscriber that sends its run's events to the parent: every kind `MESSAGES` declares (when the event
---is published, so a kind declared later travels too). The cases of a unit wait for its `unitFinished` (the worker
---publishes that once the unit's traces are on disk) and go then, each with the unit, in the order they started:
---a case is held from its start, as the worker's own record holds it, so one a Ctrl-C cut short before it
---finished still goes; a case that will be retried does not go (its next attempt carries it).
---@param send fun(line: string)
---@return table listener
function M.sender(send)
  local held, holding = {}, {}
  local function hold(case)
    if holding[case] then return end
    holding[case] = true
    held[#held + 1] = case
  end
  local listener = {
    testCaseStarted = function(_, event) hold(event.case) end,
    testCaseFinished = function(_, event)
      local case = event.case
      if not case.will_be_retried then return hold(case) end
      for i = #held, 1, -1 do
        if held[i] == case then table.remove(held, i) end
      end
      holding[case] = nil
    end,
    unitFinished = function(_, event)
      for _, case in ipairs(held) do send(M.encode("testCaseFinished", { unit = event.unit, case = case })) end
      held, holding = {}, {}
      send(M.encode("unitFinished", event))
    end,
  }
  return setmetatable(listener, { __index = function(_, kind)
    if not M.MESSAGES[kind] then return nil end
    return function(_, event) send(M.encode(kind, event)) end
  end })
end

return M
