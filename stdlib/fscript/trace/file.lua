---A trace file: one HTML page per scenario (`ARTIFACTS/FILE/SCENARIO/trace.html`) holding the viewer and the
---trace as JSON, `{"trace": {…}, "pictures": [base64 PNG, …], "trees": [view tree, …]}`, so it opens offline and
---`fscript show-trace` and the HTML report read it back.
local json = require("fscript.json")
local util = require("fscript.util")
local viewer = require("fscript.trace.viewer")

local M = {}

---The trace format this version writes and reads.
M.VERSION = 1

-- The JSON of a model without its pictures and trees.
local function encode_trace(model)
  local pictures, trees = model.pictures, model.trees
  model.pictures, model.trees = nil, nil
  local ok, head = pcall(json.encode, model)
  model.pictures, model.trees = pictures, trees
  if not ok then error(head, 0) end
  return head
end

-- The host's trace writer (fscript.step_events, TraceWriter.swift).
local function host_writer()
  local events = package.loaded["fscript.step_events"]
  if not (events and events.write_trace) then
    error("fscript.trace.file: this host has no trace writer (fscript.step_events.write_trace)", 2)
  end
  return events
end

---Hands the trace page for `path` to the host's writer, which puts it together (the trees are JSON already, the
---pictures PNG bytes or the host's numbers of pictures it draws), creates its folder and writes it on a thread of
---its own; `M.flush` waits for it and says what failed.
---@param path string
---@param model table
---@return boolean? ok
---@return string? err
function M.write(path, model)
  local ok, err = pcall(function()
    local before, after = viewer.page_around(model.scenario or "?")
    host_writer().write_trace(path, before, encode_trace(model), model.pictures, model.trees, after)
  end)
  if not ok then return nil, tostring(err) end
  return true
end

---Waits until every trace page handed to the writer is on disk; the ones that could not be written, each
---`{path = …, why = …}`. A stop while it waits (Ctrl-C, SIGTERM) is raised; `M.abandon` then says which pages
---were not written.
---@return {path: string, why: string}[]
function M.flush()
  return host_writer().flush_traces()
end

---After a flush that was stopped: the pages not written (failed, or still waiting), at once.
---@return {path: string, why: string}[]
function M.abandon()
  return host_writer().abandon_traces()
end

local OPEN = '<script type="application/json" class="fs-trace-data">'

---Reads a trace page back (a regular file under `util.INPUT_LIMIT`): its JSON text, the decoded trace and the
---JSON made safe inside a `<script>` element (every `<` written `\u003c`, the same JSON), for the HTML report
---to embed, whatever the page held; or nil and what is wrong with the file.
---@param path string
---@return string? data
---@return string|table err_or_trace
---@return string? raw
function M.read(path)
  local text, why = util.read_input(path)
  if not text then return nil, tostring(why) end
  local from = text:find(OPEN, 1, true)
  local to = from and text:find("</script>", from + #OPEN, true)
  if not (from and to) then
    return nil, ("%s is not an fscript trace (no trace data in it; traces are the trace.html files --trace "
      .. "writes under the artifacts folder)"):format(path)
  end
  local raw = text:sub(from + #OPEN, to - 1)
  local data = raw:gsub("<\\/", "</")
  local ok, decoded = pcall(json.decode, data)
  if not ok or type(decoded) ~= "table" or type(decoded.trace) ~= "table" then
    return nil, ("%s: the trace data is not valid JSON (%s)"):format(path,
      ok and "no trace object" or tostring(decoded))
  end
  local trace = decoded.trace
  if trace.version ~= M.VERSION then
    return nil, ("%s: trace version %s, this fscript reads version %d"):format(path, tostring(trace.version), M.VERSION)
  end
  if type(trace.steps) ~= "table" or type(decoded.pictures) ~= "table" then
    return nil, ("%s: the trace has no steps or pictures list"):format(path)
  end
  -- The page's own text is not trusted: a crafted `<!--<script>` in it would swallow the report's next element.
  -- In valid JSON a `<` can only be inside a string, where `\u003c` means the same.
  return data, trace, (data:gsub("<", "\\u003c"))
end

---The trace section of the HTML report for a case with a trace file, or a note when the file cannot be read.
---@param path string
---@return string
function M.embed(path)
  local data, err, raw = M.read(path)
  if not data then return viewer.section(path, nil, err) end
  return viewer.section(path, raw)
end

return M
