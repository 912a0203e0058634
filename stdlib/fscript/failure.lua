---A step failure: the error value a failing step raises. It carries the step text, the user's line,
---the Lua traceback and, when known, the selector that found nothing, so reports can show all of them.
local util = require("fscript.util")

local M = {}

---@class fscript.Failure
---@field message string what went wrong, without the step (e.g. luassert-style "Expected …; passed in: …")
---@field step? string the step with its keyword, e.g. `When I touch "Log In"`; nested steps are joined by " > "
---@field where? string "file:line" of the user's line that ran the step
---@field traceback? string the Lua traceback where the error was raised
---@field selector? string the selector that matched nothing or the wrong thing
---@field kind? "timeout"|"interrupt"|"infrastructure" the test deadline, Ctrl-C, or a target that is down
local Failure = {}
Failure.__name = "fscript.Failure"
Failure.__index = Failure

function Failure.__tostring(f)
  local parts = {}
  if f.where then parts[#parts + 1] = f.where end
  if f.step then parts[#parts + 1] = f.step end
  parts[#parts + 1] = f.message
  return table.concat(parts, ": ")
end

---True when `v` is a Failure.
---@param v any
---@return boolean
function M.is(v)
  return getmetatable(v) == Failure
end

---Makes a Failure from fields. Its `kind` says what it is beyond a failed check (a stop's kind, or
---"infrastructure"); it is never guessed from the message.
---@param fields {message: string, selector?: string, step?: string, where?: string, traceback?: string, kind?: string}
---@return fscript.Failure
function M.new(fields)
  return setmetatable(fields, Failure)
end

---Turns any error value into a Failure (keeping an existing one), with a traceback from `level`.
---@param err any
---@param level? integer
---@return fscript.Failure
function M.from(err, level)
  if M.is(err) then return err end
  -- A stop (Ctrl-C, the deadline) keeps its kind, which the runner acts on.
  local f = M.new({ message = tostring(err), kind = util.stop_kind(err) })
  f.traceback = M.trim_traceback(debug.traceback("", (level or 1) + 1))
  return f
end

-- The modules that run a case's code (`fscript.run.lifecycle` calls scenarios and scripts, `fscript.run.cases` hooks):
-- a traceback's frames from the first of theirs on are fscript's, not the user's.
local RUNNER_FRAMES = { "fscript/run/lifecycle.lua", "fscript/run/cases.lua" }

local function is_runner_frame(line)
  for _, marker in ipairs(RUNNER_FRAMES) do
    if line:find(marker, 1, true) then return true end
  end
  return false
end

---A traceback without its empty first line and without the runner's own frames (from the first
---`fscript/run/lifecycle.lua` or `fscript/run/cases.lua` frame on), so it ends at the user's script. Lua shows a
---deep stack's first 10 and last 11 levels only: what follows its `(skipping N levels)` line is the bottom of the
---stack, the runner's, even when the runner's first frame is among those it skipped.
---@param tb string
---@return string
function M.trim_traceback(tb)
  local lines = {}
  for line in tb:gsub("^\n", ""):gmatch("[^\n]+") do
    if is_runner_frame(line) or line:find("^%s*%.%.%.%s*%(skipping %d+ levels%)") then break end
    lines[#lines + 1] = line
  end
  -- The pcall that ran the script, and the plain xpcall behind fscript's guarded one (a C function Lua cannot name).
  while #lines > 0 and (lines[#lines]:find("^%s*%[C%]: in function '[x]?pcall'")
      or lines[#lines]:find("^%s*%[C%]: in %?$")) do
    lines[#lines] = nil
  end
  return table.concat(lines, "\n")
end

---Raises a Failure without a position (the step wrapper adds the user's line).
---@param message string
---@param selector? string
function M.raise(message, selector)
  error(M.new({ message = message, selector = selector }), 0)
end

return M
