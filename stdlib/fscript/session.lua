---A session holds what scripts declare (steps, screens, scenarios, hooks) and runs steps, recording
---each one into the current test case. The runner makes one per run and installs its DSL globals:
---`Given When Then And But step scenario before after screen` (the only globals the stdlib creates).
local steps = require("fscript.steps")
local data_table = require("fscript.data_table")
local failure = require("fscript.failure")
local util = require("fscript.util")

local M = {}

---@class fscript.StepResult
---@field keyword string Given, When, Then, And, But (or "" for entry steps without one)
---@field text string the step text
---@field status "passed"|"failed"
---@field duration number seconds
---@field depth integer 0 for a script's own steps, 1+ for steps run by other steps (navigation); a case lists
---a step before the steps it ran
---@field where? string "file:line" of the line that ran it
---@field definition? string "file:line" of the step definition
---@field error? string the failure message
---@field argument? "table"|"doc" the kind of argument the step had
---@field data_table? string[][] its data table (a list of rows of cells), when it had one
---@field doc_string? string its doc string, when it had one
---@field background? boolean a `.feature` file's Background step

---@class fscript.Case a scenario's (or a whole script's) record
---@field name string
---@field tags string[]
---@field status "passed"|"failed"|"skipped"|"running"
---@field duration number
---@field steps fscript.StepResult[]
---@field output string[] lines printed while it ran
---@field failure? fscript.Failure
---@field artifacts? string[] files written for the failure

---@class fscript.ScenarioSpec
---@field name string
---@field tags string[]
---@field limits {wait?: number, validation?: number, timeout?: number}
---@field fn function
---@field where string

---@class fscript.Session
---@field registry fscript.Registry
---@field navigator fscript.Navigator made on first use
---@field scenarios fscript.ScenarioSpec[] declared by the file being loaded
---@field before_hooks function[]
---@field after_hooks function[]
---@field case? fscript.Case where step results go
---@field on_step? fun(case: fscript.Case, result: fscript.StepResult)
---@field depth integer
local Session = {}
-- The navigator is made on first use: its module and theirs are a third of what `fscript -e` parses.
function Session.__index(self, key)
  if key == "navigator" then
    local navigator = require("fscript.screens").new(function(text) self:run_step("", text, nil, "") end)
    rawset(self, "navigator", navigator)
    return navigator
  end
  return Session[key]
end

---Creates a session; with `catalog ~= false` the built-in steps are defined, on the registry's first use.
---@param opts? {catalog?: boolean}
---@return fscript.Session
function M.new(opts)
  local self = setmetatable({ registry = steps.new(), scenarios = {}, before_hooks = {}, after_hooks = {},
    depth = 0 }, Session)
  if not opts or opts.catalog ~= false then
    self.registry:defer(function() require("fscript.catalog").install(self) end)
  end
  return self
end

---Defines a step; `level` is the stack level (above the caller) whose line is recorded.
---@param pattern string
---@param fn function
---@param level? integer
function Session:step(pattern, fn, level)
  local def = self.registry:define(pattern, fn, (level or 1) + 1)
  return def -- not a tail call: the level counts this frame
end

local KEYWORDS = { Given = true, When = true, Then = true, And = true, But = true }

---Splits a leading keyword off entry-step text: "When I touch 'X'" → "When", "I touch 'X'".
---@param text string
---@return string keyword
---@return string rest
function M.split_keyword(text)
  local word, rest = util.trim(text):match("^(%a+)%s+(.*)$")
  if word and KEYWORDS[word] then return word, rest end
  return "", util.trim(text)
end

