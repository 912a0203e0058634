---A session holds what scripts declare (steps, screens, scenarios, hooks) and runs steps, recording
---each one into the current test case. The runner makes one per run and installs its DSL globals (made in
---`fscript.dsl`): `Given When Then And But step scenario before after screen`, cucumber's hooks `Before After
---BeforeAll AfterAll BeforeStep AfterStep`, `pending skip`, the attachments `attach log link` and `world` (the
---only globals the stdlib creates).
local steps = require("fscript.steps.registry")
local hooks_mod = require("fscript.run.hooks")
local status_mod = require("fscript.events.status")
local data_table = require("fscript.steps.data_table")
local failure = require("fscript.failure")
local util = require("fscript.util")
local dsl = require("fscript.dsl")

local M = {}

---@class fscript.StepResult
---@field keyword string Given, When, Then, And, But (or "" for entry steps without one)
---@field text string the step text
---@field status fscript.Status passed, failed, pending, skipped, undefined, ambiguous (cucumber's, lower case)
---@field duration number seconds
---@field started_at? number seconds since the epoch when it started
---@field traceback? string the failure's traceback
---@field attachments? fscript.Attachment[] what the step (or hook) attached
---@field hook? {kind: string, name?: string, tags?: string, location: string} set for a cucumber hook's record
---@field pickle_step? integer a `.feature` step's position in its pickle
---@field depth integer 0 for a script's own steps, 1+ for steps run by other steps (navigation); a case lists
---a step before the steps it ran
---@field where? string "file:line" of the line that ran it
---@field definition? string "file:line" of the step definition it matched, whatever its status
---@field error? string the failure message
---@field argument? "table"|"doc" the kind of argument the step had
---@field data_table? string[][] its data table (a list of rows of cells), when it had one
---@field doc_string? string its doc string, when it had one
---@field background? boolean a `.feature` file's Background step

---@class fscript.Case a scenario's (or a whole script's) record
---@field name string
---@field tags string[]
---@field status fscript.Status|"running" cucumber's statuses: the worst of its steps' and hooks'
---@field duration number
---@field started_at? number seconds since the epoch
---@field attachments? fscript.Attachment[] attached outside any step
---@field attempts? fscript.Case[] the earlier attempts of a retried case (`--retry`), oldest first
---@field attempt? integer 0 for the first attempt
---@field will_be_retried? boolean this attempt failed and another follows
---@field flaky? boolean an earlier attempt failed and this one passed
---@field rank? integer its place in its file's run order (`--order`; the file's top level has none: first)
---@field pickle_index? integer a `.feature` case's pickle: its position in `gherkin.pickles(doc)` order
---@field plan? table[] a `.feature` case's test steps as matched before it ran: per pickle step
---{definitions = {"file:line"…}, arguments = {groups…}} (`Registry:plan`)
---@field steps fscript.StepResult[]
---@field output string[] lines printed while it ran
---@field failure? fscript.Failure
---@field artifacts? string[] files written for the failure

---@class fscript.ScenarioSpec
---@field name string
---@field tags string[]
---@field limits? {wait?: number, validation?: number, timeout?: number}
---@field fn function
---@field where string
---@field reset? boolean
---@field info? table
---@field preconditions? table

---@class fscript.Session
---@field registry fscript.Registry
---@field navigator fscript.Navigator made on first use
---@field scenarios fscript.ScenarioSpec[] declared by the file being loaded
---@field before_hooks function[] the file's own `before`
---@field after_hooks function[] the file's own `after`
---@field hooks fscript.HookDefinition[] cucumber's hooks, run-wide, in definition order
---@field seq integer definitions so far (step definitions and hooks share the count)
---@field current? fscript.StepResult the top-level step or hook running, where attachments go
---@field case? fscript.Case where step results go
---@field on_step? fun(case: fscript.Case, result: fscript.StepResult)
---@field bus? fscript.Bus the run's event stream (`fscript.events.bus`), while a run uses the session: a suite's own
---kinds may go on it (declared in `fscript.run.parallel.protocol`, they reach a parallel run's parent); the engine's
---kinds are the engine's to publish, since the reports are folded from them
---@field tracer? fscript.TraceRecorder the current scenario's trace, told when each step starts and ends
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
    hooks = {}, seq = 0, depth = 0 }, Session)
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
  if not def.seq then
    self.seq = self.seq + 1
    def.seq = self.seq
  end
  return def -- not a tail call: the level counts this frame
end

---Splits a leading keyword off entry-step text: "When I touch 'X'" → "When", "I touch 'X'".
---@param text string
---@return string keyword
---@return string rest
function M.split_keyword(text)
  local word, rest = util.trim(text):match("^(%a+)%s+(.*)$")
  if word and dsl.KEYWORDS[word] then return word, rest end
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
---@param pickle_step? integer a `.feature` step's position in its pickle
function Session:run_step(keyword, text, data, where, background, pickle_step)
  if type(text) ~= "string" then
    error(("bad argument #1 to '%s' (string expected, got %s)"):format(keyword, type(text)), 3)
  end
  data = data_table.from(data)
  if keyword == "" then keyword, text = M.split_keyword(text) end
  local result = { keyword = keyword, text = text, depth = self.depth, where = where ~= "" and where or nil,
    argument = (type(data) == "table" and "table") or (type(data) == "string" and "doc") or nil,
    -- Failed until it finishes: a report written meanwhile (the run stopped inside it) must not call it passed.
    data_table = rows_of(data), background = background or nil, status = "failed", duration = 0,
    started_at = util.now(), pickle_step = pickle_step }
  if type(data) == "string" then
    result.doc_string = data
  elseif type(data) == "table" and type(data.doc_string) == "string" then
    result.doc_string = data.doc_string
  end
  local case = self.case
  local position = record(self, result)
  local tracer = self.tracer
  if tracer then tracer:step_begin(result) end
  local started = util.clock()
  -- A scenario's own step (not one a step ran) is a test step: cucumber's BeforeStep and AfterStep hooks run
  -- around it, their outcome is the step's, and what is attached meanwhile is the step's.
  local top = result.depth == 0 and case ~= nil and not self.in_hook
  local saved_current = self.current
  if top then self.current = result end
  self.depth = self.depth + 1
  local function handler(e)
    local f = failure.from(e, 2) -- not a tail call: keeps the raising frame at level 2 (see runner.protected)
    return f
  end
  local ok, err = true, nil
  if top then ok, err = self:run_step_hooks("before_step", case, handler) end
  if not ok and pickle_step and case.plan then
    -- A BeforeStep hook stopped it before it ran: the definition cucumber matched it to beforehand.
    local plan = case.plan[pickle_step]
    if plan and #plan.definitions == 1 then result.definition = plan.definitions[1] end
  end
  if ok then
    -- The definition it matched, whatever its outcome: cucumber's reports name it for a failed or pending step too.
    ok, err = xpcall(function()
      self.registry:run(text, data, function(def) result.definition = steps.location(def) end)
    end, handler)
  end
  if top then
    local after_ok, after_err = self:run_step_hooks("after_step", case, handler)
    if ok and not after_ok then ok, err = false, after_err end
  end
  self.depth = self.depth - 1
  if top then self.current = saved_current end
  result.duration = util.clock() - started
  result.status = ok and "passed" or status_mod.of_error(err)
  if not ok then
    result.error = err.message
    result.traceback, result.quiet = err.traceback, err.quiet
    err.step = err.step and (label(keyword, text) .. " > " .. err.step) or label(keyword, text)
    err.where = result.where or err.where
    -- An undefined step of the scenario's own carries the snippet that would define it (the messages' suggestion).
    if result.depth == 0 and result.status == "undefined" then
      result.snippets = require("fscript.steps.snippets").snippets(text, result.argument, self.registry.types)
    end
    -- A step that a step ran and that is undefined or ambiguous is a failure of the step that ran it.
    if result.depth > 0 and (err.status == "undefined" or err.status == "ambiguous") then err.status = nil end
  end
  if tracer then tracer:step_end(result) end
  announce(self, case, position)
  if not ok then error(err, 0) end
end

---Runs cucumber's BeforeStep or AfterStep hooks (`kind`) that apply to the case, all of them (an AfterStep hook
---runs after a failure too); returns false and the first failure when one did not pass.
---@param kind "before_step"|"after_step"
---@param case fscript.Case
---@param handler function the error handler
---@return boolean ok
---@return fscript.Failure? err
function Session:run_step_hooks(kind, case, handler)
  local list = hooks_mod.applying(self.hooks, kind, case.tags)
  local ok, first = true, nil
  for _, def in ipairs(list) do
    self.in_hook = true
    local done, err = xpcall(def.fn, handler, { name = case.name, tags = case.tags })
    self.in_hook = false
    if not done and ok then ok, first = false, err end
    if kind == "before_step" and not ok then break end
  end
  return ok, first
end

---Declares a scenario in the file being loaded. The file's `this_file{tags, info, preconditions}` (wherever in
---the file it is called) apply to it too; its own entries win.
---@param name string
---@param opts? fscript.ScenarioOptions
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
  local info, preconditions = dsl.facts(opts, "scenario", 3)
  local at = debug.getinfo(3, "Sl")
  self:add_scenario({ name = name, tags = tags, fn = fn, reset = opts.reset,
    info = info, preconditions = preconditions,
    limits = { wait = opts.wait, validation = opts.validation, timeout = opts.timeout },
    where = at and ("%s:%d"):format(at.short_src, at.currentline) or "?" })
end

---Adds a checked scenario spec to the file being loaded (`scenario()` and `.feature` files both end here).
---@param spec fscript.ScenarioSpec
function Session:add_scenario(spec)
  spec.info, spec.preconditions, spec.limits = spec.info or {}, spec.preconditions or {}, spec.limits or {}
  self.scenarios[#self.scenarios + 1] = spec
end

---The DSL functions, bound to this session (see `fscript.dsl`).
---@return table<string, function>
function Session:globals()
  return dsl.globals(self)
end

---A new session with its DSL globals installed in `env` (default `_G`): what `fscript -e` and the REPL use.
---@param env? table
---@return fscript.Session
function M.install_dsl(env)
  local session = M.new()
  session:install(env)
  -- A chunk runs its code as it goes; nothing runs the scenarios it would declare, so declaring one is a mistake
  -- to say at once (it used to be dropped without a word, and the chunk passed).
  ;(env or _G).scenario = function(name)
    error(("scenario %q is not run here: a chunk (-e, standard input, the REPL) runs its code directly; put the "
      .. "scenario in a .lua file and run fscript FILE.lua, or run its body here"):format(tostring(name)), 2)
  end
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
