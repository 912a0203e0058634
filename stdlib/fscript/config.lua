---Time limits, Swerkin's defaults: `wait` (how long a wait inside a step waits), `validation` (how long an
---assertion step retries before it fails) and `timeout` (a whole scenario; a hung one is interrupted).
---Set them for a run with `config.set{wait = 5}` (the runner's `--timeout`, `wait` and `validation` options
---do this) or per scenario with `scenario("name", {wait = 5, validation = 3, timeout = 120}, fn)`.
local M = {}

---@class fscript.Limits
---@field wait number seconds; waits inside steps pass `{timeout = wait}` (default 2)
---@field validation number seconds an assertion step retries (default 2)
---@field timeout number seconds a scenario may run before it is interrupted (default 60)

-- Swerkin's defaults, as the host declares them (`fscript.run.settings`, generated from RunSettings.swift).
local function declared_defaults()
  local defaults = {}
  for _, setting in ipairs(require("fscript.run.settings").declared) do
    if setting.default ~= nil then defaults[setting.key] = setting.default end
  end
  return { wait = defaults.wait, validation = defaults.validation, timeout = defaults.timeout }
end

---The run-wide values.
---@type fscript.Limits
M.defaults = declared_defaults()

local stack = {}

local function check(limits, level)
  if type(limits) ~= "table" then
    error(("bad argument #1 (table expected, got %s)"):format(type(limits)), level + 1)
  end
  for key, value in pairs(limits) do
    if M.defaults[key] == nil then
      error(("unknown time limit %q (known: wait, validation, timeout)"):format(tostring(key)), level + 1)
    end
    -- At most a day, as every duration fscript takes (NaN fails both comparisons).
    if type(value) ~= "number" or not (value >= 0 and value <= 86400) then
      error(("time limit %s must be a number of seconds from 0 to 86400, got %s"):format(key, tostring(value)),
        level + 1)
    end
  end
end

---Changes run-wide limits. Unknown names and non-numbers raise.
---@param limits {wait?: number, validation?: number, timeout?: number}
function M.set(limits)
  check(limits, 2)
  for key, value in pairs(limits) do M.defaults[key] = value end
end

---The effective value of a limit: the innermost scenario override, else the run-wide value.
---@param name "wait"|"validation"|"timeout"
---@return number
function M.get(name)
  for i = #stack, 1, -1 do
    if stack[i][name] ~= nil then return stack[i][name] end
  end
  local value = M.defaults[name]
  if value == nil then error(("unknown time limit %q"):format(tostring(name)), 2) end
  return value
end

---Pushes per-scenario overrides (the runner does this around each scenario).
---@param limits {wait?: number, validation?: number, timeout?: number}
function M.push(limits)
  check(limits, 2)
  stack[#stack + 1] = limits
end

---Pops the innermost overrides.
function M.pop()
  stack[#stack] = nil
end

---Forgets every override and restores Swerkin's defaults (for specs and a fresh run).
function M.reset()
  stack = {}
  M.defaults = declared_defaults()
end

return M
