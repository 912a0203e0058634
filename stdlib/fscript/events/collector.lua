---Folds a run's events into the record every report renders (cucumber-js's `EventDataCollector`): the files with
---their cases, and the run facts the messages need besides them. One collector for each way a run is gathered:
---a serial run and a worker hear their engine's events as they happen; a parallel run's parent hears its workers'
---(`fscript.run.parallel.protocol`), and `fscript merge-reports` replays each input's cases and facts through it.
---
---In order (a serial run, a worker): a case joins the file last started, so the record is the run's own order, and
---an attempt that will be retried leaves it (the next attempt carries it). Gathered (`gather = true`: the parent,
---merge-reports): a case joins the file its event names (`path`), whatever came in between, and `sorted_files`
---puts each file's cases in the run's order (`case_before`); with `unique` (merge-reports, whose inputs must be
---disjoint) a case already there (the same index and name) is not added twice but kept as the collector's
---`duplicate`.
---
---Its handlers are named after the events they fold (cucumber's message kinds, camelCase), as the bus calls them.
local M = {}

---@class fscript.RunFacts what a run says of itself besides its cases
---@field support? table its step definitions, hooks and parameter types
---@field run_hooks? table[] its BeforeAll and AfterAll hooks' results, as step records
---@field run_hook_failed? true
---@field started_at? number
---@field strict? boolean
---@field exception? string an error outside any step or hook
---@field exception_where? string
---@field final? true the part's last facts: `run_hooks` are its AfterAll hooks'

---@class fscript.Collector
---@field files table[] the file records, in the order they started (`fileStarted`), or by path when gathered
---@field gather boolean
---@field unique boolean gathered: a case heard twice is kept once, as `duplicate`
---@field duplicate? {path: string, name: string} the first case heard twice (gathered, unique)
---@field facts_so_far table the run facts folded so far (see `facts`)
---@field current? table in order: the file a case joins
---@field by_path table<string, table> gathered: each file's record by its path
---@field seen table<string, true> gathered, unique: the cases heard, by path, index and name
---@field held table<table, table> in order: the file each started case joined (weak keys)
local Collector = {}
Collector.__index = Collector

---A case before another in the run's order: by its place in its file's run order (`rank`), then its position.
---@param a table
---@param b table
---@return boolean
function M.case_before(a, b)
  if (a.rank or 0) ~= (b.rank or 0) then return (a.rank or 0) < (b.rank or 0) end
  return (a.index or 0) < (b.index or 0)
end

---A collector folding into `files` (a fresh list when nil; a serial run passes its state's, so the engine reads
---what it folded).
---@param opts? {files?: table[], gather?: boolean, unique?: boolean}
---@return fscript.Collector
function M.new(opts)
  opts = opts or {}
  return setmetatable({ files = opts.files or {}, gather = opts.gather == true, unique = opts.unique == true,
    by_path = {}, seen = {},
    held = setmetatable({}, { __mode = "k" }), facts_so_far = {} }, Collector)
end

---Forgets the files folded so far (in place: whoever holds `files` sees it empty); a worker does so per unit.
function Collector:clear()
  for i = #self.files, 1, -1 do self.files[i] = nil end
  self.by_path, self.seen, self.current = {}, {}, nil
  self.held = setmetatable({}, { __mode = "k" })
end

-- The gathered record of `path`, made (with what `meta` says of the file) when it is new.
local function file_at(self, path, meta)
  local file = self.by_path[path]
  if not file then
    meta = meta or {}
    file = { path = path, cases = {}, position = meta.position, defined = meta.defined,
      load_error = meta.load_error, source = meta.source }
    self.by_path[path] = file
    self.files[#self.files + 1] = file
  end
  return file
end

---A file starts: in order, its record (the engine's own table) is the run's next file; gathered, what it says
---of the file (position, defined, load error, source) is kept unless the file is known already.
---@param event {file: table}
function Collector:fileStarted(event)
  if self.gather then
    file_at(self, event.file.path, event.file)
    return
  end
  self.files[#self.files + 1] = event.file
  self.current = event.file
end

---A file is done: one whose scenarios the filter or the shard all left out did not take part, and is dropped.
---@param event {file: table}
function Collector:fileFinished(event)
  local file = event.file
  if not self.gather and #file.cases == 0 and self.files[#self.files] == file then self.files[#self.files] = nil end
end

---A case starts (in order): it joins the file at once, so a case an error outside it cut short is still the
---run's (as running, which counts as failed).
---@param event {case: table}
function Collector:testCaseStarted(event)
  if self.gather then return end
  local file = self.current
  file.cases[#file.cases + 1] = event.case
  self.held[event.case] = file
end

---A case is done: it joins its file (unless it joined when it started), or leaves it when it will be retried
---(its next attempt carries it).
---@param event {case: table, path?: string}
function Collector:testCaseFinished(event)
  local case = event.case
  local held = self.held[case]
  if case.will_be_retried and not self.gather then
    if held and held.cases[#held.cases] == case then held.cases[#held.cases] = nil end
    self.held[case] = nil
    return
  end
  if held then return end
  local file
  if self.gather then
    file = file_at(self, event.path)
    if self.unique then
      local key = event.path .. "\0" .. tostring(case.index) .. "\0" .. case.name
      if self.seen[key] then
        self.duplicate = self.duplicate or { path = event.path, name = case.name }
        return
      end
      self.seen[key] = true
    end
  else
    file = self.current
  end
  file.cases[#file.cases + 1] = case
end

-- Adds the items of `b` missing from `a` (by `key`), keeping `a`'s order.
local function union(a, b, key)
  local out, seen = {}, {}
  for _, list in ipairs({ a or {}, b or {} }) do
    for _, item in ipairs(list) do
      local k = key(item)
      if not seen[k] then
        seen[k] = true
        out[#out + 1] = item
      end
    end
  end
  return out
end

---Two runs' support code as one (`fscript.run.lifecycle`'s `support`: a parallel run's workers', merged shards'):
---each definition, hook and type once, a definition's place in the list as the run that defined it first had it.
---@param a? table
---@param b? table
---@return table?
function M.merge_support(a, b)
  if type(a) ~= "table" then return type(b) == "table" and b or nil end
  if type(b) ~= "table" then return a end
  local function by_location(item)
    return tostring(item.location or (item.source or "") .. ":" .. tostring(item.line)) .. (item.hook or "")
  end
  local definitions = union(a.definitions, b.definitions, by_location)
  -- In definition order, as one run lists them (shards and workers load the same support files in one order).
  table.sort(definitions, function(x, y)
    if (x.seq or 0) ~= (y.seq or 0) then return (x.seq or 0) < (y.seq or 0) end
    return by_location(x) < by_location(y)
  end)
  return { definitions = definitions,
    parameter_types = union(a.parameter_types, b.parameter_types, function(t) return t.name end),
    undefined_parameter_types = union(a.undefined_parameter_types, b.undefined_parameter_types,
      function(u) return u.expression end) }
end

---What a run (a worker, a shard) says of itself besides its cases, folded into what the parts say together:
---every part's support code (merged: a catalog step one part used is listed), the first part's BeforeAll and
---AfterAll results (every part runs the same hooks), the earliest start, the first strictness and exception,
---and whether any run hook failed.
---@param event fscript.RunFacts
function Collector:runFacts(event)
  local f = self.facts_so_far
  f.support = M.merge_support(f.support, event.support)
  -- As given (a report's false too, which its JSON writes again), true once any part says so.
  f.run_hook_failed = f.run_hook_failed or event.run_hook_failed
  if type(event.started_at) == "number" and (not f.started_at or event.started_at < f.started_at) then
    f.started_at = event.started_at
  end
  if f.strict == nil and event.strict ~= nil then f.strict = event.strict end
  if event.exception and not f.exception then
    f.exception, f.exception_where = event.exception, event.exception_where
  end
  -- A part's last facts (`final`) carry its AfterAll hooks alone; the others its BeforeAll (and, from a report,
  -- AfterAll) hooks.
  local list = type(event.run_hooks) == "table" and #event.run_hooks > 0 and event.run_hooks or nil
  local slot = event.final and "after" or "before"
  if list and not f[slot] then f[slot] = list end
end

---The run facts folded so far, as `fscript.run.state`'s fields: `support`, `run_hooks` (BeforeAll, then
---AfterAll), `run_hook_failed`, `started_at`, `strict` (nil when no part said), `exception`, `exception_where`.
---@return table
function Collector:facts()
  local f = self.facts_so_far
  local run_hooks = {}
  for _, list in ipairs({ f.before or {}, f.after or {} }) do
    table.move(list, 1, #list, #run_hooks + 1, run_hooks)
  end
  return { support = f.support, run_hooks = run_hooks, run_hook_failed = f.run_hook_failed, started_at = f.started_at,
    strict = f.strict, exception = f.exception, exception_where = f.exception_where }
end

---The gathered record of `path` (nil when no case or file event named it).
---@param path string
---@return table?
function Collector:file(path)
  return self.by_path[path]
end

---The gathered files, each file's cases in the run's order.
---@return table[]
function Collector:sorted_files()
  for _, file in ipairs(self.files) do table.sort(file.cases, M.case_before) end
  return self.files
end

return M
