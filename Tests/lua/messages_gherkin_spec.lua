-- Spec: the source, gherkinDocument and pickle messages fscript writes for a feature file are cucumber's own,
-- field for field: against every sample of the Cucumber Compatibility Kit (its expected .ndjson, ids renamed in
-- order of first appearance on both sides) and against the official parser's pickles for each good file of
-- ../shared/gherkin (ids and all: the ids are handed out in cucumber's order, so they are the same numbers),
-- each paired with the runner's pickle at the same index, as the message writer pairs them.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. here .. "../cck/?.lua;" .. package.path
local check = require("fixtures.check")
local gherkin = require("fscript.gherkin.parser")
local gm = require("fscript.events.gherkin")
local renamer = require("ids").renamer

local function read(path)
  local f = assert(io.open(path, "rb"), "cannot open " .. path)
  local text = f:read("a")
  f:close()
  return text
end
local function list(dir)
  local names = {}
  local p = assert(io.popen("ls '" .. dir .. "' 2>/dev/null"))
  for name in p:lines() do names[#names + 1] = name end
  p:close()
  table.sort(names)
  return names
end
local function counter()
  local next_id = 0
  return function()
    next_id = next_id + 1
    return tostring(next_id - 1)
  end
end
local function show(message)
  return json.encode(message, { indent = " " })
end

-- The Compatibility Kit's samples, from the installed package (scripts/install --test-deps installs it).
local finder = io.popen("python3 -c 'import cucumber_compatibility_kit as k, os; print(os.path.dirname(k.__file__))'"
  .. " 2>/dev/null")
local kit = finder and finder:read("l")
if finder then finder:close() end
if not kit or kit == "" then
  print("messages_gherkin_spec: SKIPPED the Compatibility Kit part: the PyPI package cucumber-compatibility-kit is "
    .. "not installed (scripts/install --test-deps installs it)")
else
  local samples = list(kit .. "/features")
  check.equal(49, #samples, "the kit has its 49 samples")
  local files = 0
  for _, sample in ipairs(samples) do
    local dir = kit .. "/features/" .. sample .. "/"
    -- The expected messages of each feature file, by uri, in stream order.
    local expected = {}
    for line in io.lines(dir .. sample .. ".ndjson") do
      local m = json.decode(line)
      local body = m.source or m.gherkinDocument or m.pickle
      if body then
        expected[body.uri] = expected[body.uri] or {}
        table.insert(expected[body.uri], m)
      end
    end
    local ids = counter()
    for _, name in ipairs(list(dir)) do
      if name:match("%.feature$") or name:match("%.feature%.md$") then
        files = files + 1
        local uri = "samples/" .. sample .. "/" .. name
        local want, got = {}, {}
        local rename = renamer()
        for i, m in ipairs(expected[uri] or {}) do want[i] = show(rename(m)) end
        rename = renamer()
        local ok, envelopes = pcall(gm.envelopes, uri, read(dir .. name), ids)
        if not ok then
          check.fail(uri .. ": envelopes raised", tostring(envelopes))
        else
          for i, m in ipairs(envelopes) do got[i] = show(rename(json.decode(json.encode(m)))) end
          check.equal(#want, #got, uri .. ": as many messages")
          for i = 1, math.max(#want, #got) do
            check.equal(want[i], got[i], ("%s: message %d"):format(uri, i))
          end
        end
      end
    end
  end
  check.equal(true, files >= 50, "every feature file of the kit was read (" .. files .. ")")
end

-- A row that expands a text past the limit: the document, then a parse error at the row; no pickles.
local runaway = "Feature: f\n  Scenario Outline: o\n    Given " .. ("<a>"):rep(2000)
  .. "\n    Examples:\n      | a |\n      | " .. ("x"):rep(1000) .. " |\n"
local runaway_envelopes, runaway_pickles = gm.envelopes("runaway.feature", runaway, counter())
check.equal("source gherkinDocument parseError", (function()
  local kinds = {}
  for i, m in ipairs(runaway_envelopes) do kinds[i] = next(m) end
  return table.concat(kinds, " ")
end)(), "a runaway expansion ends the messages with a parse error")
check.equal(6, runaway_envelopes[3].parseError.source.location.line, "at the row")
check.equal(0, #runaway_pickles, "and no pickles")

-- The official parser's pickles, whole.
local shared = require("fixtures.shared_data").folder(here, "gherkin",
  "messages_gherkin_spec (the official pickles part)")
if not shared then
  check.finish("messages_gherkin_spec")
  return
end
local reference = assert(json.decode(read(shared .. "gherkin-languages.json")))
local good = 0
for _, name in ipairs(list(shared .. "testdata/good")) do
  local path = shared .. "testdata/good/" .. name
  local pickles_file = name:match("%.feature$")
    and (io.open(path .. ".pickles.ndjson") or io.open(path .. ".pickes.ndjson"))
  if pickles_file then
    good = good + 1
    local want = {}
    for line in pickles_file:lines() do
      if line ~= "" then want[#want + 1] = show(json.decode(line)) end
    end
    pickles_file:close()
    local uri = "../testdata/good/" .. name
    local text = read(path)
    local envelopes, ids = gm.envelopes(uri, text, counter(), { languages = reference })
    local got = {}
    for _, m in ipairs(envelopes) do
      if m.pickle then got[#got + 1] = show(json.decode(json.encode(m))) end
    end
    check.equal(table.concat(want, "\n"), table.concat(got, "\n"), name .. ": pickle messages")
    -- The runner's pickles, in the same order: the message writer pairs each case (`case.pickle_index`) with
    -- the pickle message at that index, and each of its steps with the step id at the same position.
    local runner_pickles = gherkin.pickles((gherkin.parse(text, { languages = reference })))
    local pairs_up = #runner_pickles == #ids
    local by_id = {}
    for _, m in ipairs(envelopes) do
      if m.pickle then by_id[m.pickle.id] = m.pickle end
    end
    for i, p in ipairs(runner_pickles) do
      local message = ids[i] and by_id[ids[i].id]
      if not message or message.name ~= p.name or #message.steps ~= #p.steps or #ids[i].steps ~= #p.steps then
        pairs_up = false
      else
        for s, step in ipairs(p.steps) do
          if message.steps[s].text ~= step.text or message.steps[s].id ~= ids[i].steps[s] then pairs_up = false end
        end
      end
    end
    check.truthy(pairs_up, name .. ": the runner's pickles pair up with the pickle messages, step by step")
  end
end
check.equal(true, good >= 50, "the good files are there (" .. good .. ")")

check.finish("messages_gherkin_spec")
