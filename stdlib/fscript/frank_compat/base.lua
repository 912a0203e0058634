---What every part of fscript.frank_compat shares: the current target, Frank's failures, Frank's wait limit and
---Frank's quoting of marks. Not a helper module of its own: the parts require it.
local util = require("fscript.util")
local config = require("fscript.config")
local failure = require("fscript.failure")

local M = {}

---`frank.operations` (the catalog's selectors by Lua name), read when used so a part loads before `frank` exists.
M.ops = setmetatable({}, { __index = function(_, name) return frank.operations[name] end })

---The current target (the global `app`, read at each call because `frank.launch` replaces it).
---@return frank.App
function M.app()
  local a = util.app()
  if not a then error("no target: the global 'app' is not set", 0) end
  return a
end

---Fails the step with `message` unless `ok` (an expected failure, as an rspec expectation or a `raise` in Frank).
---@param ok any
---@param message string
---@param selector? string
function M.expect(ok, message, selector)
  if not ok then failure.raise(message, selector) end
end

---Frank's `WaitHelper::TIMEOUT`: `WAIT_TIMEOUT` from the environment as Frank reads it; otherwise fscript's
---wait limit (`--wait`), not Frank's 240 s, so a suite fails as soon as its other waits would.
---@param timeout? number|false a caller's timeout; nil or false means the default, as in Frank
---@return number seconds
function M.timeout(timeout)
  if timeout and timeout ~= false then
    if type(timeout) ~= "number" or timeout < 0 then
      error(("timeout must be a number of seconds, got %s"):format(tostring(timeout)), 3)
    end
    return timeout
  end
  local env = tonumber(os.getenv("WAIT_TIMEOUT") or "")
  if env and env >= 0 then return math.floor(env) end
  return config.get("wait")
end

---frank_helper.rb `get_selector_quote(selector)`: `'`, or `"` when the text holds a `'`.
---@param text string
---@return string
function M.get_selector_quote(text)
  return text:find("'", 1, true) and '"' or "'"
end

---`view marked:'mark'` quoted as Frank quotes it.
---@param mark string
---@return string
function M.marked(mark)
  local q = M.get_selector_quote(mark)
  return ("view marked:%s%s%s"):format(q, mark, q)
end

---A helper that cannot mean anything against fscript: raises saying what to use instead.
---@param name string the Ruby name
---@param instead string what to do in fscript
---@return function
function M.refuse(name, instead)
  return function() error(("%s: %s"):format(name, instead), 2) end
end

---Frank's `Gateway.build_operation_map` checks: as many arguments as the signature has colons, and a signature
---that takes arguments ends with one.
---@param method string
---@param nargs integer
function M.check_signature(method, nargs)
  if type(method) ~= "string" then
    error(("method name must be a string, got %s"):format(type(method)), 3)
  end
  local _, wants = method:gsub(":", "")
  if wants ~= nargs then
    error(("The method you've specified - %s - wants %d arguments, but you've supplied %d arguments.")
      :format(method, wants, nargs), 3)
  end
  if wants > 0 and method:sub(-1) ~= ":" then
    error(("The method signature you've specified - %s - is invalid. Objective C method signatures which take "
      .. "parameters must end with a :"):format(method), 3)
  end
end

---Frank's "…matching [selector] to <verb>" and "some views could not …" checks on a map's results.
---@param results any[]
---@param selector string
---@param none string the message when nothing matched
---@param some string the message when some match answered false
---@return any[] results
function M.check_results(results, selector, none, some)
  M.expect(#results > 0, none, selector)
  for _, r in ipairs(results) do M.expect(r ~= false, some, selector) end
  return results
end

return M
