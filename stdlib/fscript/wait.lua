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

return M
