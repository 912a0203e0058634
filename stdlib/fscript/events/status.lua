---Cucumber's test statuses and how they combine: a test case's status is the worst of its steps' (hooks
---included) by cucumber's ordering, and whether a status fails the run depends on `--strict` (the default, as in
---cucumber-js): pending and undefined fail a strict run; skipped never fails one.
local M = {}

---The statuses, lower case as in the Lua records (the messages write them upper case).
---@alias fscript.Status "passed"|"failed"|"pending"|"skipped"|"undefined"|"ambiguous"|"unknown"

-- cucumber's ordering, best first (`getWorstTestStepResult` in cucumber's messages).
local RANK = { unknown = 0, passed = 1, skipped = 2, pending = 3, undefined = 4, ambiguous = 5, failed = 6 }

---True for a status cucumber knows.
---@param status any
---@return boolean
function M.known(status)
  return RANK[status] ~= nil
end

---A status's place in cucumber's ordering (higher is worse; a status cucumber does not know counts as failed).
---@param status? string
---@return integer
function M.rank(status)
  return RANK[status] or RANK.failed
end

---The worse of two statuses (nil counts as nothing).
---@param a? string
---@param b? string
---@return string?
function M.worst(a, b)
  if a == nil then return b end
  if b == nil then return a end
  return (RANK[b] or RANK.failed) > (RANK[a] or RANK.failed) and b or a
end

---Whether a case ending with `status` fails the run.
---@param status string
---@param strict boolean pending and undefined fail (cucumber's default)
---@return boolean
function M.fails_run(status, strict)
  if status == "failed" or status == "ambiguous" then return true end
  if status == "pending" or status == "undefined" then return strict end
  return false
end

---The status an error raised in a step or hook stands for: `pending()` / `skip()` mark theirs, an undefined or
---ambiguous step its own, anything else failed.
---@param err any a Failure or nil
---@return string
function M.of_error(err)
  if err == nil then return "passed" end
  local s = type(err) == "table" and rawget(err, "status") or nil
  if s and RANK[s] then return s end
  return "failed"
end

return M
