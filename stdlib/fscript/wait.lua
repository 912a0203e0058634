---Conditions with time limits. Nothing here sleeps: the target's own `app:wait_until` paces the polling
---when the target has it; otherwise the condition is polled back to back (each poll is a round trip).
local util = require("fscript.util")

local M = {}

-- Runs check() until it holds or `timeout` seconds pass; returns the last message, or the raised error.
local function poll(check, timeout)
  local target = util.app()
  local last_message, raised
  local function probe()
    local ok, holds, message = pcall(check)
    if not ok then
      raised = holds
      error(holds, 0)
    end
    last_message = message
    return holds and true or false
  end
  if target and target.wait_until then
    local ok, err = pcall(target.wait_until, target, probe, { timeout = timeout })
    if ok then return true end
    if raised ~= nil then return false, nil, raised end
    if util.is_fatal(err) then return false, nil, err end
    -- The condition never raised, so the target's error is its timeout: report ours instead.
    return false, last_message
  end
  local deadline = util.clock() + timeout
  while true do
    local holds = probe()
    if holds then return true end
    if util.clock() >= deadline then return false, last_message end
  end
end

---Retries `check` until it returns true or `timeout` seconds pass, then raises the last message it gave.
---`check` returns `holds, message` (the message may be a function, called only when the wait fails); an
---error it raises is not retried (a dead target fails fast).
---@param check fun(): boolean, (string|fun(): string)?
---@param timeout number seconds; 0 checks once
---@param what? string used when `check` gave no message
function M.eventually(check, timeout, what)
  local ok, message, raised = poll(check, timeout)
  if ok then return end
  if raised ~= nil then error(raised, 0) end
  if type(message) == "function" then message = message() end
  error(message or ("timed out after %g s waiting for %s"):format(timeout, what or "a condition"), 0)
end

---Retries `fn` until it passes, for a suite's own checks (the global `eventually`): `fn` passes when it returns
---without raising and does not return false; a failure it raises (an `assert`, a mock's `verify`, a step) is
---retried, a stop (Ctrl-C, the scenario's time limit, a dead target) is not. Returns what `fn` returned; after
---`timeout` seconds (default: the `validation` setting) raises the last failure, saying how long it was retried.
---Polling is paced by the target's change feed when it has one, never by a fixed sleep.
---@generic T
---@param fn fun(): T
---@param opts? {timeout?: number, what?: string} seconds (0 tries once); what `fn` checks, for the message
---@return T
function M.retry(fn, opts)
  if type(fn) ~= "function" then
    error(("bad argument #1 to 'eventually' (function expected, got %s)"):format(type(fn)), 2)
  end
  if opts ~= nil and type(opts) ~= "table" then
    error(("bad argument #2 to 'eventually' (table expected, got %s)"):format(type(opts)), 2)
  end
  opts = opts or {}
  for key in pairs(opts) do
    if key ~= "timeout" and key ~= "what" then
      error(("bad argument #2 to 'eventually' (unknown option %q; the options are timeout, what)")
        :format(tostring(key)), 2)
    end
  end
  local timeout = opts.timeout or require("fscript.config").get("validation")
  if type(timeout) ~= "number" or timeout < 0 then
    error(("bad argument #2 to 'eventually' (timeout must be seconds, 0 or more, got %s)"):format(tostring(timeout)), 2)
  end
  local result, last
  local ok, err = pcall(M.eventually, function()
    local passed, value = pcall(fn)
    if passed and value ~= false then
      result = value
      return true
    end
    if not passed and util.is_fatal(value) then error(value, 0) end
    last = passed and "it returned false" or value
    return false
  end, timeout, opts.what)
  if ok then return result end
  if util.is_fatal(err) then error(err, 0) end
  local why = type(last) == "table" and last.message or tostring(last)
  error(("still failing after %g s%s: %s"):format(timeout, opts.what and (" (" .. opts.what .. ")") or "", why), 0)
end

return M
