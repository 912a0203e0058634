---wait_helper.rb's `wait_until` and frank_helper.rb's waits built on it. Frank spins with a 0.1 s sleep; these
---park on the target's change feed between tries (the target's `app:wait_until`), so nothing sleeps a fixed time.
local base = require("fscript.frank_compat.base")
local query = require("fscript.frank_compat.query")
local util = require("fscript.util")
local failure = require("fscript.failure")

local M = {}

---wait_helper.rb `wait_until(:timeout => s, :message => m) { … }`: `wait_until({timeout =, message =}, fn)` or
---`wait_until(fn)`. Calls fn until it returns a true value (nil and false are false, as in Ruby) and returns it.
---After `timeout` seconds (default Frank's `TIMEOUT`: `WAIT_TIMEOUT`, else fscript's `--wait`) raises `message`
---as Frank does, or Ruby's `execution expired` with how long it waited. An error fn raises ends the wait at once.
---@param opts table|function|nil {timeout?: number|false, message?: string}
---@param fn? function
---@return any the first true value
function M.wait_until(opts, fn)
  if type(opts) == "function" then opts, fn = {}, opts end
  opts = opts or {}
  if type(opts) ~= "table" then error("wait_until: options must be a table {timeout =, message =}", 2) end
  if type(fn) ~= "function" then error("wait_until: a function to wait on is required (Ruby's block)", 2) end
  local timeout = base.timeout(opts.timeout)
  local target = base.app()
  local value, raised
  local ok, err = pcall(target.wait_until, target, function()
    local fine, v = pcall(fn)
    if not fine then
      raised = v
      error(v, 0)
    end
    value = v
    return v ~= nil and v ~= false
  end, { timeout = timeout })
  if ok then return value end
  if raised ~= nil then error(raised, 0) end
  if util.is_fatal(err) then error(err, 0) end
  failure.raise(opts.message and tostring(opts.message)
    or ("execution expired (wait_until waited %g s for its block to return true)"):format(timeout))
end

---frank_helper.rb `wait_for_element_to_exist(*selectors, &block)`: waits until any selector matches; a function
---as the last argument is called with each selector that matches, as Ruby's block is.
---@param ... string|function
function M.wait_for_element_to_exist(...)
  local selectors, block = { ... }, nil
  if type(selectors[#selectors]) == "function" then block = table.remove(selectors) end
  M.wait_until({ message = "Waited for element matching any of " .. table.concat(selectors, ", ") .. " to exist" },
    function()
      local found = false
      for _, sel in ipairs(selectors) do
        if query.element_exists(sel) then
          found = true
          if block then block(sel) end
        end
      end
      return found
    end)
end

---frank_helper.rb `wait_for_element_to_not_exist(selector)`.
---@param selector string
function M.wait_for_element_to_not_exist(selector)
  M.wait_until({ message = ("Waited for element %s to not exist"):format(selector) },
    function() return not query.element_exists(selector) end)
end

---frank_helper.rb `wait_for_element_to_exist_and_then_touch_it(*selectors)`: touches the first selector found.
---(Frank's block touches every selector that matches in the same try; this touches one, since a touch usually
---changes the screen the next selector would be looked up on.)
---@param ... string
function M.wait_for_element_to_exist_and_then_touch_it(...)
  local selectors = { ... }
  local touched = false
  selectors[#selectors + 1] = function(sel)
    if not touched then
      query.touch(sel)
      touched = true
    end
  end
  M.wait_for_element_to_exist(table.unpack(selectors))
end

---frank_helper.rb `wait_for_nothing_to_be_animating(timeout = false)`: waits for the app to be idle: no view
---`isAnimating` (and, on fscript's simulator, no network request in flight). Times out like `wait_until`.
---@param timeout? number|false seconds; false or nil for Frank's TIMEOUT
function M.wait_for_nothing_to_be_animating(timeout)
  local seconds = base.timeout(timeout)
  local ok, err = pcall(base.app().wait_for_idle, base.app(), { timeout = seconds })
  if ok then return end
  if util.is_fatal(err) or failure.is(err) then error(err, 0) end
  failure.raise(("execution expired (wait_for_nothing_to_be_animating waited %g s): %s"):format(seconds,
    tostring(err):gsub("^[^\n:]+:%d+: ", "")))
end

return M
