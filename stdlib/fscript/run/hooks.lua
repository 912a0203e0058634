---Cucumber's hooks: `Before`/`After` around each scenario, `BeforeStep`/`AfterStep` around each of its steps,
---`BeforeAll`/`AfterAll` once per run; each optionally limited by a tag expression and named. Unlike the per-file
---`before`/`after`, they apply to the whole run from where they are defined (a step definition or support file,
---loaded before any test, covers every scenario). Before hooks run in definition order, After hooks in reverse, as
---in cucumber-js. Each scenario hook is a step of its test case in every report, with a status of its own.
local tags_mod = require("fscript.run.tags")
local util = require("fscript.util")

local M = {}

---@class fscript.HookDefinition
---@field kind "before"|"after"|"before_step"|"after_step"|"before_all"|"after_all"
---@field fn function
---@field name? string
---@field tags? string the tag expression as written
---@field filter? fscript.TagFilter
---@field source string defining file (`short_src`)
---@field line integer
---@field seq integer position among the run's step definitions and hooks (the messages list them in that order)

---The DSL name of each kind, and the message type of each.
M.NAMES = { before = "Before", after = "After", before_step = "BeforeStep", after_step = "AfterStep",
  before_all = "BeforeAll", after_all = "AfterAll" }
M.MESSAGE_TYPES = { before = "BEFORE_TEST_CASE", after = "AFTER_TEST_CASE", before_step = "BEFORE_TEST_STEP",
  after_step = "AFTER_TEST_STEP", before_all = "BEFORE_TEST_RUN", after_all = "AFTER_TEST_RUN" }

---Reads a hook declaration's arguments (`fn`, `"@tag", fn` or `{tags =, name =}, fn`) into a definition; misuse
---raises at `level` naming the argument.
---@param kind string
---@param a any
---@param b any
---@param level integer
---@return fscript.HookDefinition
function M.declare(kind, a, b, level)
  local name = M.NAMES[kind]
  local opts, fn = a, b
  if b == nil and type(a) == "function" then opts, fn = {}, a end
  if type(opts) == "string" then opts = { tags = opts } end
  if type(opts) ~= "table" then
    error(("bad argument #1 to '%s' (a tag expression, an options table or a function expected, got %s)")
      :format(name, type(opts)), level + 1)
  end
  if type(fn) ~= "function" then
    error(("bad argument #2 to '%s' (function expected, got %s)"):format(name, type(fn)), level + 1)
  end
  for key in pairs(opts) do
    if key ~= "tags" and key ~= "name" then
      error(("bad argument #1 to '%s' (unknown option %q; known: name, tags)"):format(name, tostring(key)), level + 1)
    end
  end
  if opts.name ~= nil and type(opts.name) ~= "string" then
    error(("bad argument #1 to '%s' (name must be a string, got %s)"):format(name, type(opts.name)), level + 1)
  end
  local def = { kind = kind, fn = fn, name = opts.name }
  if opts.tags ~= nil then
    if type(opts.tags) ~= "string" then
      error(("bad argument #1 to '%s' (tags must be a tag expression string, got %s)"):format(name, type(opts.tags)),
        level + 1)
    end
    local filter, err = tags_mod.parse(opts.tags)
    if not filter then error(("bad argument #1 to '%s' (%s)"):format(name, err), level + 1) end
    if (kind == "before_all" or kind == "after_all") and not filter.empty then
      error(("bad argument #1 to '%s' (a run hook has no scenario to match tags against)"):format(name), level + 1)
    end
    def.tags, def.filter = opts.tags, (not filter.empty) and filter or nil
  end
  local info = debug.getinfo(level + 1, "Sl") or { short_src = "?", currentline = 0 }
  def.source, def.line = info.short_src, info.currentline
  return def
end

---"file:line" of a hook: its identity in records (a hook defined again from the same place is the same hook).
---@param def fscript.HookDefinition
---@return string
function M.location(def)
  return ("%s:%d"):format(def.source, def.line)
end

---Adds a definition to `list`; one from the same place and kind (a file loaded twice) replaces the old one.
---@param list fscript.HookDefinition[]
---@param def fscript.HookDefinition
function M.add(list, def)
  for i, old in ipairs(list) do
    if old.kind == def.kind and old.source == def.source and old.line == def.line then
      def.seq = old.seq
      list[i] = def
      return
    end
  end
  list[#list + 1] = def
end

---The hooks of `kind` that apply to a scenario with `tags`, in the order they run (After kinds reversed).
---@param list fscript.HookDefinition[]
---@param kind string
---@param tags? string[]
---@return fscript.HookDefinition[]
function M.applying(list, kind, tags)
  local out = {}
  for _, def in ipairs(list) do
    if def.kind == kind and (not def.filter or tags_mod.matches(def.filter, tags or {})) then out[#out + 1] = def end
  end
  if kind == "after" or kind == "after_step" or kind == "after_all" then
    local n = #out
    for i = 1, n // 2 do out[i], out[n + 1 - i] = out[n + 1 - i], out[i] end
  end
  return out
end

---A new step record for a hook about to run (see `fscript.StepResult`; `hook` set).
---@param def fscript.HookDefinition
---@return fscript.StepResult
function M.record(def)
  return { keyword = M.NAMES[def.kind], text = def.name or M.location(def), depth = 0, status = "failed",
    duration = 0, hook = { kind = def.kind, name = def.name, tags = def.tags, location = M.location(def) },
    definition = M.location(def), started_at = util.now() }
end

return M
