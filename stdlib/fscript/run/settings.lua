---The run settings the Lua runner reads, as the host declares them (Sources/FScript/Settings/RunSettings.swift),
---and the one check of their values for callers that reach the runner without the host (`runner.run{…}` in a
---spec). The host has already checked what it passes, so for it this check never fails.
local M = {}

-- BEGIN generated from RunSetting.all (RunSetting.luaDeclarations); RunSettingsTests fails when it differs.
M.declared = {
  { key = "tags", flag = "--tags", type = "string" },
  { key = "timeout", flag = "--timeout", type = "seconds", max = 86400, default = 60 },
  { key = "wait", flag = "--wait", type = "seconds", max = 3600, default = 2 },
  { key = "validation", flag = "--validation", type = "seconds", max = 3600, default = 2 },
  { key = "artifacts", flag = "--artifacts", type = "path" },
  { key = "update_snapshots", flag = "--update-snapshots", type = "boolean" },
  { key = "reset", flag = "--no-reset", type = "boolean" },
  { key = "strict", flag = "--strict", type = "boolean" },
  { key = "lenient", flag = "--no-strict", type = "boolean" },
  { key = "retry", flag = "--retry", type = "count", max = 100 },
  { key = "name", flag = "--name", type = "string" },
  { key = "fail_fast", flag = "--fail-fast", type = "boolean" },
  { key = "order", flag = "--order", type = "string" },
  { key = "trace", flag = "--trace", type = "choice", choices = { "on", "off", "retain-on-failure" } },
  { key = "screenshots", flag = "--screenshots", type = "choice", choices = { "off", "every-step" } },
}
-- END generated

local function fmt_seconds(n)
  if n == math.floor(n) and math.abs(n) < 1e15 then return ("%d"):format(n) end
  return tostring(n)
end

-- Why `value` does not fit `setting`, or nil when it does.
local function problem(setting, value)
  local kind = setting.type
  if kind == "seconds" then
    if type(value) == "number" and value == value and value > 0 and value <= setting.max then return nil end
    return ("a number of seconds above 0 and at most %s"):format(fmt_seconds(setting.max))
  elseif kind == "boolean" then
    if type(value) == "boolean" then return nil end
    return "true or false"
  elseif kind == "count" then
    if math.type(value) == "integer" and value >= 0 and value <= setting.max then return nil end
    if type(value) == "number" and value == math.floor(value) and value >= 0 and value <= setting.max then
      return nil
    end
    return ("a whole number from 0 to %d"):format(setting.max)
  elseif kind == "path" and value == false then
    return nil
  elseif kind == "choice" then
    for _, word in ipairs(setting.choices) do
      if value == word then return nil end
    end
    return "one of " .. table.concat(setting.choices, ", ")
  end
  if type(value) == "string" and value ~= "" then return nil end
  return "a non-empty string"
end

---Checks the declared settings in a runner options table; other fields are the runner's to check.
---@param opts table
---@return boolean ok
---@return string? err e.g. "--timeout must be a number of seconds above 0 and at most 86400, got 0"
function M.check(opts)
  for _, setting in ipairs(M.declared) do
    local value = opts[setting.key]
    local expected = value ~= nil and problem(setting, value)
    if expected then
      local quoted = setting.type == "choice" and type(value) == "string"
      local shown = quoted and ("'%s'"):format(value) or tostring(value)
      return false, ("%s must be %s, got %s"):format(setting.flag, expected, shown)
    end
  end
  return true
end

return M
