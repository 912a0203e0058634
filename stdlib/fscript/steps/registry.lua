---The step registry: step definitions, matching step text to exactly one of them, and suggestions.
---A run has one registry (the runner's); specs and tools make their own with `steps.new()`.
local parameter_types = require("fscript.steps.expression.parameter_types")
local pattern = require("fscript.steps.pattern")
local util = require("fscript.util")
local failure = require("fscript.failure")

local M = {}

---@class fscript.StepDefinition
---@field pattern string the pattern as written, e.g. `I touch the button marked {string}`
---@field fn function called with the placeholder values, then the data argument if one was given
---@field source string the defining file, as Lua names it (`short_src`)
---@field line integer the line of the `step(...)` call
---@field matcher fscript.Matcher
---@field catalog? boolean true for a built-in step: a suite's own step matching the same text wins over it

---@class fscript.Registry
---@field definitions fscript.StepDefinition[] complete only once the registry was used (see `defer`)
---@field pending? fun() the deferred definitions, until the first use
---@field types fscript.ParameterTypes the parameter types its Cucumber Expressions use
local Registry = {}
Registry.__index = Registry

---Creates an empty registry.
---@return fscript.Registry
function M.new()
  return setmetatable({ definitions = {}, types = parameter_types.new() }, Registry)
end

---Defers `load`, which defines steps, until the registry is first used (define, match, run, nearest, list).
---The built-in catalog is a dozen modules to parse; `fscript -e` and the REPL should not pay for it at start.
---Its steps still come first, because they are defined before whatever use triggered them.
---@param load fun()
function Registry:defer(load)
  self.pending = load
end

-- Runs the deferred definitions once, before the first use.
local function settle(self)
  local load = self.pending
  if load then
    self.pending = nil
    load()
  end
end

---"file:line" of a definition.
---@param def fscript.StepDefinition
---@return string
function M.location(def)
  return ("%s:%d"):format(def.source, def.line)
end

---Defines a step. `level` names the stack level whose line is recorded (1 = the caller of `define`).
---The same pattern defined again from the same place replaces the old one (a file loaded twice); from another
---place both stay, and a step they match is ambiguous when it runs, as in cucumber-js (the ambiguous step's
---message names both). A suite's step may repeat a catalog step's pattern (`opts.catalog` marks the catalog's
---own): the suite's wins, see `match`.
---@param pattern_text string
---@param fn function
---@param level? integer
---@param opts? {catalog?: boolean}
---@return fscript.StepDefinition
function Registry:define(pattern_text, fn, level, opts)
  settle(self)
  level = (level or 1) + 1
  if type(pattern_text) ~= "string" then
    error(("bad argument #1 to 'step' (string expected, got %s)"):format(type(pattern_text)), level)
  end
  if type(fn) ~= "function" then
    error(("bad argument #2 to 'step' (function expected, got %s)"):format(type(fn)), level)
  end
  local ok, matcher = pcall(pattern.compile, pattern_text, self.types)
  if not ok then error(matcher, level) end
  local info = debug.getinfo(level, "Sl") or { short_src = "?", currentline = 0 }
  local def = { pattern = util.trim(pattern_text), fn = fn, source = info.short_src,
    line = info.currentline, matcher = matcher, catalog = opts and opts.catalog == true or nil }
  for i, old in ipairs(self.definitions) do
    if old.pattern == def.pattern and old.catalog == def.catalog and old.source == def.source
      and old.line == def.line then
      def.seq = old.seq
      self.definitions[i] = def
      return def
    end
  end
  self.definitions[#self.definitions + 1] = def
  return def
end

---Declares a parameter type for Cucumber Expressions (`parameter_type{name =, regexp =, …}`, see
---`fscript.steps.expression.parameter_types`); a malformed one, or a name already taken, raises at the caller's line.
---@param spec table
---@param level? integer
function Registry:parameter_type(spec, level)
  settle(self)
  local ok, err = pcall(self.types.define, self.types, spec)
  if not ok then error(err, (level or 1) + 1) end
  -- Where it was declared, for the messages' parameterType.
  local t = self.types.order[#self.types.order]
  local info = debug.getinfo((level or 1) + 1, "Sl")
  t.custom, t.source, t.line = true, info and info.short_src or "?", info and info.currentline or 0
end

---The nearest definitions to some step text: by edit distance between the text (quoted strings and
---numbers turned into placeholders) and each pattern, lower-cased.
---@param text string
---@param count? integer default 3
---@return fscript.StepDefinition[]
function Registry:nearest(text, count)
  settle(self)
  -- Bounded work whatever the text: a step's first 200 bytes say which pattern it resembles, and a distance
  -- past 100 suggests nothing anyway (every such definition ties at 101).
  local wanted = pattern.generalize(util.trim(text:sub(1, 4096))):sub(1, 200):lower()
  local scored = {}
  for i, def in ipairs(self.definitions) do
    scored[#scored + 1] = { def = def, score = util.edit_distance(wanted, def.pattern:lower(), 100), order = i }
  end
  table.sort(scored, function(a, b)
    if a.score ~= b.score then return a.score < b.score end
    return a.order < b.order
  end)
  local result = {}
  for i = 1, math.min(count or 3, #scored) do result[i] = scored[i].def end
  return result
end

local function listing(defs)
  local lines = {}
  for _, def in ipairs(defs) do
    lines[#lines + 1] = ("  %s  (%s)"):format(def.pattern, def.location or M.location(def))
  end
  return table.concat(lines, "\n")
end

---The error of a step that several definitions match (also what a message stream's reader says for an
---ambiguous step, whose definitions the stream lists).
---@param text string the step's text
---@param defs {pattern: string, location?: string}[] the definitions, with `location` or `source` and `line`
---@return string
function M.ambiguous_message(text, defs)
  return ("Ambiguous step: %s matches %d step definitions:\n%s"):format(text, #defs, listing(defs))
end

-- Every definition matching the text, in definition order, with the placeholder values of each.
local function matching(self, text)
  local found, found_args = {}, {}
  for _, def in ipairs(self.definitions) do
    local ok, args = pcall(pattern.match, def.matcher, text)
    if not ok then
      if type(args) ~= "string" then error(args, 0) end -- an interrupt or a fatal error passes as it is
      error(("%s: %s"):format(M.location(def), args), 0)
    end
    if args then
      found[#found + 1] = def
      found_args[#found] = args
    end
  end
  return found, found_args
end

---Finds the one definition matching the text. A suite's own step (anything not from the built-in catalog)
---wins over catalog steps matching the same text, as a project's own definitions shadow a library's; two
---suite steps, or two catalog steps, that match stay ambiguous. No match or several matches are expected
---failures: they return nil and a message that lists the nearest (or all matching) definitions.
---@param text string
---@return fscript.StepDefinition? def
---@return any[]|string args_or_err the placeholder values, or the message
---@return fscript.StepDefinition[]? overridden the catalog steps that matched too, when a suite step won
function Registry:match(text)
  settle(self)
  local found, found_args = matching(self, text)
  local own, own_args, overridden = {}, {}, {}
  for i, def in ipairs(found) do
    if def.catalog then
      overridden[#overridden + 1] = def
    else
      own[#own + 1], own_args[#own + 1] = def, found_args[i]
    end
  end
  if #own > 0 then found, found_args = own, own_args else overridden = nil end
  if #found == 1 then return found[1], found_args[1], overridden end
  text = util.trim(text)
  if #found > 1 then
    return nil, M.ambiguous_message(text, found)
  end
  local nearest, unusable = self:nearest(text), {}
  for _, def in ipairs(self.definitions) do
    if def.matcher.problem then
      unusable[#unusable + 1] = ("\n%s cannot match any step:\n%s"):format(M.location(def), def.matcher.problem)
    end
  end
  local notes = table.concat(unusable)
  if #nearest == 0 then return nil, ("Undefined step: %s (no steps are defined)%s"):format(text, notes) end
  return nil, ("Undefined step: %s\nDid you mean:\n%s%s"):format(text, listing(nearest), notes)
end

---Runs the step matching `text` with an optional data argument (a list for "… the following:").
---Undefined and ambiguous steps raise their message; the step's own errors pass through. `matched`, when given,
---hears the definition before it runs, so a step that then fails or is pending still says which one it was.
---@param text string
---@param data? any
---@param matched? fun(def: fscript.StepDefinition)
---@return fscript.StepDefinition def the definition that ran
function Registry:run(text, data, matched)
  local def, args = self:match(text)
  if not def then
    -- cucumber's statuses for a step no definition (or several) matches, not a failure of the step's code.
    local why = args:find("^Ambiguous step: ") and "ambiguous" or "undefined"
    error(failure.new({ message = args, status = why }), 0)
  end
  if matched then matched(def) end
  ---@cast args any[]
  local n = args.n or #args
  if data ~= nil then
    args[n + 1] = data
    n = n + 1
  end
  M.outcome(def.fn(table.unpack(args, 1, n)))
  return def
end

---Reads what a step or hook function returned: the string "pending" or "skipped" ends it with that status, as
---cucumber-js's return values do; anything else is ignored.
---@param result any
function M.outcome(result)
  if result == "pending" or result == "skipped" then
    error(failure.new({ message = result, status = result, quiet = true }), 0)
  end
end

---The test step cucumber would make of `text`, before it runs: the definitions that match it (a suite's own
---over the catalog's, as `match` decides; none: undefined; several: ambiguous) and, for each, its arguments as
---cucumber's match groups (`{start, value, children}`, start in UTF-16 code units, with the parameter type's
---name).
---@param text string
---@return {definitions: string[], arguments: table[][], seqs: integer[]}
function Registry:plan(text)
  settle(self)
  text = util.trim(text)
  local found = {}
  for _, def in ipairs(self.definitions) do
    local ok, args = pcall(pattern.match, def.matcher, text)
    if ok and args then found[#found + 1] = def end
  end
  local own = {}
  for _, def in ipairs(found) do if not def.catalog then own[#own + 1] = def end end
  if #own > 0 then found = own end
  local plan = { definitions = {}, arguments = {} }
  for i, def in ipairs(found) do
    plan.definitions[i] = M.location(def)
    plan.arguments[i] = pattern.groups(def.matcher, text) or {}
  end
  return plan
end

---Every definition, in definition order, as plain records for listing (`fscript steps`).
---@return {pattern: string, source: string, line: integer, location: string}[]
function Registry:list()
  settle(self)
  local result = {}
  for i, def in ipairs(self.definitions) do
    result[i] = { pattern = def.pattern, source = def.source, line = def.line, location = M.location(def) }
  end
  return result
end

return M
