---A scenario's trace as it runs (`--trace`, `--screenshots every-step`): for every step (a Gherkin step, a step
---called from Lua, and an `app:` action called outside any step) its text and source line, start and duration,
---the picture and view tree before and after it, the requests the app sent to every mock during it, the busy
---reasons a wait saw and the lines it printed; for an action inside a step, the action with the frame of the view
---it acted on. Swift reports the actions and busy reasons through `fscript.step_events`.
---
---Pictures and trees are kept once each, keyed by their bytes (Lua hashes every byte of a string key), so a step
---that changed nothing adds none. Nothing is taken from a target the scenario has not used yet, nor while its
---launch is put off until first use: a picture must never launch the app before the scenario's mocks are in
---place. On a target with a change feed (the simulator, `fscript serve`) a screen that did not change since
---the latest picture costs one empty round trip and no picture; on others a step's "before" is the previous step's
---"after".
local util = require("fscript.util")
local json = require("fscript.json")

local M = {}

---@class fscript.TraceSnapshot
---@field picture? integer index into the trace's pictures
---@field tree? integer index into the trace's trees
---@field screen? {w: number, h: number} the screen's size in points (the trees' coordinates)

---@class fscript.TraceEntry
---@field kind "step"|"action"
---@field text string
---@field keyword? string
---@field where? string "file:line"
---@field depth integer
---@field start number seconds since the scenario started
---@field duration number
---@field status "passed"|"failed"
---@field error? string
---@field before? fscript.TraceSnapshot
---@field after? fscript.TraceSnapshot
---@field actions table[] {action, selector?, text?, frame?, start, duration, error?}
---@field requests table[] {server, method, path, body, status, stub?, near_miss?, time}
---@field busy string[][] the busy reasons a wait saw, each set once
---@field output string[] lines printed

---@class fscript.TraceRecorder
---@field case fscript.Case
---@field entries fscript.TraceEntry[]
---@field pictures (string|integer)[] PNG bytes in order of first appearance, or the host's number of a tree it
---draws when the trace is written
---@field trees string[] slim view trees as JSON
local Recorder = {}
Recorder.__index = Recorder

---The mode a run's options give, checked by `fscript.run.settings`: "on", "off" or "retain-on-failure" (the default).
---@param opts table
---@return string trace
---@return boolean every_step
function M.modes(opts)
  return opts.trace or "retain-on-failure", opts.screenshots == "every-step"
end

-- The host's step-event observer (nil under a host without one: then no actions, busy reasons or requests).
local function events()
  return package.loaded["fscript.step_events"]
end

