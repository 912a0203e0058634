---Target helpers for the step catalog: selectors (Shelley), visibility, and failure messages that show
---what the target had instead. They use the global `app`, read at each call.
local util = require("fscript.util")
local failure = require("fscript.failure")

local M = {}

local function target()
  local app = util.app()
  if not app then error("no target: the global 'app' is not set (is fscript connected to a Frankly server?)", 0) end
  return app
end

---A selector for views of `class` whose accessibility label contains `label`, e.g. `button marked:'Log In'`.
---@param class string a Shelley class filter or `view:'UISwitch'`
---@param label string
---@return string
function M.marked(class, label)
  return ("%s marked:%s"):format(class, util.quote(label))
end

---How many views match `sel`.
---@param sel string
---@return integer
function M.count(sel)
  return #target():map(sel, "FEX_accessibilityLabel")
end

---How many views matching `sel` are visible (frank.operations.is_visible).
---@param sel string
---@return integer
function M.visible_count(sel)
  local n = 0
  for _, v in ipairs(target():map(sel, frank.operations.is_visible)) do
    if util.truthy(v) then n = n + 1 end
  end
  return n
end

---True when some view marked `text`, or some label or text field whose text contains `text`, is visible.
---@param text string
---@return boolean
function M.sees(text)
  local q = util.quote(text)
  return M.visible_count("view marked:" .. q) > 0 or M.visible_count("view text:" .. q) > 0
end

-- Adds the strings of the views that are visible: `visible` holds is_visible for the same selector, so a hidden
-- or transparent view (or one inside such a view) is not offered as something the screen shows. When the two
-- answers disagree in length the screen changed in between, and nothing is added rather than a wrong pairing.
local function add_strings(out, seen, values, visible)
  if #visible ~= #values then return end
  for i, v in ipairs(values) do
    if util.truthy(visible[i]) and type(v) == "string" and v ~= "" and not seen[v] then
      seen[v] = true
      out[#out + 1] = ("%q"):format(v)
    end
  end
end

---A short description of what the target shows: the labels and texts of its visible views, quoted,
---comma-separated. Errors while asking are swallowed (this only decorates a failure message), except fatal ones.
---@param limit? integer at most this many strings (default 15)
---@return string
function M.shown(limit)
  local out, seen = {}, {}
  local ok, err = pcall(function()
    for _, ask in ipairs({ { "view", "accessibilityLabel" }, { "view text:''", "text" } }) do
      local sel, method = ask[1], ask[2]
      add_strings(out, seen, target():map(sel, method), target():map(sel, frank.operations.is_visible))
    end
  end)
  if not ok and util.is_fatal(err) then error(err, 0) end
  if #out == 0 then return ok and "nothing with a label or text" or "(the target did not answer)" end
  limit = limit or 15
  if #out > limit then
    local more = #out - limit
    for i = #out, limit + 1, -1 do out[i] = nil end
    out[#out + 1] = ("and %d more"):format(more)
  end
  return table.concat(out, ", ")
end

---Touches `sel`; the host's error (naming the selector and why) becomes a Failure carrying the selector.
---@param sel string
function M.touch(sel)
  -- Frank's steps touch every match, as Frank does; `app:touch` in a script is strict.
  local ok, err = pcall(target().touch, target(), sel, { all = true })
  if ok then return end
  if util.is_fatal(err) then error(err, 0) end
  failure.raise(tostring(err), sel)
end

---Waits up to the `wait` limit for `sel` to match, then touches it. Fails showing what the screen has.
---@param sel string
---@param what? string how the message names it, default the selector
function M.touch_when_ready(sel, what)
  local wait, config = require("fscript.wait"), require("fscript.config")
  local limit = config.get("wait")
  local ok, err = pcall(wait.eventually, function() return M.count(sel) > 0 end, limit)
  if not ok then
    if util.is_fatal(err) or failure.is(err) then error(err, 0) end
    if not tostring(err):find("^timed out after") then error(err, 0) end
    failure.raise(("Expected to find %s to touch within %g s; nothing matches \"%s\"; the screen shows: %s")
      :format(what or "a view", limit, sel, M.shown()), sel)
  end
  M.touch(sel)
end

---Touches the first selector in the list that matches something; fails naming all of them.
---@param selectors string[]
---@param what string e.g. "the back button"
function M.touch_first(selectors, what)
  for _, sel in ipairs(selectors) do
    if M.count(sel) > 0 then return M.touch(sel) end
  end
  failure.raise(("Expected to find %s (%s); the screen shows: %s")
    :format(what, table.concat(selectors, " or "), M.shown()), selectors[1])
end

---Values of `method` for the views matching `sel` (frank.null kept).
---@param sel string
---@param method string
---@return any[]
function M.map(sel, method, ...)
  return target():map(sel, method, ...)
end

---The target, for steps that need more than these helpers.
---@return frank.App
function M.target()
  return target()
end

return M
