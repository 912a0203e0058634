---The worker protocol of a parallel run, declared in one place (cucumber-js's `runtime/parallel/types.ts`,
---Playwright's `common/ipc.ts`): a worker's run events that travel to its parent, each one line on the worker's
---result channel (the host's `fscript.worker`) holding one envelope, `{"KIND": {FIELD: value, …}}`, as a
---Cucumber Messages stream holds one message a line. The worker subscribes `sender` to its run's event stream; the
---parent reads each line back with `read` and publishes the event on its own stream (`fscript.run.parallel.parent`).
---
---A message travels when `MESSAGES` declares its kind, with the fields declared there: adding a kind here is all
---it takes for a worker's event of that kind to reach the parent's subscribers. Cases travel whole, as the
---engine made them (`CASE_ONLY_HERE` are the fields that mean nothing outside the worker), so the parent's
---reports render what a serial run's would; the JSON report is an output and no part of this.
local json = require("fscript.json")
local failure_mod = require("fscript.failure")

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

---A case's fields that stay in the worker: the target it used (to tell whether it touched it) and its scenario's
---preconditions (for the screens it rendered).
M.CASE_ONLY_HERE = { mark = true, preconditions = true }

-- A value as plain data: tables copied, functions and userdata (a worker's own objects) left out.
local function data(value, skip)
  local kind = type(value)
  if kind == "table" then
    local copy = {}
    for k, v in pairs(value) do
      if not (skip and skip[k]) then copy[k] = data(v) end
    end
    return copy
  end
  if kind == "function" or kind == "userdata" or kind == "thread" then return nil end
  return value
end

-- A case back from its data: its failure (and each earlier attempt's) a Failure again.
local function case_back(record)
  if type(record) ~= "table" then return nil end
  if type(record.failure) == "table" then record.failure = failure_mod.new(record.failure) end
  for _, attempt in ipairs(type(record.attempts) == "table" and record.attempts or {}) do case_back(attempt) end
  return record
end

-- How a field travels when it is more than plain data.
local CODECS = {
  case = { encode = function(case) return data(case, M.CASE_ONLY_HERE) end, decode = case_back },
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
    body[field] = codec and event[field] ~= nil and codec.encode(event[field]) or data(event[field])
  end
  return json.encode({ [kind] = body })
end

---A line read back: the kind and the event, or nil and why it is no message of the protocol.
---@param line string
---@return string? kind
---@return table|string event_or_why
function M.read(line)
  local ok, envelope = pcall(json.decode, line)
  if not ok or type(envelope) ~= "table" then return nil, "not JSON" end
  local kind, body = next(envelope)
  if kind == nil or next(envelope, kind) ~= nil or type(body) ~= "table" then
    return nil, "not one message (an object holding one, e.g. {\"unitFinished\": {…}})"
  end
  local fields = M.MESSAGES[kind]
  if not fields then return nil, ("no message kind %s"):format(tostring(kind)) end
  local event = {}
  for _, field in ipairs(fields) do
    local codec = CODECS[field]
    event[field] = codec and codec.decode(body[field]) or body[field]
  end
  if event.unit ~= nil and type(event.unit) ~= "string" then return nil, "its unit is not a string" end
  if kind == "testCaseFinished" and (type(event.case) ~= "table" or type(event.case.name) ~= "string") then
    return nil, "its case has no name"
  end
  return kind, event
end

---A worker's subscriber that sends its run's events to the parent: every kind `MESSAGES` declares (when the event
---is published, so a kind declared later travels too). The cases of a unit wait for its `unitFinished` (the worker
---publishes that once the unit's traces are on disk) and go then, each with the unit; a case that will be retried
---does not go (its next attempt carries it).
---@param send fun(line: string)
---@return table listener
function M.sender(send)
  local held = {}
  local listener = {
    testCaseFinished = function(_, event)
      if not event.case.will_be_retried then held[#held + 1] = event.case end
    end,
    unitFinished = function(_, event)
      for _, case in ipairs(held) do send(M.encode("testCaseFinished", { unit = event.unit, case = case })) end
      held = {}
      send(M.encode("unitFinished", event))
    end,
  }
  return setmetatable(listener, { __index = function(_, kind)
    if not M.MESSAGES[kind] then return nil end
    return function(_, event) send(M.encode(kind, event)) end
  end })
end

return M