-- Adds a starting step to the case: before the steps it runs (navigation), so every report lists a parent step
-- first and its nested steps after it. Returns where it stands in the case's list.
local function record(self, result)
  if not self.case then return nil end
  local list = self.case.steps
  list[#list + 1] = result
  return #list
end

-- Tells `on_step` about an outermost step once it has finished, then the steps it ran, in the order they started.
local function announce(self, case, from)
  if not (case and from and self.on_step) or self.depth > 0 then return end
  for i = from, #case.steps do self.on_step(case, case.steps[i]) end
end

-- A step's data table as rows of strings, when `data` is one (a list of lists of plain values), else nil.
local function rows_of(data)
  if type(data) ~= "table" or #data == 0 then return nil end
  local rows = {}
  for r, row in ipairs(data) do
    if type(row) ~= "table" or #row == 0 then return nil end
    local cells = {}
    for c, cell in ipairs(row) do
      local kind = type(cell)
      if kind ~= "string" and kind ~= "number" and kind ~= "boolean" then return nil end
      cells[c] = tostring(cell)
    end
    rows[r] = cells
  end
  return rows
end

local function label(keyword, text)
  return keyword == "" and text or (keyword .. " " .. text)
end

---Runs one step and records it. A failure is re-raised as an fscript.Failure naming the step.
---A data argument that is a list of lists of strings reaches the step as an `fscript.DataTable`, as a
---Gherkin data table does (`Given("…", {{"name"}, {"alice"}})` → `rows:hashes()`).
---@param keyword string
---@param text string
---@param data? any
---@param where? string "file:line" of the user's line
---@param background? boolean a `.feature` file's Background step
function Session:run_step(keyword, text, data, where, background)
  if type(text) ~= "string" then
    error(("bad argument #1 to '%s' (string expected, got %s)"):format(keyword, type(text)), 3)
  end
  data = data_table.from(data)
  if keyword == "" then keyword, text = M.split_keyword(text) end
  local result = { keyword = keyword, text = text, depth = self.depth, where = where ~= "" and where or nil,
    argument = (type(data) == "table" and "table") or (type(data) == "string" and "doc") or nil,
    -- Failed until it finishes: a report written meanwhile (the run stopped inside it) must not call it passed.
    data_table = rows_of(data), background = background or nil, status = "failed", duration = 0 }
  if type(data) == "string" then
    result.doc_string = data
  elseif type(data) == "table" and type(data.doc_string) == "string" then
    result.doc_string = data.doc_string
  end
  local case = self.case
  local position = record(self, result)
  local started = util.clock()
  self.depth = self.depth + 1
  local ok, err = xpcall(function()
    local def = self.registry:run(text, data)
    result.definition = steps.location(def)
  end, function(e)
    local f = failure.from(e, 2) -- not a tail call: keeps the raising frame at level 2 (see runner.protected)
    return f
  end)
  self.depth = self.depth - 1
  result.duration = util.clock() - started
  result.status = ok and "passed" or "failed"
  if not ok then
    result.error = err.message
    err.step = err.step and (label(keyword, text) .. " > " .. err.step) or label(keyword, text)
    err.where = result.where or err.where
  end
  announce(self, case, position)
  if not ok then error(err, 0) end
end

-- Checks a scenario's or file's `info` (names to strings, numbers or booleans: they go into every report) and
-- `preconditions` (names to any value: steps and screens read them) and returns copies; misuse raises at `level`.
local function facts(opts, what, level)
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
        error(("bad argument %s to '%s' (preconditions are named: got key %s)"):format(arg, what, tostring(key)), level + 1)
      end
      preconditions[key] = value
    end
  end
  return info, preconditions
end

---Declares a scenario in the file being loaded. The file's `this_file{tags, info, preconditions}` (wherever in
---the file it is called) apply to it too; its own entries win.
---@param name string
---@param opts? {tags?: string[], timeout?: number, wait?: number, validation?: number, reset?: boolean, info?: table<string, string|number|boolean>, preconditions?: table<string, any>}
---@param fn function
function Session:scenario(name, opts, fn)
  if fn == nil and type(opts) == "function" then opts, fn = {}, opts end
  if type(name) ~= "string" then
    error(("bad argument #1 to 'scenario' (string expected, got %s)"):format(type(name)), 3)
  end
  if type(opts) ~= "table" then
    error(("bad argument #2 to 'scenario' (table expected, got %s)"):format(type(opts)), 3)
  end
  if type(fn) ~= "function" then
    error(("bad argument #3 to 'scenario' (function expected, got %s)"):format(type(fn)), 3)
  end
  local tags = opts.tags or {}
  if type(tags) == "string" then tags = { tags } end
  if opts.reset ~= nil and type(opts.reset) ~= "boolean" then
    error(("bad argument #2 to 'scenario' (reset must be a boolean, got %s)"):format(type(opts.reset)), 3)
  end
  local info, preconditions = facts(opts, "scenario", 3)
  local at = debug.getinfo(3, "Sl")
  self:add_scenario({ name = name, tags = tags, fn = fn, reset = opts.reset,
    info = info, preconditions = preconditions,
    limits = { wait = opts.wait, validation = opts.validation, timeout = opts.timeout },
    where = at and ("%s:%d"):format(at.short_src, at.currentline) or "?" })
