---The DSL globals a session installs (`fscript.session`'s `install`): the step words `Given When Then And But`,
---`step parameter_type scenario before after screen this_file`, cucumber's hooks `Before After BeforeAll AfterAll
---BeforeStep AfterStep`, `pending skip eventually`, the attachments `attach log link`, `world` and
---`this_scenario`, each a closure over the session; and the checks of the `info` and `preconditions` a scenario
---or file declares.
local hooks_mod = require("fscript.run.hooks")
local attachments = require("fscript.run.attachments")
local failure = require("fscript.failure")

local M = {}

---The step keywords, each a global that runs a step.
M.KEYWORDS = { Given = true, When = true, Then = true, And = true, But = true }

---Checks a scenario's or file's `info` (names to strings, numbers or booleans: they go into every report) and
---`preconditions` (names to any value: steps and screens read them) and returns copies; misuse raises at `level`.
---@param opts table
---@param what "scenario"|"this_file" the function the user called
---@param level integer
---@return table<string, string|number|boolean> info
---@return table<string, any> preconditions
function M.facts(opts, what, level)
  local arg = what == "this_file" and "#1" or "#2"
  local info, preconditions = {}, {}
  if opts.info ~= nil then
    if type(opts.info) ~= "table" then
      error(("bad argument %s to '%s' (info must be a table, got %s)"):format(arg, what, type(opts.info)), level + 1)
    end
    for key, value in pairs(opts.info) do
      local kind = type(value)
      if type(key) ~= "string" or (kind ~= "string" and kind ~= "number" and kind ~= "boolean") then
        error(("bad argument %s to '%s' (info.%s must be a string, number or boolean, got %s)")
          :format(arg, what, tostring(key), kind), level + 1)
      end
      info[key] = value
    end
  end
  if opts.preconditions ~= nil then
    if type(opts.preconditions) ~= "table" then
      error(("bad argument %s to '%s' (preconditions must be a table, got %s)")
        :format(arg, what, type(opts.preconditions)), level + 1)
    end
    for key, value in pairs(opts.preconditions) do
      if type(key) ~= "string" then
        error(("bad argument %s to '%s' (preconditions are named: got key %s)"):format(arg, what, tostring(key)),
          level + 1)
      end
      preconditions[key] = value
    end
  end
  return info, preconditions
end

local function where(level)
  local info = debug.getinfo(level + 1, "Sl")
  if not info or info.currentline < 0 then return nil end
  return ("%s:%d"):format(info.short_src, info.currentline)
end

local function hook(list, name)
  return function(fn)
    if type(fn) ~= "function" then
      error(("bad argument #1 to '%s' (function expected, got %s)"):format(name, type(fn)), 3)
    end
    list[#list + 1] = fn
  end
end

-- Where an attachment goes now: the running step's or hook's, a run hook's, or the case's list; nil outside.
local function attachment_list(self)
  local current, case = self.current, self.case
  if current then
    current.attachments = current.attachments or {}
    return current.attachments
  end
  if self.run_hook_record then
    self.run_hook_record.attachments = self.run_hook_record.attachments or {}
    return self.run_hook_record.attachments
  end
  if not case then return nil end
  case.attachments = case.attachments or {}
  return case.attachments
end

-- `this_file{tags, info, preconditions, reset}`: the options of the file being loaded, checked.
local function this_file_of(self)
  return function(opts)
    if type(opts) ~= "table" then
      error(("bad argument #1 to 'this_file' (table expected, got %s)"):format(type(opts)), 2)
    end
    local known = { reset = true, tags = true, info = true, preconditions = true }
    for key in pairs(opts) do
      if not known[key] then
        error(("bad argument #1 to 'this_file' (unknown setting %q; known: info, preconditions, reset, tags)")
          :format(tostring(key)), 2)
      end
    end
    if opts.reset ~= nil and type(opts.reset) ~= "boolean" then
      error(("bad argument #1 to 'this_file' (reset must be a boolean, got %s)"):format(type(opts.reset)), 2)
    end
    local tags = opts.tags or {}
    if type(tags) == "string" then tags = { tags } end
    if type(tags) ~= "table" then
      error(("bad argument #1 to 'this_file' (tags must be a list of strings, got %s)"):format(type(tags)), 2)
    end
    local info, preconditions = M.facts(opts, "this_file", 2)
    self.file_options = { reset = opts.reset, tags = tags, info = info, preconditions = preconditions }
  end
end

---The DSL functions, bound to `self` (a session).
---@param self fscript.Session
---@return table<string, function>
function M.globals(self)
  local g = {}
  for keyword in pairs(M.KEYWORDS) do
    g[keyword] = function(text, data) self:run_step(keyword, text, data, where(2)) end
  end
  -- No tail calls below: the error levels and recorded lines count these frames.
  g.step = function(pattern, fn) self:step(pattern, fn, 2) end
  g.parameter_type = function(spec) self.registry:parameter_type(spec, 2) end
  g.scenario = function(name, opts, fn) self:scenario(name, opts, fn) end
  g.before = function(fn) hook(self.before_hooks, "before")(fn) end
  g.after = function(fn) hook(self.after_hooks, "after")(fn) end
  for kind, name in pairs(hooks_mod.NAMES) do
    g[name] = function(a, b)
      local def = hooks_mod.declare(kind, a, b, 2)
      self.seq = self.seq + 1
      def.seq = self.seq
      hooks_mod.add(self.hooks, def)
    end
  end
  -- A step or hook ends as pending or skipped by calling these (or returning "pending" / "skipped").
  -- Without a message they say no more than their status (`quiet`), as cucumber-js's returned "pending" does.
  g.pending = function(message)
    error(failure.new({ message = message ~= nil and tostring(message) or "pending", status = "pending",
      quiet = message == nil or nil }), 0)
  end
  g.skip = function(message)
    error(failure.new({ message = message ~= nil and tostring(message) or "skipped", status = "skipped",
      quiet = message == nil or nil }), 0)
  end
  for name, fn in pairs(attachments.globals(function() return attachment_list(self) end)) do g[name] = fn end
  g.this_file = this_file_of(self)
  -- The scenario's own table for step definitions to share state in, fresh for each scenario (and each attempt),
  -- as cucumber's World (`this` in cucumber-js).
  g.world = function()
    local case = self.case
    if not case then return nil end
    case.world = case.world or {}
    return case.world
  end
  g.this_scenario = function()
    local case = self.case
    if not case or case.script then return nil end
    return { name = case.name, tags = case.tags, info = case.info, preconditions = case.preconditions }
  end
  -- A suite's own check retried until it passes (`fscript.wait`'s retry): `eventually(fn, {timeout = 5})`.
  g.eventually = require("fscript.wait").retry
  g.screen = function(spec)
    local declared = self.navigator:declare(spec, 3)
    return declared
  end
  return g
end

return M
