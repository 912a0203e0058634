---What step definitions ported from Ruby (`fscript port frank`) need beside Frank's helpers: instance variables
---as a scenario-scoped table (`@user` → `world.user`, fresh in every scenario as cucumber's World is), Ruby's
---`raise` and `pending` as step failures, and the Enumerable blocks (`map`, `select` …) as functions.
local failure = require("fscript.failure")

local M = {}

-- One table per running scenario (the session's current case), dropped with it.
local by_case = setmetatable({}, { __mode = "k" })
local outside = {}

local function current()
  local session = require("fscript.session").current
  local case = session and session.case
  if not case then return outside end
  local vars = by_case[case]
  if not vars then
    vars = {}
    by_case[case] = vars
  end
  return vars
end

---The scenario's instance variables: reads and writes go to a table that every scenario starts empty.
M.world = setmetatable({}, {
  __index = function(_, key) return current()[key] end,
  __newindex = function(_, key, value) current()[key] = value end,
})

---Runs `fn` until it raises no expected failure, for `--validation` seconds (fscript's assertion steps' limit):
---the checks that followed a `sleep` in Frank, which waited for what they check.
---@param fn fun()
function M.eventually(fn)
  local last
  local ok, err = pcall(require("fscript.wait").eventually, function()
    local passed, problem = pcall(fn)
    if passed then return true end
    if not failure.is(problem) then error(problem, 0) end
    last = problem
    return false, problem.message
  end, require("fscript.config").get("validation"))
  if ok then return end
  if last and not require("fscript.util").is_fatal(err) and (type(err) == "string" and err == last.message) then
    error(last, 0)
  end
  error(err, 0)
end

---Ruby's `raise "message"` in a step: fails the step with the message (an expected failure, as in cucumber).
---@param message? string
function M.fail(message)
  failure.raise(message == nil and "unhandled exception" or tostring(message))
end

---cucumber's `pending "reason"`: fscript has no pending status, so the step fails saying it is pending.
---@param reason? string
function M.pending(reason)
  failure.raise("pending" .. (reason and (": " .. tostring(reason)) or " (TODO: implement me)"))
end

---Ruby's `list.map { |x| … }`.
function M.map(list, fn)
  local out = {}
  for i, item in ipairs(list) do out[i] = fn(item) end
  return out
end

---Ruby's `list.select { |x| … }`.
function M.select(list, fn)
  local out = {}
  for _, item in ipairs(list) do
    if fn(item) then out[#out + 1] = item end
  end
  return out
end

---Ruby's `list.reject { |x| … }`.
function M.reject(list, fn)
  return M.select(list, function(item) return not fn(item) end)
end

---Ruby's `list.find { |x| … }` (also `detect`).
function M.find(list, fn)
  for _, item in ipairs(list) do
    if fn(item) then return item end
  end
  return nil
end

---Ruby's `list.any? { |x| … }` (without a block: any true element).
function M.any(list, fn)
  return M.find(list, fn or function(item) return item end) ~= nil
end

---Ruby's `list.all? { |x| … }`.
function M.all(list, fn)
  return M.find(list, function(item) return not fn(item) end) == nil
end

---Ruby's `text.split(separator)` (a plain separator; whitespace when none).
---@param text string
---@param separator? string
---@return string[]
function M.split(text, separator)
  local out = {}
  if separator == nil or separator == " " then
    for word in text:gmatch("%S+") do out[#out + 1] = word end
    return out
  end
  local start = 1
  while true do
    local from, to = text:find(separator, start, true)
    if not from or separator == "" then break end
    out[#out + 1] = text:sub(start, from - 1)
    start = to + 1
  end
  out[#out + 1] = text:sub(start)
  return out
end

---Ruby's `text =~ /regex/` (ICU's syntax, as step patterns): the captures (a true value) or nil.
---@param text any
---@param regex string
---@return any[]?
function M.matches(text, regex)
  if text == nil then return nil end
  return require("fscript.util").host().regex_match(regex, tostring(text))
end

---Ruby's `x.include?(item)` on a string or a list.
function M.includes(collection, item)
  if type(collection) == "string" then return collection:find(tostring(item), 1, true) ~= nil end
  for _, value in pairs(collection or {}) do
    if value == item then return true end
  end
  return false
end

---Ruby's `x.empty?` on a string or a list.
function M.is_empty(collection)
  if type(collection) == "string" then return collection == "" end
  return next(collection or {}) == nil
end

return M
