-- Spec: fscript's Gherkin parser against the official parser's own test data (../shared/gherkin, see its README):
-- every good file parses into the reference pickles (names, language, locations, tags, step texts and types after
-- Background and Outline expansion, data tables, doc strings), every bad file fails at the reference error
-- positions, and fscript's built-in keywords for en, de, zh-CN and zh-TW are the reference ones.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")
local gherkin = require("fscript.gherkin.parser")

local shared = require("fixtures.shared_data").folder(here, "gherkin", "gherkin_conformance_spec")
if not shared then return end
local function read(path)
  local f = assert(io.open(path, "rb"), "cannot open " .. path .. " (../shared must sit beside the clone)")
  local text = f:read("a")
  f:close()
  return text
end
local function list(dir, suffix)
  local names = {}
  local p = assert(io.popen("ls '" .. dir .. "'"))
  for name in p:lines() do
    if name:sub(-#suffix) == suffix then names[#names + 1] = name end
  end
  p:close()
  table.sort(names)
  return names
end

local reference = assert(json.decode(read(shared .. "gherkin-languages.json")))
for code, ours in pairs(gherkin.languages) do
  for _, key in ipairs({ "feature", "rule", "background", "scenario", "scenarioOutline", "examples", "given", "when",
    "then", "and", "but" }) do
    check.equal(json.encode(reference[code][key]), json.encode(ours[key]),
      ("language %s: %s keywords"):format(code, key))
  end
end

-- The reference pickle reduced to what fscript must agree on.
local function expected_pickle(p)
  local steps = {}
  for i, s in ipairs(p.steps) do
    local step = { text = s.text, type = s.type }
    if s.argument and s.argument.dataTable then
      local rows = {}
      for r, row in ipairs(s.argument.dataTable.rows) do
        local cells = {}
        for c, cell in ipairs(row.cells) do cells[c] = cell.value end
        rows[r] = cells
      end
      step.data_table = rows
    end
    if s.argument and s.argument.docString then
      step.doc_string = { content = s.argument.docString.content, media_type = s.argument.docString.mediaType }
    end
    steps[i] = step
  end
  local tags = {}
  for i, t in ipairs(p.tags) do tags[i] = t.name end
  return { name = p.name, language = p.language, line = p.location.line, column = p.location.column, tags = tags,
    steps = steps }
end

local function our_pickle(p)
  local steps = {}
  for i, s in ipairs(p.steps) do
    steps[i] = { text = s.text, type = s.type, data_table = s.data_table,
      doc_string = s.doc_string and { content = s.doc_string.content, media_type = s.doc_string.media_type } }
  end
  return { name = p.name, language = p.language, line = p.line, column = p.column, tags = p.tags, steps = steps }
end

local good = list(shared .. "testdata/good", ".feature")
check.equal(true, #good >= 50, "the good files are there (" .. #good .. ")")
for _, name in ipairs(good) do
  local path = shared .. "testdata/good/" .. name
  local doc, errors = gherkin.parse(read(path), { languages = reference })
  local messages = {}
  for _, e in ipairs(errors) do messages[#messages + 1] = ("%d:%d: %s"):format(e.line, e.column, e.message) end
  check.equal("", table.concat(messages, "; "), name .. " parses")
  local pickles_file = io.open(path .. ".pickles.ndjson") or io.open(path .. ".pickes.ndjson")
  local want = {}
  for line in pickles_file:lines() do
    if line ~= "" then want[#want + 1] = json.encode(expected_pickle(json.decode(line).pickle), { indent = " " }) end
  end
  pickles_file:close()
  local got = {}
  for i, p in ipairs(gherkin.pickles(doc)) do got[i] = json.encode(our_pickle(p), { indent = " " }) end
  check.equal(table.concat(want, "\n"), table.concat(got, "\n"), name .. " pickles")
end

local bad = list(shared .. "testdata/bad", ".feature")
check.equal(true, #bad >= 10, "the bad files are there (" .. #bad .. ")")
for _, name in ipairs(bad) do
  local path = shared .. "testdata/bad/" .. name
  local _, errors = gherkin.parse(read(path), { languages = reference })
  local want, got = {}, {}
  for line in io.lines(path .. ".errors.ndjson") do
    if line ~= "" then
      local location = json.decode(line).parseError.source.location
      want[#want + 1] = ("%d:%d"):format(location.line, location.column or 0)
    end
  end
  for _, e in ipairs(errors) do got[#got + 1] = ("%d:%d"):format(e.line, e.column) end
  check.equal(table.concat(want, " "), table.concat(got, " "), name .. " fails where the reference parser fails")
end

check.finish("gherkin_conformance_spec")