end

---Adds a checked scenario spec to the file being loaded (`scenario()` and `.feature` files both end here).
---@param spec {name: string, tags: string[], fn: function, where: string, reset?: boolean, info?: table, preconditions?: table, limits?: table}
function Session:add_scenario(spec)
  spec.info, spec.preconditions, spec.limits = spec.info or {}, spec.preconditions or {}, spec.limits or {}
  self.scenarios[#self.scenarios + 1] = spec
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

---The DSL functions, bound to this session.
---@return table<string, function>
function Session:globals()
  local g = {}
  for keyword in pairs(KEYWORDS) do
    g[keyword] = function(text, data) self:run_step(keyword, text, data, where(2)) end
  end
  -- No tail calls below: the error levels and recorded lines count these frames.
  g.step = function(pattern, fn) self:step(pattern, fn, 2) end
  g.parameter_type = function(spec) self.registry:parameter_type(spec, 2) end
  g.scenario = function(name, opts, fn) self:scenario(name, opts, fn) end
  g.before = function(fn) hook(self.before_hooks, "before")(fn) end
  g.after = function(fn) hook(self.after_hooks, "after")(fn) end
  g.this_file = function(opts)
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
    local info, preconditions = facts(opts, "this_file", 2)
    self.file_options = { reset = opts.reset, tags = tags, info = info, preconditions = preconditions }
  end
  g.this_scenario = function()
    local case = self.case
    if not case or case.script then return nil end
    return { name = case.name, tags = case.tags, info = case.info, preconditions = case.preconditions }
  end
  g.screen = function(spec)
    local declared = self.navigator:declare(spec, 3)
    return declared
  end
  return g
end

---A new session with its DSL globals installed in `env` (default `_G`): what `fscript -e` and the REPL use.
---@param env? table
---@return fscript.Session
function M.install_dsl(env)
  local session = M.new()
  session:install(env)
  return session
end

---Installs the DSL globals into `env` (default `_G`).
---@param env? table
function Session:install(env)
  env = env or _G
  for name, fn in pairs(self:globals()) do rawset(env, name, fn) end
  M.current = self
  require("fscript.screenshots").install()
end

---Starts collecting declarations for a new file: scenarios and hooks belong to the file that declares them;
---steps and screens stay for the whole run.
function Session:begin_file()
  self.scenarios, self.before_hooks, self.after_hooks, self.file_options = {}, {}, {}, {}
end

-- `base` with `over`'s entries on top, as a new table.
local function merged(base, over)
  local out = {}
  for k, v in pairs(base or {}) do out[k] = v end
  for k, v in pairs(over or {}) do out[k] = v end
  return out
end

---Applies the file's `this_file{tags, info, preconditions}` to its scenarios, once the whole file has loaded.
function Session:apply_file_options()
  local file = self.file_options
  for _, spec in ipairs(self.scenarios) do
    local tags = {}
    for _, tag in ipairs(file.tags or {}) do tags[#tags + 1] = tag end
    for _, tag in ipairs(spec.tags) do tags[#tags + 1] = tag end
    spec.tags = tags
    spec.info = merged(file.info, spec.info)
    spec.preconditions = merged(file.preconditions, spec.preconditions)
  end
end

return M
