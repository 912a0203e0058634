---A trace file: one HTML page per scenario (`ARTIFACTS/FILE/SCENARIO/trace.html`) holding the viewer and the
---trace as JSON, `{"trace": {…}, "pictures": [base64 PNG, …], "trees": [view tree, …]}`, so it opens offline and
---`fscript show-trace` and the HTML report read it back.
local json = require("fscript.json")
local util = require("fscript.util")
local viewer = require("fscript.report.trace_html")

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

---The JSON of a recorder's model (fscript.trace.recorder `stop`): the trees are JSON already, the pictures bytes.
---@param model table
---@return string
function M.encode(model)
  local encoded = {}
  for i, png in ipairs(model.pictures) do encoded[i] = '"' .. (png ~= "" and util.base64(png) or "") .. '"' end
  return ('{"trace":%s,"pictures":[%s],"trees":[%s]}'):format(encode_trace(model), table.concat(encoded, ","),
    table.concat(model.trees, ","))
end

-- The host's trace writer (fscript.step_events, TraceWriter.swift), or nil under a host without one.
local function host_writer()
  local events = package.loaded["fscript.step_events"]
  return events and events.write_trace and events
end

---Writes the trace page to `path`, creating its folder. With the host's writer the page is put together and
---written on a thread of its own (`M.flush` waits for it and says what failed); else at once.
---@param path string
---@param model table
---@return boolean? ok
---@return string? err
function M.write(path, model)
  local writer = host_writer()
  if writer then
    local ok, err = pcall(function()
      local before, after = viewer.page_around(model.scenario or "?")
      writer.write_trace(path, before, encode_trace(model), model.pictures, model.trees, after)
    end)
    if not ok then return nil, tostring(err) end
    return true
  end
  local dir = path:match("^(.*)/[^/]*$")
  if dir then
    local made, err = util.mkdir(dir)
    if not made then return nil, err or ("cannot create " .. dir) end
  end
  return util.write_file(path, viewer.page(model.scenario or "?", M.encode(model)))
end

---Waits until every trace page handed to the host's writer is on disk; the ones that could not be written, each
---`{path = …, why = …}`.
---@return {path: string, why: string}[]
function M.flush()
  local writer = host_writer()
  if not writer then return {} end
  return writer.flush_traces()
end

local OPEN = '<script type="application/json" class="fs-trace-data">'

---Reads a trace page back: its JSON text and the decoded trace, or nil and what is wrong with the file.
---@param path string
---@return string? data
---@return string|table err_or_trace
function M.read(path)
  local text = util.read_file(path)
  if not text then return nil, ("cannot read %s: no such file (or not readable)"):format(path) end
  local from = text:find(OPEN, 1, true)
  local to = from and text:find("</script>", from + #OPEN, true)
  if not (from and to) then
    return nil, ("%s is not an fscript trace (no trace data in it; traces are the trace.html files --trace "
      .. "writes under the artifacts folder)"):format(path)
  end
  local data = text:sub(from + #OPEN, to - 1):gsub("<\\/", "</")
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
  return data, trace
end

return M