-- A view tree cut down to what the trace shows: class, label, text, screen frame, children; hidden views left out.
-- The host cuts it itself (TraceTree.swift); this is for a host without `fscript.step_events`.
local function slim(node)
  if type(node) ~= "table" or util.truthy(node.isHidden) then return nil end
  local out = { class = tostring(node.class or "?") }
  local label = node.accessibilityLabel
  if type(label) == "string" and label ~= "" then out.label = label end
  for _, key in ipairs({ "text", "placeholder", "title" }) do
    if type(node[key]) == "string" and node[key] ~= "" then out.text = node[key] break end
  end
  local f = node.accessibilityFrame or node.frame
  if type(f) == "table" and type(f.origin) == "table" and type(f.size) == "table" then
    out.frame = { x = tonumber(f.origin.x) or 0, y = tonumber(f.origin.y) or 0, w = tonumber(f.size.width) or 0,
      h = tonumber(f.size.height) or 0 }
  end
  local children = {}
  for _, child in ipairs(type(node.subviews) == "table" and node.subviews or {}) do
    children[#children + 1] = slim(child)
  end
  if #children > 0 then out.children = children end
  return out
end

---Starts recording `case`; the observer hears the app's actions and waits until `finish`.
---@param case fscript.Case
---@param opts {trace: string, every_step: boolean}
---@return fscript.TraceRecorder
function M.begin(case, opts)
  local self = setmetatable({ case = case, mode = opts.trace, every_step = opts.every_step, entries = {},
    open = {}, pictures = {}, picture_index = {}, trees = {}, tree_index = {}, tree_pictures = {},
    started = util.clock(),
    marks = {} }, Recorder)
  local ev = events()
  if ev then
    if ev.forget then ev.forget() end
    -- Requests from before the scenario (the file's own, an earlier scenario's) are not its.
    local _, marks = ev.requests_after(nil)
    self.marks = marks
    ev.observe(function(event) self:hear(event) end)
  end
  return self
end

-- Whether the scenario has used a target that is up and launched: only then is a picture worth taking.
function Recorder:target_ready()
  local app = util.app()
  if not app then return false end
  local ok, calls, down = pcall(function() return app.calls, app.down end)
  if not ok or down then return false end
  local mark = self.case.mark
  if not mark or (mark.app == app and mark.calls == calls) then return false end
  local frank = rawget(_G, "frank")
  if frank and frank.launch_pending and frank.launch_pending() then return false end
  return true
end

-- The index of `value` in `list`, adding it once.
local function keep(list, index, value)
  local at = index[value]
  if not at then
    list[#list + 1] = value
    at = #list
    index[value] = at
  end
  return at
end

-- The values of a call that may fail because the target is slow or gone; a stop (Ctrl-C, the deadline) goes on.
local function try(fn, ...)
  local results = table.pack(pcall(fn, ...))
  if results[1] then return table.unpack(results, 2, results.n) end
  if util.is_fatal(results[2]) then error(results[2], 0) end
  return nil
end

---Takes a picture and a view tree of the target now, when it is ready (else the latest, or nil). A target with a
---change feed that has not changed since the latest picture costs one empty round trip and gives the latest.
---With `reuse`, a target without a change feed gives the latest picture too (a step's "before": the previous
---step's "after"), rather than a second picture per step.
---@param reuse? boolean
---@return fscript.TraceSnapshot?
function Recorder:capture(reuse)
  if not self:target_ready() then return self.last end
  local app = util.app()
  local ev = events()
  local count = ev and ev.change_count and try(ev.change_count, app)
  if self.last and self.last_app == app and ((count and self.last_count == count) or (reuse and not count)) then
    return self.last
  end
  self.last_app, self.last_count = app, count
  local snap = {}
  -- The host gives the tree (cut to what the trace shows, as JSON) and the picture in one go (the simulator's
  -- picture as a number: a tree it draws only if the trace is kept); without it, a dump and a screenshot.
  local text, picture, width, height
  if ev and ev.snapshot then
    text, picture, width, height = try(ev.snapshot, app, self.mode == "on" or self.every_step)
  else
    local tree = try(app.dump, app)
    local cut = type(tree) == "table" and slim(tree) or nil
    if cut then
      text = json.encode(cut)
      if cut.frame then width, height = cut.frame.w, cut.frame.h end
    end
  end
  if text then
    snap.tree = keep(self.trees, self.tree_index, text)
    if width and width > 0 then snap.screen = { w = width, h = height } end
  end
  -- A view tree seen before has its picture already: the screen came back to where it was.
  local seen = snap.tree and self.tree_pictures[snap.tree]
  if seen then
    snap.picture = seen
  else
    if picture == nil and not (ev and ev.snapshot) then picture = try(app.screenshot, app) end
    if type(picture) == "string" and picture ~= "" then
      snap.picture = keep(self.pictures, self.picture_index, picture)
    elseif math.type(picture) == "integer" then
      self.pictures[#self.pictures + 1] = picture
      snap.picture = #self.pictures
    end
    if snap.tree and snap.picture then self.tree_pictures[snap.tree] = snap.picture end
  end
  self.last = snap
  return snap
end

-- The requests every mock received since the last look, as the trace lists them.
function Recorder:new_requests()
  local ev = events()
  if not ev then return {} end
  local entries, marks = ev.requests_after(self.marks)
  self.marks = marks
  local list = {}
  for i, r in ipairs(entries) do
    list[i] = { server = r.server, method = r.method, path = r.path, status = r.status, stub = r.stub,
      near_miss = r.near_miss, time = r.time, body = type(r.body) == "string" and json.valid_utf8(r.body) or nil }
  end
  return list
end

local function open_entry(self, entry)
  entry.start = util.clock() - self.started
  entry.depth = entry.depth or #self.open
  entry.actions, entry.requests, entry.busy = {}, {}, {}
  entry.output_from = #self.case.output + 1
  entry.before = self:capture(true)
  self.entries[#self.entries + 1] = entry
  self.open[#self.open + 1] = entry
end

-- Ends an open entry; `unfinished` (the run stopped inside it) takes no picture and reads no requests, which
-- could only be interrupted again.
local function close_entry(self, entry, status, err, unfinished)
  entry.duration = util.clock() - self.started - entry.start
  entry.status, entry.error = status, err
  if not unfinished then
    entry.after = self:capture()
    -- Requests that arrived during a nested step went to it; the rest are this step's.
    for _, r in ipairs(self:new_requests()) do entry.requests[#entry.requests + 1] = r end
  end
  local output = {}
  for i = entry.output_from, #self.case.output do output[#output + 1] = self.case.output[i] end
  entry.output, entry.output_from = output, nil
  for i = #self.open, 1, -1 do
    if self.open[i] == entry then table.remove(self.open, i) break end
  end
end

---A step starts (`fscript.session` calls it with the step's record).
---@param result fscript.StepResult
function Recorder:step_begin(result)
  local entry = { kind = "step", keyword = result.keyword, text = result.text, where = result.where }
  result.trace_entry = entry
  open_entry(self, entry)
end

---A step ended; `result` has its status and error.
---@param result fscript.StepResult
function Recorder:step_end(result)
  local entry = result.trace_entry
  result.trace_entry = nil
  if entry then close_entry(self, entry, result.status, result.error) end
end

local function shown_action(event)
  local arg = event.selector or event.text
  return ("app:%s(%s)"):format(event.action, arg and util.quote(arg) or "")
end

---What Swift reports: `action_begin` / `action_end` around an `app:` action, `busy` while a wait waits.
---@param event table
function Recorder:hear(event)
  local top = self.open[#self.open]
  if event.event == "action_begin" then
    local action = { action = event.action, selector = event.selector, text = event.text, frame = event.frame,
      start = util.clock() - self.started }
    if top then
      top.actions[#top.actions + 1] = action
      self.acting = { action = action }
    else
      -- An action outside any step (plain Lua in a scenario) is a step of its own.
      local entry = { kind = "action", text = shown_action(event) }
      open_entry(self, entry)
      entry.actions[1] = action
      self.acting = { action = action, entry = entry }
    end
  elseif event.event == "action_end" and self.acting then
    local acting = self.acting
    self.acting = nil
    acting.action.duration, acting.action.error = event.duration, event.error
    if acting.entry then close_entry(self, acting.entry, event.error and "failed" or "passed", event.error) end
  elseif event.event == "busy" and top and type(event.reasons) == "table" then
    top.busy[#top.busy + 1] = event.reasons
  end
end

---Stops hearing the app's actions, before the scenario's mocks stop; a step still open (the run stopped inside
---it) ends here, failed.
function Recorder:stop_observing()
  local ev = events()
  if ev then ev.observe(nil) end
  while #self.open > 0 do close_entry(self, self.open[#self.open], "failed", "did not finish", true) end
end

---Whether the trace saw nothing of an app or a mock: no view tree, no action, no request (a scenario of plain
---Lua); such a trace is not written, as no failure artifacts are for it.
---@return boolean
function Recorder:saw_nothing()
  if #self.trees > 0 then return false end
  for _, entry in ipairs(self.entries) do
    if #entry.actions > 0 or #entry.requests > 0 then return false end
  end
  return true
end

---Drops what the recorder kept in the host (the trees it did not draw): for a trace nobody keeps, or once the
---model is written.
function Recorder:discard()
  self:stop_observing()
  local ev = events()
  if ev and ev.forget then ev.forget() end
end

---The trace's model (JSON-ready) for `fscript.trace.file`, once the case has finished. Its pictures are PNG bytes,
---or the host's numbers of the pictures put off until now, which the host's trace writer draws on its own thread;
---with `bytes` they are drawn now (a filmstrip writes them itself). Call `discard` once the model is written.
---@param bytes? boolean
---@return table model
function Recorder:model(bytes)
  self:stop_observing()
  local ev = events()
  if bytes then
    for i, picture in ipairs(self.pictures) do
      if math.type(picture) == "integer" then self.pictures[i] = ev and try(ev.draw, picture) or "" end
    end
  end
  local case = self.case
  local f = case.failure
  return { version = 1, scenario = case.name, tags = case.tags, status = case.status, duration = case.duration,
    error = f and (f.step and (f.step .. ": " .. f.message) or f.message) or nil, where = f and f.where or nil,
    steps = self.entries, pictures = self.pictures, trees = self.trees }
end

---Whether `mode` keeps the trace of a case that ended with `status`.
---@param mode string
---@param status string
---@return boolean
function M.keeps(mode, status)
  return mode == "on" or (mode == "retain-on-failure" and status == "failed")
end

return M
